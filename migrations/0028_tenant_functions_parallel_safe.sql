-- The tenant functions every row-level policy calls read only settings (current_setting, itself
-- parallel safe; a transaction's settings are copied into parallel workers). Declared without a
-- parallel label they were PARALLEL UNSAFE, and one unsafe function anywhere in a query keeps
-- Postgres from ever using a parallel plan: under the app's role no query could, however large.
-- The dashboard's leads count over a year of 100k tickets (bench/dashboard.ts) went from 110 ms to
-- 40-55 ms with two workers. Small queries stay serial: their cost never reaches parallel_setup_cost.
alter function app_company_id() parallel safe;
alter function app_user_id() parallel safe;
alter function app_is_system() parallel safe;
alter function app_tenant_ok(integer) parallel safe;
