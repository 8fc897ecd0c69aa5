-- Who deleted which conversation and when (issue 15 item 18). Deleting a ticket takes its messages and
-- logs with it (on delete cascade), so this record keeps no foreign key to the ticket: it outlives it.
-- The names are copied so the record still reads after the user or the contact is gone. Not synced.
create table ticket_deletions (
  id bigserial primary key,
  company_id integer not null references companies(id) on delete cascade,
  ticket_id integer not null,
  ticket_uuid uuid not null,
  status text not null,
  contact_id integer references contacts(id) on delete set null,
  contact_name text not null default '',
  contact_number text not null default '',
  whatsapp_id integer references whatsapps(id) on delete set null,
  queue_id integer references queues(id) on delete set null,
  message_count integer not null default 0,
  deleted_by integer references users(id) on delete set null,
  deleted_by_name text not null default '',
  deleted_at timestamptz not null default now()
);
create index ticket_deletions_company_idx on ticket_deletions (company_id, deleted_at desc);
select app_enable_tenancy('ticket_deletions');
