-- The change log behind GET /v1/shape (shared/electric-protocol.md §8.2).
--
-- Writers never wait for each other: a trigger appends each row change with the writer's transaction
-- id and no position. After commit, one sequencer at a time (server: sync/server/sequencer.ts) gives
-- every committed, unpositioned transaction the next position `seq`, so positions follow the order in
-- which transactions became visible. A reader serves only positioned entries; a change that commits
-- later always gets a higher seq than any position already served (pglite-sync drops lsn <= what it saw).

create table sync_clock (
  id integer primary key check (id = 1),
  -- last seq handed out; everything at or below it is positioned and visible
  n bigint not null default 0,
  -- entries below this seq were purged: readers behind it must refetch (409)
  floor bigint not null default 0
);
insert into sync_clock (id, n, floor) values (1, 0, 0);

create table sync_log (
  id bigint generated always as identity primary key,
  seq bigint,
  op_pos integer,
  xid bigint not null,
  company_id integer,
  relation text not null,
  op text not null check (op in ('insert', 'update', 'delete')),
  new jsonb,
  old jsonb,
  changed text[],
  created_at timestamptz not null default now()
);
create index sync_log_unsequenced_idx on sync_log (id) where seq is null;
create index sync_log_read_idx on sync_log (relation, company_id, seq, op_pos) where seq is not null;
create index sync_log_seq_idx on sync_log (seq) where seq is not null;

-- One row per shape handle: a snapshot taken for one shape definition. Handles are never reused.
create table sync_handles (
  handle text primary key,
  def_hash text not null,
  relation text not null,
  company_id integer,
  -- the snapshot saw every entry with seq <= snapshot_seq, plus these committed-but-unpositioned
  -- transactions, whose entries the log then skips for this handle
  snapshot_seq bigint not null,
  snapshot_xids bigint[] not null default '{}',
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now()
);
create index sync_handles_used_idx on sync_handles (last_used_at);

-- Appends a row change. Arguments: the column holding the company (or '' for global tables), then
-- columns never copied into the log (secrets, derived search vectors).
create or replace function sync_capture() returns trigger
  language plpgsql
  security definer
  set search_path = public
  as $$
declare
  company_col text := tg_argv[0];
  drop_cols text[] := coalesce(string_to_array(nullif(tg_argv[1], ''), ','), '{}');
  n jsonb;
  o jsonb;
  changed text[];
begin
  if tg_op <> 'DELETE' then n := to_jsonb(new) - drop_cols; end if;
  if tg_op <> 'INSERT' then o := to_jsonb(old) - drop_cols; end if;
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(k.key order by k.key), '{}') into changed
      from jsonb_each(n) k where k.value is distinct from o -> k.key;
    if cardinality(changed) = 0 then return null; end if;
  end if;
  insert into sync_log (xid, company_id, relation, op, new, old, changed)
  values (
    txid_current(),
    case when company_col = '' then null else (coalesce(n, o) ->> company_col)::integer end,
    tg_table_name,
    lower(tg_op),
    n,
    o,
    changed
  );
  -- One wake-up per transaction is enough for the sequencers of other processes.
  if current_setting('balcao.sync_notified', true) is distinct from 'on' then
    perform pg_notify('balcao_sync_pending', '');
    perform set_config('balcao.sync_notified', 'on', true);
  end if;
  return null;
end
$$;

create or replace function sync_attach(tbl regclass, company_col text, drop_cols text default '') returns void
  language plpgsql
  as $$
begin
  execute format('drop trigger if exists sync_capture on %s', tbl);
  execute format(
    'create trigger sync_capture after insert or update or delete on %s for each row execute function sync_capture(%L, %L)',
    tbl, company_col, drop_cols);
end
$$;

-- The synced tables (sync/shapes.ts is the catalogue; a test checks both lists agree).
select sync_attach('companies', 'id');
select sync_attach('users', 'company_id', 'password_hash');
select sync_attach('queues', 'company_id');
select sync_attach('user_queues', 'company_id');
select sync_attach('whatsapps', 'company_id', 'channel_config,token');
select sync_attach('whatsapp_queues', 'company_id');
select sync_attach('company_settings', 'company_id');
select sync_attach('contacts', 'company_id');
select sync_attach('contact_custom_fields', 'company_id');
select sync_attach('tags', 'company_id');
select sync_attach('contact_tags', 'company_id');
select sync_attach('tickets', 'company_id');
select sync_attach('ticket_tags', 'company_id');
select sync_attach('ticket_notes', 'company_id');
select sync_attach('messages', 'company_id', 'body_tsv');
select sync_attach('quick_messages', 'company_id');
