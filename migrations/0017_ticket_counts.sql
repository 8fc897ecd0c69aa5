-- The ticket list's counts, kept as tickets change (issue 5, bench/tickets.ts).
--
-- GET /tickets answers the count of the tab asked. Counted from tickets, the pending tab of a company
-- with 15,000 waiting tickets read 15,000 index entries on every call (2-3 ms, a third of the request).
-- Each insert, delete, or change of a ticket's status, queue, owner, connection or group flag now adds a
-- row of -1/+1 to ticket_counts under the ticket's old and new values of those columns. The count of a
-- list filtered on nothing else (the tabs: status, queues, users, connections, what the actor may see) is
-- the sum of the matching rows, exact in the reader's snapshot: the rows commit with the ticket change.
--
-- Writers only insert, so two transactions never wait on one counter row (an inbound burst creates
-- tickets in parallel batches). A job folds the rows into one per combination every minute
-- (app_compact_ticket_counts, workers/scheduler.ts), so a sum reads a few dozen rows.

create table ticket_counts (
  company_id integer not null references companies(id) on delete cascade,
  status text not null,
  queue_id integer,
  user_id integer,
  whatsapp_id integer,
  is_group boolean not null,
  n integer not null
);
create index ticket_counts_company_status_idx on ticket_counts (company_id, status);
select app_enable_tenancy('ticket_counts');

insert into ticket_counts (company_id, status, queue_id, user_id, whatsapp_id, is_group, n)
select company_id, status, queue_id, user_id, whatsapp_id, is_group, count(*)
  from tickets group by company_id, status, queue_id, user_id, whatsapp_id, is_group;

create or replace function app_count_tickets() returns trigger
  language plpgsql
  as $$
begin
  if tg_op <> 'INSERT' then
    insert into ticket_counts (company_id, status, queue_id, user_id, whatsapp_id, is_group, n)
    values (old.company_id, old.status, old.queue_id, old.user_id, old.whatsapp_id, old.is_group, -1);
  end if;
  if tg_op <> 'DELETE' then
    insert into ticket_counts (company_id, status, queue_id, user_id, whatsapp_id, is_group, n)
    values (new.company_id, new.status, new.queue_id, new.user_id, new.whatsapp_id, new.is_group, 1);
  end if;
  return null;
end
$$;

create trigger count_tickets after insert or delete on tickets
  for each row execute function app_count_tickets();

-- Most ticket updates (a message's preview, the unread count) change none of these: no row, no cost.
create trigger count_tickets_moved after update of company_id, status, queue_id, user_id, whatsapp_id, is_group on tickets
  for each row
  when ((old.company_id, old.status, old.queue_id, old.user_id, old.whatsapp_id, old.is_group)
        is distinct from (new.company_id, new.status, new.queue_id, new.user_id, new.whatsapp_id, new.is_group))
  execute function app_count_tickets();

-- Folds every company's rows into one per combination (none where the sum is 0). Rows inserted while it
-- runs are outside its snapshot: not deleted, still counted. Returns the number of rows folded.
create or replace function app_compact_ticket_counts() returns integer
  language sql
  as $$
  with gone as (delete from ticket_counts returning *),
       kept as (insert into ticket_counts (company_id, status, queue_id, user_id, whatsapp_id, is_group, n)
                select company_id, status, queue_id, user_id, whatsapp_id, is_group, sum(n)
                  from gone group by company_id, status, queue_id, user_id, whatsapp_id, is_group
                having sum(n) <> 0
                returning 1)
  select count(*)::integer from gone
$$;
