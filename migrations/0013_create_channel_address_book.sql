-- What each WhatsApp connection's phone knows of people: its address book (Baileys contacts.upsert and
-- the contacts of a history sync) and its chat list (chats.upsert, the chats of a history sync). Filled
-- by the channel host's inbound pipeline; read by POST /contacts/import and /contacts/import/chats, which
-- turn it into contacts. Keyed by the phone's identity: the number, or 'lid:<lid>' for a person WhatsApp
-- gives only by LID (its number comes from whatsapp_lid_map when known). Not synced: configuration data.
create table channel_address_book (
  company_id integer not null references companies(id) on delete cascade,
  whatsapp_id integer not null references whatsapps(id) on delete cascade,
  key text not null,
  number text,
  lid text,
  name text not null default '',
  in_contacts boolean not null default false,
  in_chats boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (whatsapp_id, key)
);
create index channel_address_book_company_idx on channel_address_book (company_id);
select app_enable_tenancy('channel_address_book');
