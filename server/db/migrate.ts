import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Sql, Tx } from './connect.ts'

// From the module URL rather than Bun's import.meta.dir, so the workers bundle also runs under Node.
export const MIGRATIONS_DIR = process.env.MIGRATIONS_DIR ?? fileURLToPath(new URL('../../migrations', import.meta.url))
/** The plain role tenant requests run as (no BYPASSRLS), see server/db/tenant.ts. */
export const APP_ROLE = 'balcao_app'

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; text: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }))
}

/**
 * Applies the pending files of migrations/ in order, each in its own transaction.
 * An advisory lock keeps several instances starting at once from racing.
 * Returns the names applied.
 */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const applied: string[] = []
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(727274)`
    await tx`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`
    const done = new Set((await tx<{ name: string }[]>`select name from schema_migrations`).map((r) => r.name))
    for (const m of listMigrations(dir)) {
      if (done.has(m.name)) continue
      await tx.savepoint(async (sp) => {
        await sp.unsafe(m.text).simple()
        await sp`insert into schema_migrations (name) values (${m.name})`
      }).catch((err: Error) => {
        throw new Error(`migration ${m.name} failed: ${err.message}`)
      })
      applied.push(m.name)
    }
    await grantAppRole(tx)
  })
  return applied
}

/**
 * Where the connection may create roles (a superuser, as in PGlite and local Postgres), tenant requests
 * SET ROLE to a plain role so that forced row-level security holds them. In production the login role is
 * already plain and owns the tables; FORCE ROW LEVEL SECURITY holds it just the same.
 */
async function grantAppRole(tx: Tx) {
  const [me] = await tx<{ canCreate: boolean }[]>`
    select (rolsuper or rolcreaterole) as can_create from pg_roles where rolname = current_user`
  if (!me?.canCreate) return
  await tx.unsafe(`
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
        create role ${APP_ROLE} nologin;
      end if;
    end $$;
    grant ${APP_ROLE} to current_user;
    grant usage on schema public to ${APP_ROLE};
    grant select, insert, update, delete on all tables in schema public to ${APP_ROLE};
    grant usage, select on all sequences in schema public to ${APP_ROLE};
    revoke all on system_secrets, login_failures, schema_migrations, baileys_keys, jobs, leases,
      sync_log, sync_handles, sync_clock from ${APP_ROLE};
  `).simple()
}

/** True when tenant requests must switch to APP_ROLE (the connection bypasses RLS otherwise). */
export async function needsRoleSwitch(sql: Sql): Promise<boolean> {
  const [r] = await sql<{ bypass: boolean }[]>`
    select (rolsuper or rolbypassrls) as bypass from pg_roles where rolname = current_user`
  return Boolean(r?.bypass)
}
