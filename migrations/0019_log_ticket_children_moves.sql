-- Messages, notes and ticket tags reach those who may see their ticket (sync/shapes.ts, viaTicket), so
-- their shapes change when the *ticket* changes: a transfer, an accept, a queue change or the group flag
-- brings a ticket's children into some users' shapes and takes them out of others'
-- (docs/decisions.md "Moves: a ticket's children follow it"). Two things make that exact:
--
-- 1. Each change of a child row is logged with its ticket's visibility columns at that moment (parent,
--    and parent_old when the row changed ticket), read under a row lock on the ticket. A child write and
--    a ticket move therefore never run side by side: whichever takes the ticket first, the other sees its
--    result, and the sequencer positions them in that order.
-- 2. A ticket whose visibility columns change logs one 'move' entry per child row, with the row as it is
--    then and the visibility before (parent_old) and after (parent). A reader turns it into an insert for
--    a user who sees the ticket only after, into a delete for one who saw it only before, into nothing
--    for the others.

alter table sync_log add column parent jsonb, add column parent_old jsonb;
alter table sync_log drop constraint sync_log_op_check;
alter table sync_log add constraint sync_log_op_check check (op in ('insert', 'update', 'delete', 'move'));

-- The visibility columns of a ticket (sync/shapes.ts ticketVisibility reads these four), locked until the
-- writer commits; '{}' when the ticket is gone (its children are being deleted with it).
create or replace function sync_ticket_scope(ticket integer) returns jsonb
  language plpgsql
  security definer
  set search_path = public
  as $$
declare
  scope jsonb;
begin
  select jsonb_build_object('company_id', t.company_id, 'user_id', t.user_id, 'queue_id', t.queue_id, 'is_group', t.is_group)
    into scope from tickets t where t.id = ticket for no key update;
  return coalesce(scope, '{}'::jsonb);
end
$$;

-- sync_capture for the rows hanging off a ticket: the same entry plus the ticket's visibility.
create or replace function sync_capture_child() returns trigger
  language plpgsql
  security definer
  set search_path = public
  as $$
declare
  company_col text := tg_argv[0];
  drop_cols text[] := coalesce(string_to_array(nullif(tg_argv[1], ''), ','), '{}');
  n jsonb;
  o jsonb;
  p jsonb;
  po jsonb;
begin
  if tg_op <> 'DELETE' then n := to_jsonb(new) - drop_cols; end if;
  if tg_op <> 'INSERT' then o := to_jsonb(old) - drop_cols; end if;
  if tg_op = 'UPDATE' and n = o then return null; end if;
  p := sync_ticket_scope((coalesce(n, o) ->> 'ticket_id')::integer);
  if tg_op = 'UPDATE' and (o ->> 'ticket_id') is distinct from (n ->> 'ticket_id') then
    po := sync_ticket_scope((o ->> 'ticket_id')::integer);
  end if;
  insert into sync_log (xid, company_id, relation, op, new, old, parent, parent_old)
  values (txid_current(), (coalesce(n, o) ->> company_col)::integer, tg_table_name, lower(tg_op), n, o, p, po);
  if current_setting('balcao.sync_notified', true) is distinct from 'on' then
    perform pg_notify('balcao_sync_pending', '');
    perform set_config('balcao.sync_notified', 'on', true);
  end if;
  return null;
end
$$;

create or replace function sync_attach_child(tbl regclass, company_col text, drop_cols text default '') returns void
  language plpgsql
  as $$
begin
  execute format('drop trigger if exists sync_capture on %s', tbl);
  execute format(
    'create trigger sync_capture after insert or update or delete on %s for each row execute function sync_capture_child(%L, %L)',
    tbl, company_col, drop_cols);
end
$$;

-- The same columns leave out of the log as in 0005 (messages: the search vector).
select sync_attach_child('messages', 'company_id', 'body_tsv');
select sync_attach_child('ticket_notes', 'company_id');
select sync_attach_child('ticket_tags', 'company_id');

-- A ticket's children, logged as moves when who may see the ticket changes.
create or replace function sync_capture_moves() returns trigger
  language plpgsql
  security definer
  set search_path = public
  as $$
declare
  p jsonb := jsonb_build_object('company_id', new.company_id, 'user_id', new.user_id, 'queue_id', new.queue_id, 'is_group', new.is_group);
  po jsonb := jsonb_build_object('company_id', old.company_id, 'user_id', old.user_id, 'queue_id', old.queue_id, 'is_group', old.is_group);
begin
  insert into sync_log (xid, company_id, relation, op, new, parent, parent_old)
  select txid_current(), c.company_id, c.relation, 'move', c.row, p, po
    from (
      select m.company_id, 'messages' as relation, to_jsonb(m) - 'body_tsv' as row, 1 as part, m.id as key
        from messages m where m.ticket_id = new.id
      union all
      select n.company_id, 'ticket_notes', to_jsonb(n), 2, n.id from ticket_notes n where n.ticket_id = new.id
      union all
      select tt.company_id, 'ticket_tags', to_jsonb(tt), 3, tt.tag_id from ticket_tags tt where tt.ticket_id = new.id
    ) c
   order by c.part, c.key;
  if current_setting('balcao.sync_notified', true) is distinct from 'on' then
    perform pg_notify('balcao_sync_pending', '');
    perform set_config('balcao.sync_notified', 'on', true);
  end if;
  return null;
end
$$;

create trigger sync_moves after update of company_id, user_id, queue_id, is_group on tickets for each row
  when (old.company_id is distinct from new.company_id or old.user_id is distinct from new.user_id
        or old.queue_id is distinct from new.queue_id or old.is_group is distinct from new.is_group)
  execute function sync_capture_moves();
