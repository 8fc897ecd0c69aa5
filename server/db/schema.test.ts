import { describe, expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { uniq } from '../../test/factories.ts'
import { APP_ROLE } from './migrate.ts'
import { withSystem, withTenant } from './tenant.ts'
import { rejection } from '../../test/rejection.ts'

/**
 * Tables that carry company_id but are deliberately not tenant-isolated by row-level security.
 * Every other table with a company_id column must have forced RLS and the tenant_isolation policy.
 */
const SYSTEM_TABLES: Record<string, string> = {
  // Written by the super user and shown to every company; company_id only records the author's company.
  announcements: 'global content read by every company',
  // Workers claim jobs across companies (SKIP LOCKED); company_id is optional and only scopes cleanup.
  jobs: 'cross-company worker queue',
  // The change log and shape handles are read only by the shape server, which filters by company itself.
  sync_log: 'change log of every company, served per shape',
  sync_handles: 'shape registry of every company',
}

interface Fixture {
  companyId: number
  whatsappId: number
  contactId: number
}

/** A company with one connection and one contact, inserted in system scope. */
async function seedCompany(env: TestEnv): Promise<Fixture> {
  return withSystem(env.services.db, async (tx) => {
    const [c] = await tx<{ id: number }[]>`insert into companies (name, status) values (${uniq('Schema Co ')}, true) returning id`
    const [w] = await tx<{ id: number }[]>`
      insert into whatsapps ${tx({ companyId: c.id, name: uniq('Conn '), channel: 'simulator' })} returning id`
    const [ct] = await tx<{ id: number }[]>`
      insert into contacts ${tx({ companyId: c.id, name: 'Maria', number: uniq('5511') })} returning id`
    return { companyId: c.id, whatsappId: w.id, contactId: ct.id }
  })
}

async function addConnection(env: TestEnv, companyId: number): Promise<number> {
  return withSystem(env.services.db, async (tx) => {
    const [w] = await tx<{ id: number }[]>`
      insert into whatsapps ${tx({ companyId, name: uniq('Conn '), channel: 'simulator' })} returning id`
    return w.id
  })
}

async function insertTicket(env: TestEnv, f: Fixture, status: string, whatsappId = f.whatsappId): Promise<number> {
  return withSystem(env.services.db, async (tx) => {
    const [t] = await tx<{ id: number }[]>`
      insert into tickets ${tx({ companyId: f.companyId, contactId: f.contactId, whatsappId, status })} returning id`
    return t.id
  })
}

async function insertMessage(env: TestEnv, f: Fixture, ticketId: number, fields: Record<string, unknown>): Promise<number> {
  return withSystem(env.services.db, async (tx) => {
    const row = { companyId: f.companyId, ticketId, contactId: f.contactId, whatsappId: f.whatsappId, ...fields }
    const [m] = await tx<{ id: number }[]>`insert into messages ${tx(row)} returning id`
    return m.id
  })
}

describeEachBackend('schema', (env) => {
  describe('tenant isolation', () => {
    test('every table with a company_id has forced row-level security and the tenant_isolation policy', async () => {
      const rows = await env().services.db.sql<{ table: string; rls: boolean; forced: boolean; policy: string | null }[]>`
        select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
               (select p.qual from pg_policies p
                 where p.schemaname = 'public' and p.tablename = c.relname and p.policyname = 'tenant_isolation') as policy
          from information_schema.columns col
          join pg_class c on c.relname = col.table_name and c.relnamespace = 'public'::regnamespace
         where col.table_schema = 'public' and col.column_name = 'company_id' and c.relkind in ('r', 'p')
         order by c.relname`
      const tables = rows.map((r) => r.table)
      // The check is only worth something if it covers the schema: spot-check tables of each migration.
      for (const t of ['users', 'tickets', 'messages', 'contacts', 'baileys_keys', 'campaigns', 'chat_messages', 'jobs']) {
        expect(tables).toContain(t)
      }
      const unprotected = rows
        .filter((r) => !(r.table in SYSTEM_TABLES))
        .filter((r) => !r.rls || !r.forced || !r.policy?.includes('company_id = ( SELECT app_company_id()'))
        .map((r) => r.table)
      expect(unprotected).toEqual([])
    })

    test('a transaction without a company sees no users or companies until it takes system scope', async () => {
      const { sql, roleSwitch } = env().services.db
      const counts = await sql.begin(async (tx) => {
        if (roleSwitch) await tx.unsafe(`set local role ${APP_ROLE}`)
        const [before] = await tx<{ users: number; companies: number }[]>`
          select (select count(*) from users) as users, (select count(*) from companies) as companies`
        await tx`select set_config('app.system', 'on', true)`
        const [after] = await tx<{ users: number; companies: number }[]>`
          select (select count(*) from users) as users, (select count(*) from companies) as companies`
        return { before, after }
      })
      expect(counts.before).toEqual({ users: 0, companies: 0 })
      // The seed created company 1 and the super user.
      expect(counts.after.users).toBeGreaterThan(0)
      expect(counts.after.companies).toBeGreaterThan(0)
    })

    test('a tenant transaction sees only its own tickets and cannot write another company’s rows', async () => {
      const a = await seedCompany(env())
      const b = await seedCompany(env())
      const ticketA = await insertTicket(env(), a, 'pending')
      await insertTicket(env(), b, 'pending')
      const seen = await withTenant(env().services.db, { companyId: a.companyId }, (tx) =>
        tx<{ id: number; companyId: number }[]>`select id, company_id from tickets`,
      )
      expect(seen.map((t) => t.id)).toEqual([ticketA])
      const foreign = withTenant(env().services.db, { companyId: a.companyId }, (tx) =>
        tx`insert into contacts ${tx({ companyId: b.companyId, name: 'Intruder', number: uniq('5521') })}`,
      )
      // 42501: new row violates row-level security policy.
      expect(await rejection(foreign)).toMatchObject({ code: '42501' })
    })
  })

  describe('one live ticket per contact and connection', () => {
    test('rejects a second pending ticket and allows a new one once the first is closed', async () => {
      const f = await seedCompany(env())
      const first = await insertTicket(env(), f, 'pending')
      expect(await rejection(insertTicket(env(), f, 'pending'))).toMatchObject({
        code: '23505',
        constraint_name: 'tickets_one_active_idx',
      })
      expect(await rejection(insertTicket(env(), f, 'open'))).toMatchObject({ code: '23505' })
      await withSystem(env().services.db, (tx) => tx`update tickets set status = 'closed', closed_at = now() where id = ${first}`)
      const second = await insertTicket(env(), f, 'pending')
      expect(second).not.toBe(first)
      // Closed tickets never block: history may hold any number of them.
      await insertTicket(env(), f, 'closed')
      await insertTicket(env(), f, 'closed')
    })

    test('allows a live ticket for the same contact on another connection', async () => {
      const f = await seedCompany(env())
      await insertTicket(env(), f, 'open')
      const other = await addConnection(env(), f.companyId)
      expect(await insertTicket(env(), f, 'pending', other)).toBeGreaterThan(0)
    })
  })

  describe('message deduplication', () => {
    test('rejects the same external id twice on one connection with 23505', async () => {
      const f = await seedCompany(env())
      const ticketId = await insertTicket(env(), f, 'open')
      const wid = uniq('3EB0')
      await insertMessage(env(), f, ticketId, { wid, body: 'first delivery' })
      expect(await rejection(insertMessage(env(), f, ticketId, { wid, body: 'redelivery' }))).toMatchObject({
        code: '23505',
        constraint_name: 'messages_wid_idx',
      })
    })

    test('accepts the same external id on another connection and any number of messages without one', async () => {
      const f = await seedCompany(env())
      const ticketId = await insertTicket(env(), f, 'open')
      const other = await addConnection(env(), f.companyId)
      const otherTicket = await insertTicket(env(), f, 'open', other)
      const wid = uniq('3EB0')
      await insertMessage(env(), f, ticketId, { wid })
      await insertMessage(env(), { ...f, whatsappId: other }, otherTicket, { wid })
      await insertMessage(env(), f, ticketId, { body: 'private note', isPrivate: true })
      await insertMessage(env(), f, ticketId, { body: 'another note', isPrivate: true })
    })

    test('rejects a client id reused within a company', async () => {
      const f = await seedCompany(env())
      const ticketId = await insertTicket(env(), f, 'open')
      const clientId = crypto.randomUUID()
      await insertMessage(env(), f, ticketId, { clientId, fromMe: true, body: 'offline send' })
      expect(await rejection(insertMessage(env(), f, ticketId, { clientId, fromMe: true, body: 'replay' }))).toMatchObject({
        code: '23505',
        constraint_name: 'messages_client_id_idx',
      })
    })
  })

  describe('message search', () => {
    const search = (env: TestEnv, companyId: number, q: string) =>
      withTenant(env.services.db, { companyId }, (tx) =>
        tx<{ body: string }[]>`
          select body from messages where body_tsv @@ plainto_tsquery('simple', app_search_fold(${q})) order by id`,
      )

    test('finds a message by a word, ignoring case and accents, within the company only', async () => {
      const f = await seedCompany(env())
      const g = await seedCompany(env())
      const ticketId = await insertTicket(env(), f, 'open')
      const otherTicket = await insertTicket(env(), g, 'open')
      await insertMessage(env(), f, ticketId, { body: 'Olá! Gostaria de um ORÇAMENTO para amanhã' })
      await insertMessage(env(), f, ticketId, { body: 'obrigado' })
      await insertMessage(env(), g, otherTicket, { body: 'outro orçamento' })
      expect((await search(env(), f.companyId, 'orçamento')).map((m) => m.body)).toEqual(['Olá! Gostaria de um ORÇAMENTO para amanhã'])
      expect(await search(env(), f.companyId, 'orcamento amanha')).toHaveLength(1)
      expect(await search(env(), f.companyId, 'boleto')).toHaveLength(0)
    })

    test('answers the search from the GIN index rather than a scan', async () => {
      const plan = await withSystem(env().services.db, async (tx) => {
        await tx`set local enable_seqscan = off`
        const rows = await tx.unsafe(
          `explain select id from messages where body_tsv @@ plainto_tsquery('simple', app_search_fold('orcamento'))`,
        )
        return rows.map((r) => Object.values(r)[0]).join('\n')
      })
      expect(plan).toContain('messages_body_tsv_idx')
    })
  })

  describe('report counts', () => {
    test('count the tickets of a status without reading their rows, group tickets left out (migrations/0038_*)', async () => {
      const f = await seedCompany(env())
      await withSystem(env().services.db, (tx) => tx`insert into tickets (company_id, contact_id, whatsapp_id, status, created_at)
        select ${f.companyId}, ${f.contactId}, ${f.whatsappId}, 'closed', now() - g * interval '1 hour' from generate_series(1, 2000) g`)
      // As autovacuum leaves a table: its pages all-visible, so an index alone may answer.
      await env().services.db.sql.unsafe('vacuum analyze tickets')
      const plan = await withSystem(env().services.db, async (tx) => {
        await tx`set local enable_seqscan = off`
        await tx`set local enable_bitmapscan = off`
        const rows = await tx.unsafe(`explain select count(*) from tickets t where t.company_id = ${f.companyId} and t.is_group = false and t.status = any('{closed}'::text[])`)
        return rows.map((r) => Object.values(r)[0]).join('\n')
      })
      expect(plan).toContain('Index Only Scan using tickets_company_status_idx')
    })
  })
})

