-- The ticket list and its searches at volume (issue 5, bench/tickets.ts: 100k tickets, 1M messages).
-- The SQL that uses these is server/domain/tickets/list-tickets.ts.

-- The live tabs read the newest 40 tickets of one status. 0009 took updated_at out of
-- tickets_company_status_idx so that ticket updates stay HOT; the page then had to sort every ticket of
-- the status. This index orders the live statuses only (closed tickets, the bulk, stay out of it). It
-- costs the HOT updates of live tickets back: each update of one now writes an entry into every index
-- of tickets, as before 0009.
create index tickets_live_updated_idx on tickets (company_id, status, updated_at desc, id desc)
  where status in ('open', 'pending');

-- Trigram indexes for the contact search (name accent- and case-folded, and number; LIKE '%q%').
-- pg_trgm ships with Postgres and PGlite (server/db/connect.ts loads it there); where the extension
-- is not available or may not be created here, the search still works, by a scan.
do $$ begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    create extension if not exists pg_trgm;
    create index contacts_name_trgm_idx on contacts using gin (app_search_fold(lower(name)) gin_trgm_ops);
    create index contacts_number_trgm_idx on contacts using gin (number gin_trgm_ops);
  end if;
exception when insufficient_privilege then
  raise notice 'pg_trgm not created (%): the contact search scans', sqlerrm;
end $$;

-- Row-level security keeps LIKE and @@ from driving an index in a tenant request: they are not
-- leakproof, so the planner must check the tenant policy on each row first, which means a scan of all
-- contacts or all messages. These two lookups run as their owner with the tenant check written out, so
-- the trigram and full-text indexes find the rows. Where the owner is itself held by the policy (a plain
-- owner under FORCE ROW LEVEL SECURITY) they give the same rows, by a scan.

-- Contacts whose folded name matches p_name (a LIKE pattern) or whose number matches p_number (null:
-- numbers are not searched).
create or replace function app_search_contacts(p_name text, p_number text) returns setof integer
  language sql stable security definer
  set search_path = public
  rows 1000
  as $$ select c.id from contacts c
         where app_tenant_ok(c.company_id)
           and (app_search_fold(lower(c.name)) like app_search_fold(p_name) or c.number like p_number) $$;

-- Tickets with a message, not deleted, whose folded text holds every word of p_search.
create or replace function app_search_message_tickets(p_search text) returns setof integer
  language sql stable security definer
  set search_path = public
  rows 1000
  as $$ select distinct m.ticket_id from messages m
         where app_tenant_ok(m.company_id)
           and m.body_tsv @@ plainto_tsquery('simple', app_search_fold(p_search))
           and m.is_deleted = false $$;
