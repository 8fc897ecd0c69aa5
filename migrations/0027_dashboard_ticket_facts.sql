-- The dashboard (issue 18, bench/dashboard.ts): its counters read, for every ticket of the range, who
-- wrote first (active or passive) and its latest rating. Looked up per ticket (the newest-first index
-- of its messages, its ratings) they cost ~4 µs a ticket: 400 ms for a year of 100k tickets. Here they
-- are kept beside the ticket, one narrow row each, joined by key.
--
-- Kept exact by triggers: the first message stored on a ticket that is not a private note writes its
-- from_me once (later messages find the row and do nothing: no lock, no write); every rating sets the
-- rate to the newest answer. Not synced: the browsers never count.

create table ticket_facts (
  ticket_id integer primary key references tickets(id) on delete cascade,
  company_id integer not null references companies(id) on delete cascade,
  first_from_me boolean,
  rate smallint
);
select app_enable_tenancy('ticket_facts');

create or replace function app_note_first_message() returns trigger
  language plpgsql
  as $$
begin
  insert into ticket_facts (ticket_id, company_id, first_from_me) values (new.ticket_id, new.company_id, new.from_me)
  on conflict (ticket_id) do nothing;
  return null;
end
$$;

create trigger note_first_message after insert on messages
  for each row when (not new.is_private) execute function app_note_first_message();

create or replace function app_note_rating() returns trigger
  language plpgsql
  as $$
begin
  insert into ticket_facts (ticket_id, company_id, first_from_me, rate)
  values (new.ticket_id, new.company_id,
          (select m.from_me from messages m where m.ticket_id = new.ticket_id and not m.is_private order by m.created_at, m.id limit 1),
          new.rate)
  on conflict (ticket_id) do update set rate = excluded.rate;
  return null;
end
$$;

create trigger note_rating after insert on user_ratings for each row execute function app_note_rating();

insert into ticket_facts (ticket_id, company_id, first_from_me, rate)
select t.id, t.company_id,
       (select m.from_me from messages m where m.ticket_id = t.id and not m.is_private order by m.created_at, m.id limit 1),
       (select r.rate from user_ratings r where r.ticket_id = t.id order by r.created_at desc, r.id desc limit 1)
  from tickets t
 where exists (select 1 from messages m where m.ticket_id = t.id and not m.is_private)
    or exists (select 1 from user_ratings r where r.ticket_id = t.id);

-- The range of a dashboard, a chart or the report is over the tickets' creation.
create index tickets_company_created_idx on tickets (company_id, created_at);
create index contacts_company_created_idx on contacts (company_id, created_at);
