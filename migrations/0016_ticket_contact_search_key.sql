-- The contact a ticket belongs to, as GET /tickets?searchParam searches it (issue 5, bench/tickets.ts).
--
-- A name many contacts share ('silva': 9,500 of 100k) made the list either gather every matching
-- contact through the trigram index (10 ms before the first ticket) or walk the newest tickets looking
-- up each one's contact (3-5 µs a ticket). Each ticket now carries its contact's folded name and number,
-- and the indexes the list walks carry them too: a walk checks them in the index itself (~0.3 µs a
-- ticket), for the page and for its count.
--
-- Kept by triggers: a new ticket (or one moved to another contact) copies them from the contact; a
-- renamed or renumbered contact passes them to its tickets. That copy is not a ticket change: it does
-- not touch updated_at (the lists' order) and the change capture leaves both columns out (nothing goes
-- to the browsers, which do not receive them: sync/shapes.ts excludes them).

alter table tickets add column contact_name_folded text, add column contact_number text;

select sync_attach('tickets', 'company_id', 'contact_name_folded,contact_number');

drop trigger if exists touch_updated_at on tickets;
create trigger touch_updated_at before update on tickets for each row
  when (old.contact_id is distinct from new.contact_id
        or (old.contact_name_folded is not distinct from new.contact_name_folded
            and old.contact_number is not distinct from new.contact_number))
  execute function app_touch_updated_at();

update tickets t set contact_name_folded = c.name_folded, contact_number = c.number
  from contacts c where c.id = t.contact_id;

create or replace function app_ticket_contact_key() returns trigger
  language plpgsql
  as $$
begin
  select c.name_folded, c.number into new.contact_name_folded, new.contact_number
    from contacts c where c.id = new.contact_id;
  return new;
end
$$;

create trigger ticket_contact_key before insert or update of contact_id on tickets
  for each row execute function app_ticket_contact_key();

create or replace function app_pass_contact_key() returns trigger
  language plpgsql
  as $$
begin
  update tickets set contact_name_folded = new.name_folded, contact_number = new.number
   where contact_id = new.id;
  return null;
end
$$;

create trigger pass_contact_key after update of name, number on contacts
  for each row when (old.name is distinct from new.name or old.number is distinct from new.number)
  execute function app_pass_contact_key();

drop index if exists tickets_live_updated_idx;
create index tickets_live_updated_idx on tickets (company_id, status, updated_at desc, id desc)
  include (user_id, queue_id, is_group, contact_name_folded, contact_number)
  where status in ('open', 'pending');

drop index if exists tickets_company_updated_idx;
create index tickets_company_updated_idx on tickets (company_id, updated_at desc, id desc)
  include (status, user_id, queue_id, is_group, contact_name_folded, contact_number);

-- The share of the company's contacts expected to match a name pattern (and a number pattern, when
-- numbers are searched), from the planner's statistics: the list walks for a name many contacts share
-- and collects through the trigram index otherwise (as 0014 does for the words of messages).
create or replace function app_search_contact_share(p_name text, p_number text) returns double precision
  language plpgsql volatile security definer
  set search_path = public
  as $$
declare
  company text := coalesce(app_company_id(), 0)::text;
  matching json;
  every json;
begin
  execute format('explain (format json) select 1 from contacts c where c.company_id = %s and (c.name_folded like %L%s)',
                 company, app_search_fold(p_name), case when p_number is null then '' else format(' or c.number like %L', p_number) end)
    into matching;
  execute format('explain (format json) select 1 from contacts c where c.company_id = %s', company) into every;
  return (matching -> 0 -> 'Plan' ->> 'Plan Rows')::double precision
       / greatest(1, (every -> 0 -> 'Plan' ->> 'Plan Rows')::double precision);
end $$;
