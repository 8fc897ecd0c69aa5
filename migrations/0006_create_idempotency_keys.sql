-- Answers to writes that carried an Idempotency-Key header (server/middleware/idempotency.ts).
-- The PWA's outbox sends every queued write with one, so a write replayed after a lost answer gets the
-- stored answer instead of running twice. The row is claimed before the handler runs and completed in
-- the same transaction as the write, so the stored answer commits exactly when the write does.
-- Rows are purged after 7 days (workers/scheduler.ts, purge-idempotency-keys).

create table idempotency_keys (
  company_id integer not null references companies(id) on delete cascade,
  user_id integer not null,
  key text not null check (length(key) between 1 and 200),
  method text not null,
  path text not null,
  -- sha256 of method, path with query and body: the same key with another request is refused (422)
  request_hash text not null,
  -- null only inside the transaction that claimed the key, while its handler runs
  status integer,
  -- the answer as sent: JSON bodies as they are, other bodies as a JSON string (see response_type)
  response_body jsonb,
  response_type text,
  -- the 32-bit transaction id of the write (x-txid), replayed with the answer
  txid bigint,
  created_at timestamptz not null default now(),
  primary key (company_id, user_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
select app_enable_tenancy('idempotency_keys');
