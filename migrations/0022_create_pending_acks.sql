-- Acks that arrived by webhook (Cloud API, Messenger, Instagram) before the send that they report had
-- committed its channel id (issue 15 item 5): held here and applied as soon as the message carries the id,
-- instead of being dropped (a lost 'failed' showed the message as sent). Purged after an hour. Not synced.
create table pending_acks (
  company_id integer not null references companies(id) on delete cascade,
  whatsapp_id integer not null references whatsapps(id) on delete cascade,
  wid text not null,
  ack smallint not null,
  error text,
  received_at timestamptz not null default now(),
  primary key (whatsapp_id, wid, ack)
);
create index pending_acks_received_idx on pending_acks (received_at);
select app_enable_tenancy('pending_acks');
