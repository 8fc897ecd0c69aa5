-- Tenancy primitives shared by every later migration.
-- A request sets app.company_id / app.user_id for its transaction (server/db/tenant.ts);
-- system work (login lookup, seeding, workers, super-user reads) sets app.system = 'on'.
-- A query that sets neither sees no tenant rows.

create or replace function app_company_id() returns integer
  language sql stable
  as $$ select nullif(current_setting('app.company_id', true), '')::integer $$;

create or replace function app_user_id() returns integer
  language sql stable
  as $$ select nullif(current_setting('app.user_id', true), '')::integer $$;

create or replace function app_is_system() returns boolean
  language sql stable
  as $$ select coalesce(current_setting('app.system', true), '') = 'on' $$;

create or replace function app_tenant_ok(row_company_id integer) returns boolean
  language sql stable
  as $$ select row_company_id = app_company_id() or app_is_system() $$;

-- Turns on forced row-level security for a table with a company_id column,
-- so even the table owner is held by the policy.
create or replace function app_enable_tenancy(tbl regclass) returns void
  language plpgsql
  as $$
begin
  execute format('alter table %s enable row level security', tbl);
  execute format('alter table %s force row level security', tbl);
  execute format('drop policy if exists tenant_isolation on %s', tbl);
  execute format(
    'create policy tenant_isolation on %s using (app_tenant_ok(company_id)) with check (app_tenant_ok(company_id))',
    tbl);
end
$$;

create or replace function app_touch_updated_at() returns trigger
  language plpgsql
  as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create or replace function app_add_touch_trigger(tbl regclass) returns void
  language plpgsql
  as $$
begin
  execute format('drop trigger if exists touch_updated_at on %s', tbl);
  execute format(
    'create trigger touch_updated_at before update on %s for each row execute function app_touch_updated_at()',
    tbl);
end
$$;

-- Secrets generated on first start (JWT key when JWT_SECRET is unset). Never synced, never tenant data.
create table system_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
