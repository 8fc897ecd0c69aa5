import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestEnv, describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection } from '../../test/factories.ts'
import { withSystem, withTenant, type Db } from './tenant.ts'

const notifiedFlag = (tx: any) => tx`select current_setting('balcao.sync_notified', true) as v`.then((r: any[]) => r[0].v)

describeEachBackend('transactions and the change capture wake-up', (env) => {
  test("our transactions tell the trigger not to NOTIFY, since this process kicks its sequencer; a pool without that hook does not", async () => {
    const { companyId } = await createCompany(env())
    const db = env().services.db
    expect(db.onCommit).toBeDefined()
    expect(await withSystem(db, notifiedFlag)).toBe('on')
    expect(await withTenant(db, { companyId }, notifiedFlag)).toBe('on')
    const bare: Db = { sql: db.sql, roleSwitch: db.roleSwitch }
    expect(await withSystem(bare, notifiedFlag)).toBe('')
    expect(await withTenant(bare, { companyId }, notifiedFlag)).toBe('')
  })
})

describe('change capture wake-ups [postgres]', () => {
  let env: TestEnv
  beforeAll(async () => {
    env = await startTestEnv('postgres')
  }, 120_000)
  afterAll(async () => {
    await env?.close()
  }, 60_000)

  test('a write through withSystem is positioned without a NOTIFY; a write from outside still sends one', async () => {
    const { companyId } = await createCompany(env)
    const conn = await createConnection(env, companyId, { channel: 'simulator' })
    const db = env.services.db
    const [contact] = await withSystem(db, (tx) => tx`insert into contacts ${tx({ companyId, name: 'Ana', number: '5511988887777', channel: 'whatsapp' })} returning id`)
    const heard: string[] = []
    let outsideHeard!: () => void
    const outside = new Promise<void>((resolve) => (outsideHeard = resolve))
    const listener = await db.sql.listen('balcao_sync_pending', (payload) => {
      heard.push(payload)
      if (payload === 'end') outsideHeard()
    })
    try {
      const insertTicket = (tx: any): Promise<{ id: number }[]> => tx`insert into tickets (company_id, contact_id, whatsapp_id, status) values (${companyId}, ${contact.id}, ${conn.id}, 'closed') returning id`
      const [ours] = await withSystem(db, insertTicket)
      const positioned = async () => (await db.sql`select seq from sync_log where relation = 'tickets' and (new ->> 'id')::int = ${ours.id}`)[0]?.seq
      const deadline = Date.now() + 5_000
      while (!(await positioned()) && Date.now() < deadline) await Bun.sleep(10)
      expect(await positioned()).not.toBeNull()
      // Notifications arrive in commit order: once the outside write's marker is heard, ours would have been.
      await db.sql.begin(async (tx) => {
        await insertTicket(tx)
        await tx`select pg_notify('balcao_sync_pending', 'end')`
      })
      await outside
      expect(heard).toEqual(['', 'end'])
    } finally {
      await listener.unlisten()
    }
  })
})
