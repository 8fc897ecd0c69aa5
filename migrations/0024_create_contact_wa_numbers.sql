-- The number WhatsApp itself answered for a contact (onWhatsApp), when it differs or was never checked
-- (issue 15 item 6): Brazilian numbers are stored with the ninth digit, but older accounts in area codes
-- 31 and up are registered without it. Resolved before the first send to a contact without a LID and used
-- from then on. Kept beside contacts (not a synced column): only the channel host reads it.
create table contact_wa_numbers (
  contact_id integer primary key references contacts(id) on delete cascade,
  company_id integer not null references companies(id) on delete cascade,
  wa_number text not null,
  checked_at timestamptz not null default now()
);
create index contact_wa_numbers_company_idx on contact_wa_numbers (company_id);
select app_enable_tenancy('contact_wa_numbers');
