-- The tenant functions every row-level policy calls read only settings (current_setting, itself
-- parallel safe; a transaction's settings are copied into parallel workers). Declared without a
-- parallel label they were PARALLEL UNSAFE, and one unsafe function anywhere in a query keeps
-- Postgres from ever using a parallel plan: under the app's role no query could, however large.
alter function app_company_id() parallel safe;
alter function app_user_id() parallel safe;
alter function app_is_system() parallel safe;
alter function app_tenant_ok(integer) parallel safe;

-- Parallel plans are for the reporting queries only, which ask for them (forReporting in
-- server/domain/dashboard/dashboard-range.ts): the dashboard's year of 100k tickets 340 → 165 ms with
-- two workers. The app's connections start with none (server/db/connect.ts): with workers allowed, the
-- planner chose gathers for the ticket list's name searches, whose setup cost more than it saved
-- (bench/tickets.ts: a plain user's name search p50 9 → 14 ms).
