-- How GET /tickets?searchParam picks its plan for a name (issue 5, bench/tickets.ts).
--
-- 0016 asked the planner how many contacts a name pattern matches. For '%x%' patterns its estimate is a
-- guess from the column's histogram: on the bench's 100k contacts it expected 2,228 'barbosa' (2.2%,
-- below the 3% line, so the list collected through the trigram index) where 9,839 (9.8%) bear it, and
-- the collect took 45 ms where a walk takes a third of that.
--
-- The share that decides is the one the walk meets: how many of the company's newest tickets belong to a
-- contact that matches. It is now measured on the newest 2,000 (or all, when fewer), read from
-- tickets_company_updated_idx alone (the folded name and number are in it): under a millisecond, and
-- exact for a company of that size. A name common only in old tickets reads as rare here, which is what
-- a walk of the newest tickets would find too.

drop function if exists app_search_contact_share(text, text);

create or replace function app_search_name_share(p_name text, p_number text) returns double precision
  language plpgsql stable security definer
  set search_path = public
  as $$
declare
  folded text := app_search_fold(p_name);
  share double precision;
begin
  select coalesce(avg(case when s.contact_name_folded like folded or s.contact_number like p_number then 1.0 else 0.0 end), 0)
    into share
    from (select t.contact_name_folded, t.contact_number from tickets t
           where t.company_id = coalesce(app_company_id(), 0)
           order by t.updated_at desc, t.id desc limit 2000) s;
  return share;
end $$;
