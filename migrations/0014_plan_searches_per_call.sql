-- Ticket and contact searches at volume (issue 5, bench/tickets.ts).
--
-- 1. The lookups of 0010/0012 were SQL functions, which are not inlined (security definer) and run one
--    generic plan: the pattern unknown, the planner scanned all contacts (77 ms for 'silva' on 100k
--    contacts, against 9 ms through the trigram index). As plpgsql EXECUTE they are planned per call
--    with the pattern as given.
-- 2. app_search_message_share: the share of messages the planner expects a word to match (the lexeme
--    statistics of body_tsv), so that GET /tickets can choose between collecting the tickets of every
--    matching message (a rare word: few rows) and walking the newest tickets, checking each one's
--    messages (a common word: the page fills after a few dozen tickets).
-- 3. tickets_company_updated_idx: that walk, and every list without a status, in updated_at order.

create or replace function app_search_contacts(p_name text, p_number text) returns setof integer
  language plpgsql stable security definer
  set search_path = public
  rows 1000
  as $$
begin
  return query execute
    'select c.id from contacts c where app_tenant_ok(c.company_id)
        and (c.name_folded like app_search_fold($1) or c.number like $2)'
    using p_name, p_number;
end $$;

create or replace function app_search_message_tickets(p_search text) returns setof integer
  language plpgsql stable security definer
  set search_path = public
  rows 1000
  as $$
begin
  return query execute
    'select distinct m.ticket_id from messages m where app_tenant_ok(m.company_id)
        and m.body_tsv @@ plainto_tsquery(''simple'', app_search_fold($1)) and m.is_deleted = false'
    using p_search;
end $$;

-- The share of the company's messages expected to hold every word of p_search (0 to 1), from the
-- planner's statistics; volatile because Postgres allows EXPLAIN only there.
create or replace function app_search_message_share(p_search text) returns double precision
  language plpgsql volatile security definer
  set search_path = public
  as $$
declare
  company text := coalesce(app_company_id(), 0)::text;
  matching json;
  every json;
begin
  execute format('explain (format json) select 1 from messages m where m.company_id = %s and m.body_tsv @@ plainto_tsquery(''simple'', %L)',
                 company, app_search_fold(p_search))
    into matching;
  execute format('explain (format json) select 1 from messages m where m.company_id = %s', company) into every;
  return (matching -> 0 -> 'Plan' ->> 'Plan Rows')::double precision
       / greatest(1, (every -> 0 -> 'Plan' ->> 'Plan Rows')::double precision);
end $$;

create index if not exists tickets_company_updated_idx on tickets (company_id, updated_at desc, id desc);
