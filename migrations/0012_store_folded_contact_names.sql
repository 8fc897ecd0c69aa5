-- The contact name search (GET /tickets searchParam, GET /contacts) at volume (issue 5, bench/tickets.ts).
-- 0010's trigram index was on the expression app_search_fold(lower(name)); trigram matches are lossy,
-- so every candidate row was re-checked by folding its name again, and that re-check was most of a
-- name search (~10% of 100k contacts for a common prefix). The folded name is now stored, indexed, and
-- compared as it is. Not synced (sync/shapes.ts excludes it): the browser folds its own.
alter table contacts add column name_folded text generated always as (app_search_fold(lower(name))) stored;

drop index if exists contacts_name_trgm_idx;
do $$ begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    create index contacts_name_folded_trgm_idx on contacts using gin (name_folded gin_trgm_ops);
  end if;
end $$;

create or replace function app_search_contacts(p_name text, p_number text) returns setof integer
  language sql stable security definer
  set search_path = public
  rows 1000
  as $$ select c.id from contacts c
         where app_tenant_ok(c.company_id)
           and (c.name_folded like app_search_fold(p_name) or c.number like p_number) $$;
