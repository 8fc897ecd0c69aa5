import { expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createConnection, createUser } from '../../test/factories.ts'
import { handleChannelEvent } from '../../workers/inbound/handle-channel-event.ts'
import type { ConnectionRef } from '../../workers/inbound/types.ts'
import type { AddressBookEntry, ChannelEvent } from '../../workers/channels/types.ts'
import { withSystem } from '../db/tenant.ts'

/** An event of the WhatsApp driver, through the real inbound pipeline. */
async function driverReports(env: TestEnv, conn: ConnectionRef, event: ChannelEvent) {
  const s = env.services
  await handleChannelEvent({ db: s.db, media: s.media, events: s.events, now: () => env.clock.now }, conn, event)
}

/** What the WhatsApp driver reports of the phone's address book and chat list. */
const phoneReports = (env: TestEnv, conn: ConnectionRef, entries: AddressBookEntry[]) => driverReports(env, conn, { kind: 'addressBook', entries })

async function contactsOf(env: TestEnv, companyId: number): Promise<{ name: string; number: string; lid: string | null }[]> {
  const rows = await withSystem(env.services.db, (tx) =>
    tx<{ name: string; number: string; lid: string | null }[]>`select name, number, lid from contacts where company_id = ${companyId} order by number`,
  )
  return [...rows]
}

describeEachBackend('contact import from the phone', (env) => {
  test("POST /contacts/import turns the phone's address book into contacts, once", async () => {
    const { adminToken, companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp' })
    await call(env(), 'POST', '/contacts', { token: adminToken, json: { name: 'Já cadastrada', number: '5511988887777' } })
    await phoneReports(env(), conn, [
      { number: '5511988887777', name: 'Ana', source: 'contacts' }, // the company has her
      { number: '551177776666', name: 'Bruno', source: 'contacts' }, // ninth digit missing, as older phones report
      { number: '5511955554444', source: 'contacts' }, // no name: the number is the name
      { lid: '321', name: 'Carla', source: 'contacts' }, // number not known yet
      { number: '5511944443333', name: 'Só conversa', source: 'chats' }, // in the chat list only
    ])
    const res = await call(env(), 'POST', '/contacts/import', { token: adminToken })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ created: 2, duplicated: 1, ignored: 1, total: 4 })
    expect(await contactsOf(env(), companyId)).toEqual([
      { name: 'Já cadastrada', number: '5511988887777', lid: null },
      { name: 'Bruno', number: '5511977776666', lid: null },
      { name: '5511955554444', number: '5511955554444', lid: null },
    ].sort((a, b) => a.number.localeCompare(b.number)))

    // Once WhatsApp maps the LID to a number, the person comes in (with the LID, so one person is one contact).
    await driverReports(env(), conn, { kind: 'lidMapping', lid: '321', number: '5511933332222' })
    const again = await call(env(), 'POST', '/contacts/import', { token: adminToken, json: {} })
    expect(again.body).toEqual({ created: 1, duplicated: 3, ignored: 0, total: 4 })
    expect((await contactsOf(env(), companyId)).find((c) => c.lid === '321')).toEqual({ name: 'Carla', number: '5511933332222', lid: '321' })
  })

  test('POST /contacts/import/chats takes the chat list; a later report updates the name and adds the flag', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const { token: userToken } = await createUser(env(), companyId)
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp' })
    await phoneReports(env(), conn, [{ number: '5511944443333', source: 'chats' }, { number: '5511922221111', name: 'Agenda', source: 'contacts' }])
    await phoneReports(env(), conn, [{ number: '5511944443333', name: 'Davi', source: 'contacts' }])
    expect((await call(env(), 'POST', '/contacts/import/chats', { token: userToken })).status).toBe(403)
    expect(await contactsOf(env(), companyId)).toEqual([])
    const res = await call(env(), 'POST', '/contacts/import/chats', { token: adminToken })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ created: 1, duplicated: 0, ignored: 0, total: 1 })
    expect(await contactsOf(env(), companyId)).toEqual([{ name: 'Davi', number: '5511944443333', lid: null }])
  })

  test("only the company's own connections: another company's phone is neither read nor named", async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const connB = await createConnection(env(), b.companyId, { channel: 'whatsapp' })
    await phoneReports(env(), connB, [{ number: '5511911110000', name: 'De B', source: 'contacts' }])
    const all = await call(env(), 'POST', '/contacts/import', { token: a.adminToken })
    expect(all.body).toEqual({ created: 0, duplicated: 0, ignored: 0, total: 0 })
    const named = await call(env(), 'POST', '/contacts/import', { token: a.adminToken, json: { whatsappId: connB.id } })
    expect(named.status).toBe(404)
    expect(named.body.error).toBe('ERR_NO_WAPP_FOUND')
    const bad = await call(env(), 'POST', '/contacts/import', { token: a.adminToken, json: { whatsappId: 'x' } })
    expect(bad.status).toBe(400)
    expect(await contactsOf(env(), a.companyId)).toEqual([])
    expect(await contactsOf(env(), b.companyId)).toEqual([])
  })
})
