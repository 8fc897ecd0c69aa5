import { SYNCED_TABLES } from './schema.generated.ts'

/**
 * Local-only state of the browser database, next to the synced tables and never in migrations/
 * (STYLE "Sync"). pglite-sync owns the synced tables (it may empty one on must-refetch), so optimistic
 * state lives apart, keyed by the outbox write id, and queries merge it in (optimistic.ts).
 *
 * - local_writes: one row per write the user made that the synced tables do not show yet, with the
 *   STYLE's local-only columns: `client_id` (= outbox id = Idempotency-Key), `pending` (no answer yet),
 *   `error` (the server refused it: the UI offers retry or discard). After a 2xx answer the row keeps
 *   the answer's `txid` and goes away once the shape stream has delivered and committed that txid.
 * - synced_txids: the transaction ids the shape stream delivered (pglite-sync committed), kept an hour
 *   so that an answer arriving after its change still finds it.
 * - `_fix` on every synced table, with the trigger that decodes the values csv-safe.ts had to encode.
 * - indexes the UI's list queries need on synced tables.
 */
export const LOCAL_TABLES = ['local_writes', 'synced_txids'] as const

export const LOCAL_TABLES_DDL = `
create table if not exists local_writes (
  client_id text primary key,
  table_name text not null,
  op text not null check (op in ('insert', 'update', 'delete')),
  -- primary key of the target row as JSON ({"id": 5}); for an insert, filled from the server's answer
  row_key jsonb,
  -- the optimistic row (insert) or the changed columns (update), snake_case like the synced table
  value jsonb not null default '{}'::jsonb,
  pending boolean not null default true,
  error text,
  txid bigint,
  answered_at timestamptz,
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists local_writes_target_idx on local_writes (table_name, row_key);
create index if not exists local_writes_txid_idx on local_writes (txid) where txid is not null;

create table if not exists synced_txids (
  txid bigint primary key,
  synced_at timestamptz not null default now()
);

-- A delivered txid drops the writes it answered; a txid recorded after its delivery drops its write at once.
create or replace function local_writes_drop_synced() returns trigger language plpgsql as $$
begin
  delete from local_writes where txid = new.txid;
  return null;
end $$;
drop trigger if exists synced_txids_drop_writes on synced_txids;
create trigger synced_txids_drop_writes after insert on synced_txids
  for each row execute function local_writes_drop_synced();

create or replace function local_writes_drop_if_synced() returns trigger language plpgsql as $$
begin
  if new.txid is not null and exists (select 1 from synced_txids where txid = new.txid) then
    delete from local_writes where client_id = new.client_id;
  end if;
  return null;
end $$;
drop trigger if exists local_writes_answered on local_writes;
create trigger local_writes_answered after insert or update of txid on local_writes
  for each row execute function local_writes_drop_if_synced();

-- Merges a row's pending updates in order: jsonb_merge_agg(value order by created_at).
create or replace aggregate jsonb_merge_agg(jsonb) (sfunc = jsonb_concat, stype = jsonb, initcond = '{}');

-- Rows written encoded for pglite-sync's CSV path (csv-safe.ts): _fix names the columns to decode.
create or replace function sync_unfix() returns trigger language plpgsql as $$
declare
  col text;
  patch jsonb := '{}'::jsonb;
begin
  foreach col in array string_to_array(new._fix, ',') loop
    patch := patch || jsonb_build_object(col, (to_jsonb(new) ->> col)::jsonb #>> '{}');
  end loop;
  new := jsonb_populate_record(new, patch);
  new._fix := null;
  return new;
end $$;
${SYNCED_TABLES.map(
  (t) => `alter table "${t}" add column if not exists "_fix" text;
drop trigger if exists "${t}_unfix" on "${t}";
create trigger "${t}_unfix" before insert or update on "${t}" for each row when (new."_fix" is not null) execute function sync_unfix();`,
).join('\n')}

-- List queries of the UI (ticket list by status and recency, a ticket's messages, contacts by name).
create index if not exists tickets_status_updated_idx on tickets (status, updated_at desc);
create index if not exists tickets_contact_idx on tickets (contact_id);
create index if not exists messages_ticket_created_idx on messages (ticket_id, created_at);
-- Partial: almost every row has neither, and a first load of 100k messages should not index 100k nulls.
create index if not exists messages_client_idx on messages (client_id) where client_id is not null;
create index if not exists messages_quoted_idx on messages (quoted_msg_id) where quoted_msg_id is not null;
create index if not exists contacts_name_idx on contacts (name);
`

/**
 * Indexes added after LOCAL_TABLES_DDL was first shipped: applied to built databases without a rebuild
 * (schema.ts "additions"), since changing LOCAL_TABLES_DDL drops local_writes.
 */
export const LOCAL_INDEXES_DDL = `
-- The chat header finds its ticket by the uuid in the address.
create index if not exists tickets_uuid_idx on tickets (uuid);
-- The list's order (newest first, no date last): a page of a tab is read from the index.
create index if not exists tickets_status_recent_idx on tickets (status, updated_at desc nulls last, id desc);
create index if not exists tickets_recent_idx on tickets (updated_at desc nulls last, id desc);
`

/** Changes whenever LOCAL_TABLES_DDL does (FNV-1a, synchronous: the worker needs no crypto for it). */
export const LOCAL_TABLES_VERSION = fnv1a(LOCAL_TABLES_DDL)

export function fnv1a(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(16).padStart(8, '0')
}
