import { expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createUser, uniq } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'
import type { DomainEvent } from '../domain/context.ts'

async function connection(env: TestEnv, adminToken: string, status = 'CONNECTED', qrcode = ''): Promise<number> {
  const res = await call(env, 'POST', '/whatsapp', { token: adminToken, json: { name: uniq('Conexão ') } })
  if (res.status !== 201) throw new Error(JSON.stringify(res.body))
  await withSystem(env.services.db, (tx) => tx`update whatsapps set status = ${status}, qrcode = ${qrcode} where id = ${res.body.id}`)
  return res.body.id
}

const sessionJobs = (env: TestEnv, whatsappId: number): Promise<{ companyId: number; payload: unknown }[]> =>
  withSystem(env.services.db, async (tx) => [
    ...(await tx<{ companyId: number; payload: unknown }[]>`
      select company_id, payload from jobs where queue = 'session' and (payload->>'whatsappId')::int = ${whatsappId} order by id`),
  ])

const row = (env: TestEnv, id: number) =>
  withSystem(env.services.db, async (tx) => (await tx<{ status: string; qrcode: string }[]>`select status, qrcode from whatsapps where id = ${id}`)[0])

async function addCreds(env: TestEnv, companyId: number, whatsappId: number) {
  await withSystem(env.services.db, (tx) => tx`
    insert into baileys_keys (company_id, whatsapp_id, type, key_id, value)
    values (${companyId}, ${whatsappId}, 'creds', '', '{"me":1}'::jsonb), (${companyId}, ${whatsappId}, 'pre-key', '1', '{}'::jsonb)`)
}
const credCount = (env: TestEnv, whatsappId: number) =>
  withSystem(env.services.db, async (tx) => (await tx<{ n: number }[]>`select count(*)::int as n from baileys_keys where whatsapp_id = ${whatsappId}`)[0].n)

function captureEvents(env: TestEnv) {
  const events: DomainEvent[] = []
  const stop = env.services.events.subscribe((e) => events.push(e))
  return { events, stop }
}

describeEachBackend('connection sessions (spec part 2 §4, §7)', (env) => {
  test("'try again' writes OPENING, clears the QR code and enqueues one start job", async () => {
    const { companyId, adminToken } = await createCompany(env())
    const id = await connection(env(), adminToken, 'DISCONNECTED', 'old-qr')
    const { events, stop } = captureEvents(env())
    const res = await call(env(), 'POST', `/whatsappsession/${id}`, { token: adminToken })
    stop()
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, status: 'OPENING', qrcode: '' })
    expect(await row(env(), id)).toEqual({ status: 'OPENING', qrcode: '' })
    expect(await sessionJobs(env(), id)).toEqual([{ companyId, payload: { whatsappId: id, action: 'start' } }])
    const session = events.find((e) => e.type === 'whatsappSession')
    expect(session).toMatchObject({ companyId, payload: { action: 'update', session: { id, status: 'OPENING' } } })
  })

  test("'new QR' writes OPENING and enqueues one restart job that tells the session's worker to wipe the credentials", async () => {
    const { companyId, adminToken } = await createCompany(env())
    const id = await connection(env(), adminToken, 'DISCONNECTED')
    await addCreds(env(), companyId, id)
    const res = await call(env(), 'PUT', `/whatsappsession/${id}`, { token: adminToken })
    expect(res.status).toBe(200)
    // The API never deletes keys under a live socket: the worker holding the session does (session-manager.test.ts).
    expect(await credCount(env(), id)).toBe(2)
    expect(await row(env(), id)).toEqual({ status: 'OPENING', qrcode: '' })
    expect((await sessionJobs(env(), id)).map((j) => j.payload)).toEqual([{ whatsappId: id, action: 'restart', wipeCredentials: true }])
  })

  test("'disconnect' writes DISCONNECTED, clears the QR code and enqueues one logout job", async () => {
    const { adminToken } = await createCompany(env())
    const id = await connection(env(), adminToken, 'qrcode', 'some-qr')
    const res = await call(env(), 'DELETE', `/whatsappsession/${id}`, { token: adminToken })
    expect(res.status).toBe(200)
    expect(await row(env(), id)).toEqual({ status: 'DISCONNECTED', qrcode: '' })
    expect((await sessionJobs(env(), id)).map((j) => j.payload)).toEqual([{ whatsappId: id, action: 'logout' }])
  })

  test('a failed action leaves neither a status change nor a job', async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const id = await connection(env(), a.adminToken, 'CONNECTED')
    const res = await call(env(), 'DELETE', `/whatsappsession/${id}`, { token: b.adminToken })
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('ERR_NO_WAPP_FOUND')
    expect(await row(env(), id)).toEqual({ status: 'CONNECTED', qrcode: '' })
    expect(await sessionJobs(env(), id)).toEqual([])
  })

  test('a plain user may not act on sessions; a user with allowConnections may', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const id = await connection(env(), adminToken, 'DISCONNECTED')
    const plain = await createUser(env(), companyId)
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect((await call(env(), method, `/whatsappsession/${id}`, { token: plain.token })).status).toBe(403)
    }
    expect((await call(env(), 'POST', '/whatsapp-restart/', { token: plain.token })).status).toBe(403)
    expect((await call(env(), 'POST', `/closedimported/${id}`, { token: plain.token })).status).toBe(403)
    expect(await sessionJobs(env(), id)).toEqual([])
    const delegated = await createUser(env(), companyId, { allowConnections: 'enabled' })
    expect((await call(env(), 'POST', `/whatsappsession/${id}`, { token: delegated.token })).status).toBe(200)
    expect(await sessionJobs(env(), id)).toHaveLength(1)
  })

  test('POST /whatsapp-restart/ restarts every connection of the company, and only those', async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const ids = [await connection(env(), a.adminToken), await connection(env(), a.adminToken, 'DISCONNECTED')]
    const foreign = await connection(env(), b.adminToken)
    await addCreds(env(), a.companyId, ids[0])
    const res = await call(env(), 'POST', '/whatsapp-restart/', { token: a.adminToken })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ restarted: 2 })
    for (const id of ids) {
      expect(await row(env(), id)).toEqual({ status: 'OPENING', qrcode: '' })
      expect((await sessionJobs(env(), id)).map((j) => j.payload)).toEqual([{ whatsappId: id, action: 'restart' }])
    }
    expect(await credCount(env(), ids[0])).toBe(2) // a restart keeps the pairing
    expect(await sessionJobs(env(), foreign)).toEqual([])
  })
})

describeEachBackend('closing imported tickets (POST /closedimported/{id})', (env) => {
  test('closes only the imported tickets of that connection and clears statusImportMessages', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const id = await connection(env(), adminToken)
    const other = await connection(env(), adminToken)
    const tickets = await withSystem(env().services.db, async (tx) => {
      await tx`update whatsapps set status_import_messages = 'renderButtonCloseTickets' where id = ${id}`
      const make = async (whatsappId: number, imported: boolean) => {
        const [c] = await tx`insert into contacts (company_id, name, number) values (${companyId}, 'C', ${uniq('55')}) returning id`
        const [t] = await tx`insert into tickets (company_id, contact_id, whatsapp_id, status, imported)
                             values (${companyId}, ${c.id}, ${whatsappId}, 'open', ${imported ? new Date() : null}) returning id`
        return t.id as number
      }
      return { imported: await make(id, true), live: await make(id, false), elsewhere: await make(other, true) }
    })
    const res = await call(env(), 'POST', `/closedimported/${id}`, { token: adminToken })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, statusImportMessages: null, closed: 1 })
    const statuses = await withSystem(env().services.db, (tx) => tx<{ id: number; status: string }[]>`
      select id, status from tickets where id in ${tx([tickets.imported, tickets.live, tickets.elsewhere])}`)
    expect(Object.fromEntries(statuses.map((t) => [t.id, t.status]))).toEqual({
      [tickets.imported]: 'closed', [tickets.live]: 'open', [tickets.elsewhere]: 'open',
    })
  })
})
