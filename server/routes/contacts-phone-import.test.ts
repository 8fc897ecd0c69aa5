import { expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createConnection, createUser } from '../../test/factories.ts'
import { sessionWorker } from '../../test/session-worker.ts'
import type { ConnectionRef } from '../../workers/inbound/types.ts'
import type { AddressBookEntry, ChannelEvent } from '../../workers/channels/types.ts'
import { withSystem } from '../db/tenant.ts'

/** A worker whose WhatsApp sessions are stand-ins: what their phones report goes through the real host. */
type Worker = ReturnType<typeof sessionWorker>

/** An event of the WhatsApp driver, handed to the host as the driver hands it. */
const driverReports = (w: Worker, conn: ConnectionRef, event: ChannelEvent) => w.host.emit(conn, event)

/** What the WhatsApp driver reports of the phone's address book and chat list. */
const phoneReports = (w: Worker, conn: ConnectionRef, entries: AddressBookEntry[]) => driverReports(w, conn, { kind: 'addressBook', entries })

/** An import as the page runs it: asked (202 while the sessions read the phone), the worker's round, asked again. */
async function importNow(env: TestEnv, w: Worker, path: string, token: string, json?: unknown) {
  const first = await call(env, 'POST', path, { token, json })
  if (first.status !== 202) return first
  await w.sessions.tick()
  return call(env, 'POST', path, { token, json })
}

const storedBook = async (env: TestEnv, whatsappId: number): Promise<number> => {
  const [row] = await withSystem(env.services.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from channel_address_book where whatsapp_id = ${whatsappId}`)
  return row.n
}

async function contactsOf(env: TestEnv, companyId: number): Promise<{ name: string; number: string; lid: string | null }[]> {
  const rows = await withSystem(env.services.db, (tx) =>
    tx<{ name: string; number: string; lid: string | null }[]>`select name, number, lid from contacts where company_id = ${companyId} order by number`,
  )
  return [...rows]
}

describeEachBackend('contact import from the phone', (env) => {
  test("the phone's address book is stored only when an import asks; POST /contacts/import turns it into contacts, once", async () => {
    const { adminToken, companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp' })
    const w = sessionWorker(env())
    await w.sessions.tick() // the session is held here
    await call(env(), 'POST', '/contacts', { token: adminToken, json: { name: 'Já cadastrada', number: '5511988887777' } })
    await phoneReports(w, conn, [
      { number: '5511988887777', name: 'Ana', source: 'contacts' }, // the company has her
      { number: '551177776666', name: 'Bruno', source: 'contacts' }, // ninth digit missing, as older phones report
      { number: '5511955554444', source: 'contacts' }, // no name: the number is the name
      { lid: '321', name: 'Carla', source: 'contacts' }, // number not known yet
      { number: '5511944443333', name: 'Só conversa', source: 'chats' }, // in the chat list only
    ])
    expect(await storedBook(env(), conn.id)).toBe(0) // nobody asked: nothing of the phone on the server

    const asked = await call(env(), 'POST', '/contacts/import', { token: adminToken })
    expect(asked.status).toBe(202)
    expect(asked.body).toEqual({ reading: 1 })
    expect(await storedBook(env(), conn.id)).toBe(0)
    // Asked again before the session answered: still reading, and no second job.
    expect((await call(env(), 'POST', '/contacts/import', { token: adminToken })).status).toBe(202)
    const jobs = await withSystem(env().services.db, (tx) => tx<{ n: number }[]>`
      select count(*)::int as n from jobs where queue = 'session' and payload->>'action' = 'addressBook' and (payload->>'whatsappId')::int = ${conn.id}`)
    expect(jobs[0].n).toBe(1)
    await w.sessions.tick()
    expect(await storedBook(env(), conn.id)).toBe(5)
    const res = await call(env(), 'POST', '/contacts/import', { token: adminToken })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ created: 2, duplicated: 1, ignored: 1, total: 4 })
    expect(await contactsOf(env(), companyId)).toEqual([
      { name: 'Já cadastrada', number: '5511988887777', lid: null },
      { name: 'Bruno', number: '5511977776666', lid: null },
      { name: '5511955554444', number: '5511955554444', lid: null },
    ].sort((a, b) => a.number.localeCompare(b.number)))
    // Imported: the book leaves the server again.
    expect(await storedBook(env(), conn.id)).toBe(0)

    // Once WhatsApp maps the LID to a number, the person comes in (with the LID, so one person is one contact).
    await driverReports(w, conn, { kind: 'lidMapping', lid: '321', number: '5511933332222' })
    const again = await importNow(env(), w, '/contacts/import', adminToken, {})
    expect(again.body).toEqual({ created: 1, duplicated: 3, ignored: 0, total: 4 })
    expect((await contactsOf(env(), companyId)).find((c) => c.lid === '321')).toEqual({ name: 'Carla', number: '5511933332222', lid: '321' })
    expect(await storedBook(env(), conn.id)).toBe(0)
  })

  test('POST /contacts/import/chats takes the chat list; a later report updates the name and adds the flag', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const { token: userToken } = await createUser(env(), companyId)
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp' })
    const w = sessionWorker(env())
    await w.sessions.tick()
    await phoneReports(w, conn, [{ number: '5511944443333', source: 'chats' }, { number: '5511922221111', name: 'Agenda', source: 'contacts' }])
    await phoneReports(w, conn, [{ number: '5511944443333', name: 'Davi', source: 'contacts' }])
    expect((await call(env(), 'POST', '/contacts/import/chats', { token: userToken })).status).toBe(403)
    expect(await contactsOf(env(), companyId)).toEqual([])
    const res = await importNow(env(), w, '/contacts/import/chats', adminToken)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ created: 1, duplicated: 0, ignored: 0, total: 1 })
    expect(await contactsOf(env(), companyId)).toEqual([{ name: 'Davi', number: '5511944443333', lid: null }])
  })

  test('a session held nowhere answers an empty book; an unanswered request is asked again after a minute', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp', status: 'DISCONNECTED' })
    expect((await call(env(), 'POST', '/contacts/import', { token: adminToken })).status).toBe(202)
    // No worker ran: the request waits, and is not asked twice within the minute.
    env().clock.advance(30_000)
    expect((await call(env(), 'POST', '/contacts/import', { token: adminToken })).body).toEqual({ reading: 1 })
    env().clock.advance(31_000)
    expect((await call(env(), 'POST', '/contacts/import', { token: adminToken })).status).toBe(202)
    const jobs = await withSystem(env().services.db, (tx) => tx<{ n: number }[]>`
      select count(*)::int as n from jobs where queue = 'session' and (payload->>'whatsappId')::int = ${conn.id}`)
    expect(jobs[0].n).toBe(2)
    // A worker that does not hold the session answers what it has of the phone: nothing.
    const w = sessionWorker(env())
    await w.sessions.tick()
    const res = await call(env(), 'POST', '/contacts/import', { token: adminToken })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ created: 0, duplicated: 0, ignored: 0, total: 0 })
  })

  test("only the company's own connections: another company's phone is neither read nor named", async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const connB = await createConnection(env(), b.companyId, { channel: 'whatsapp' })
    const w = sessionWorker(env())
    await w.sessions.tick()
    await phoneReports(w, connB, [{ number: '5511911110000', name: 'De B', source: 'contacts' }])
    const all = await importNow(env(), w, '/contacts/import', a.adminToken)
    expect(all.body).toEqual({ created: 0, duplicated: 0, ignored: 0, total: 0 })
    expect(await storedBook(env(), connB.id)).toBe(0) // b never asked
    const named = await call(env(), 'POST', '/contacts/import', { token: a.adminToken, json: { whatsappId: connB.id } })
    expect(named.status).toBe(404)
    expect(named.body.error).toBe('ERR_NO_WAPP_FOUND')
    const bad = await call(env(), 'POST', '/contacts/import', { token: a.adminToken, json: { whatsappId: 'x' } })
    expect(bad.status).toBe(400)
    expect(await contactsOf(env(), a.companyId)).toEqual([])
    expect(await contactsOf(env(), b.companyId)).toEqual([])
  })
})
