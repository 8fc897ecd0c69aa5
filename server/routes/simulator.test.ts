import { expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, createUser } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

const q = (env: TestEnv, fn: (tx: any) => Promise<any>): Promise<any> => withSystem(env.services.db, fn)

describeEachBackend('POST /simulator/:connectionId/inbound', (env) => {
  test('an admin makes a contact write: contact, pending ticket and message appear; a repeated id is stored once', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const conn = await createConnection(env(), companyId)
    const json = { from: '5511977776666', name: 'Joana', body: 'Quero rastrear meu pedido', id: 'SIM-ABC' }
    const first = await call(env(), 'POST', `/simulator/${conn.id}/inbound`, { token: adminToken, json })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ outcome: 'stored', ticketCreated: true })
    const again = await call(env(), 'POST', `/simulator/${conn.id}/inbound`, { token: adminToken, json })
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ outcome: 'duplicate', messageId: first.body.messageId })
    const rows = await q(env(), (tx) => tx`select m.body, c.name, c.number, t.status, t.unread_messages
      from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = t.contact_id where m.whatsapp_id = ${conn.id}`)
    expect(rows).toEqual([{ body: 'Quero rastrear meu pedido', name: 'Joana', number: '5511977776666', status: 'pending', unreadMessages: 1 }])
  })

  test('media arrives as a stored file', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const conn = await createConnection(env(), companyId)
    const data = Buffer.from('fake image bytes').toString('base64')
    const res = await call(env(), 'POST', `/simulator/${conn.id}/inbound`, {
      token: adminToken,
      json: { from: '5511977776667', media: { data, mimeType: 'image/jpeg', fileName: 'foto.jpg' } },
    })
    expect(res.status).toBe(201)
    const [m] = await q(env(), (tx) => tx`select media_type, media_name, media_path from messages where id = ${res.body.messageId}`)
    expect(m.mediaType).toBe('image')
    expect(await Bun.file(env().services.media.pathOf(companyId, m.mediaPath)!).text()).toBe('fake image bytes')
  })

  test('refuses plain users, other channels, other companies and bad input', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const conn = await createConnection(env(), companyId)
    const user = await createUser(env(), companyId)
    const ok = { from: '5511977776668', body: 'oi' }
    expect((await call(env(), 'POST', `/simulator/${conn.id}/inbound`, { token: user.token, json: ok })).status).toBe(403)
    const real = await createConnection(env(), companyId, { channel: 'whatsapp' })
    expect((await call(env(), 'POST', `/simulator/${real.id}/inbound`, { token: adminToken, json: ok })).body.error).toBe('ERR_NOT_SIMULATOR')
    const other = await createCompany(env())
    const foreign = await createConnection(env(), other.companyId)
    expect((await call(env(), 'POST', `/simulator/${foreign.id}/inbound`, { token: adminToken, json: ok })).status).toBe(404)
    const bad = await call(env(), 'POST', `/simulator/${conn.id}/inbound`, { token: adminToken, json: { from: '+55 11', body: '' } })
    expect(bad.status).toBe(400)
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['body', 'from'])
  })
})
