import { expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../test/env.ts'
import { createCompany, createConnection } from '../test/factories.ts'
import { sessionWorker } from '../test/session-worker.ts'

const q = (env: TestEnv, fn: (tx: any) => Promise<any>): Promise<any> => withSystem(env.services.db, fn)

/** The calls about one connection: earlier tests leave other sessions to adopt on the same database. */
const of = (calls: string[], id: number) => calls.filter((c) => c.endsWith(`:${id}`))

async function enqueue(env: TestEnv, companyId: number, whatsappId: number, action: string) {
  await q(env, (tx) => tx`select app_enqueue_job('session', ${tx.json({ whatsappId, action })}::jsonb, ${companyId}, null, ${env.clock.now})`)
}

describeEachBackend('session manager', (env) => {
  test('one worker holds a session; when it stops renewing, another takes it over and the first lets go', async () => {
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp', status: 'CONNECTED' })
    const a = sessionWorker(env(), 'worker-a')
    const b = sessionWorker(env(), 'worker-b')
    await a.sessions.tick()
    await b.sessions.tick()
    expect(a.sessions.sessions).toContain(conn.id)
    expect(b.sessions.sessions).not.toContain(conn.id)
    expect(a.calls).toContain(`start:${conn.id}`)
    expect(b.calls).not.toContain(`start:${conn.id}`)

    // Worker a goes silent past its lease.
    env().clock.advance(31_000)
    await b.sessions.tick()
    expect(b.sessions.sessions).toContain(conn.id)
    expect(b.calls).toContain(`start:${conn.id}`)
    await a.sessions.tick()
    expect(a.sessions.sessions).not.toContain(conn.id)
    expect(a.calls).toContain(`stop:${conn.id}`)
    await b.sessions.stop()
    await a.sessions.stop()
  })

  test('start and logout commands from the API start the session here, then log it out and free it', async () => {
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp', status: 'DISCONNECTED' })
    const a = sessionWorker(env(), 'worker-c')
    await a.sessions.tick()
    expect(of(a.calls, conn.id)).toEqual([])
    await enqueue(env(), companyId, conn.id, 'start')
    await a.sessions.tick()
    expect(of(a.calls, conn.id)).toEqual([`start:${conn.id}`])
    await enqueue(env(), companyId, conn.id, 'logout')
    await a.sessions.tick()
    expect(of(a.calls, conn.id)).toEqual([`start:${conn.id}`, `logout:${conn.id}`])
    const [row] = await q(env(), (tx) => tx`select status, (select count(*)::int from leases where name = ${`session:${conn.id}`}) as leases
      from whatsapps where id = ${conn.id}`)
    expect(row).toEqual({ status: 'DISCONNECTED', leases: 0 })
    expect(a.sessions.sessions).not.toContain(conn.id)
    await a.sessions.stop()
  })

  test('a new-QR restart stops the socket, wipes the stored credentials, then starts afresh', async () => {
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp', status: 'CONNECTED' })
    const a = sessionWorker(env(), 'worker-g')
    await a.sessions.tick()
    await q(env(), (tx) => tx`insert into baileys_keys (company_id, whatsapp_id, type, key_id, value) values (${companyId}, ${conn.id}, 'creds', '', '{}'::jsonb)`)
    await q(env(), (tx) => tx`select app_enqueue_job('session', ${tx.json({ whatsappId: conn.id, action: 'restart', wipeCredentials: true })}::jsonb, ${companyId}, null, ${env().clock.now})`)
    await a.sessions.tick()
    expect(of(a.calls, conn.id)).toEqual([`start:${conn.id}`, `stop:${conn.id}`, `start:${conn.id}`])
    const [{ n }] = await q(env(), (tx) => tx`select count(*)::int as n from baileys_keys where whatsapp_id = ${conn.id}`)
    expect(n).toBe(0)
    await a.sessions.stop()
  })

  test('a session whose driver gave up (DISCONNECTED) is stopped and its lease freed', async () => {
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp', status: 'OPENING' })
    const a = sessionWorker(env(), 'worker-f')
    await a.sessions.tick()
    expect(a.sessions.sessions).toContain(conn.id)
    await q(env(), (tx) => tx`update whatsapps set status = 'DISCONNECTED' where id = ${conn.id}`)
    await a.sessions.tick()
    expect(a.sessions.sessions).not.toContain(conn.id)
    expect(of(a.calls, conn.id)).toEqual([`start:${conn.id}`, `stop:${conn.id}`])
    const [{ n }] = await q(env(), (tx) => tx`select count(*)::int as n from leases where name = ${`session:${conn.id}`}`)
    expect(n).toBe(0)
    await a.sessions.stop()
  })

  test("an inactive company's session stops, shows DISCONNECTED and is neither adopted nor started (issue 15 item 12)", async () => {
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp', status: 'CONNECTED' })
    const a = sessionWorker(env(), 'worker-i')
    await a.sessions.tick()
    expect(a.sessions.sessions).toContain(conn.id)
    await q(env(), (tx) => tx`update companies set status = false where id = ${companyId}`)
    await a.sessions.tick()
    expect(a.sessions.sessions).not.toContain(conn.id)
    const [row] = await q(env(), (tx) => tx`select status from whatsapps where id = ${conn.id}`)
    expect(row.status).toBe('DISCONNECTED')
    await q(env(), (tx) => tx`update whatsapps set status = 'CONNECTED' where id = ${conn.id}`)
    await enqueue(env(), companyId, conn.id, 'start')
    await a.sessions.tick()
    expect(a.sessions.sessions).not.toContain(conn.id)
    expect(of(a.calls, conn.id)).toEqual([`start:${conn.id}`, `stop:${conn.id}`])
    // Active again: the session comes back with its credentials.
    await q(env(), (tx) => tx`update companies set status = true where id = ${companyId}`)
    await a.sessions.tick()
    expect(a.sessions.sessions).toContain(conn.id)
    await a.sessions.stop()
  })

  test('a command for a session another live worker holds is left for that worker', async () => {
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp', status: 'CONNECTED' })
    const holder = sessionWorker(env(), 'worker-d')
    const other = sessionWorker(env(), 'worker-e')
    await holder.sessions.tick()
    await enqueue(env(), companyId, conn.id, 'restart')
    await other.sessions.tick()
    expect(of(other.calls, conn.id)).toEqual([])
    await holder.sessions.tick()
    expect(of(holder.calls, conn.id)).toEqual([`start:${conn.id}`, `stop:${conn.id}`, `start:${conn.id}`])
    await holder.sessions.stop()
    await other.sessions.stop()
  })
})
