-- Cheaper writes on the inbound path (issue 4, bench/inbound.ts): every inbound message updates its
-- ticket (preview, unread count), so ticket updates must be cheap.

-- updated_at changes on every update: in an index it forbids HOT updates, and each message then wrote a
-- new entry into every index of tickets. Lists sort the few live tickets of a status after the lookup.
drop index if exists tickets_company_status_idx;
create index tickets_company_status_idx on tickets (company_id, status);
-- Room on each page for the new row versions of HOT updates.
alter table tickets set (fillfactor = 80);

-- The change capture no longer computes the changed columns of an update row by row: the sequencer
-- computes them for a whole batch after commit (sync/server/sequencer.ts), off the writer's path and in
-- one set-based statement. An update that changes nothing is still dropped here.
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
begin
  if tg_op <> 'DELETE' then n := to_jsonb(new) - drop_cols; end if;
  if tg_op <> 'INSERT' then o := to_jsonb(old) - drop_cols; end if;
  if tg_op = 'UPDATE' and n = o then return null; end if;
  insert into sync_log (xid, company_id, relation, op, new, old)
  values (
    txid_current(),
    case when company_col = '' then null else (coalesce(n, o) ->> company_col)::integer end,
    tg_table_name,
    lower(tg_op),
    n,
    o
  );
  -- One wake-up per transaction is enough for the sequencers of other processes.
  if current_setting('balcao.sync_notified', true) is distinct from 'on' then
    perform pg_notify('balcao_sync_pending', '');
    perform set_config('balcao.sync_notified', 'on', true);
  end if;
  return null;
end
$$;
