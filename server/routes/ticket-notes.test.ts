import { expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, createUser } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

/** A company with a queue, a plain user in it, and a ticket of that queue. */
async function setup(env: TestEnv) {
  const company = await createCompany(env)
  const conn = await createConnection(env, company.companyId)
  const fx = await withSystem(env.services.db, async (tx) => {
    const [q] = await tx`insert into queues ${tx({ companyId: company.companyId, name: `Fila ${company.companyId}`, color: `#${company.companyId}` })} returning id`
    const [c] = await tx`insert into contacts ${tx({ companyId: company.companyId, name: 'Lia', number: `5511${Date.now() % 1e9}`, channel: 'simulator' })} returning id`
    const [t] = await tx`insert into tickets ${tx({ companyId: company.companyId, contactId: c.id, whatsappId: conn.id, queueId: q.id, status: 'open', channel: 'simulator' })} returning id`
    return { queueId: q.id, contactId: c.id, ticketId: t.id }
  })
  const user = await createUser(env, company.companyId)
  await withSystem(env.services.db, (tx) => tx`insert into user_queues (company_id, user_id, queue_id) values (${company.companyId}, ${user.id}, ${fx.queueId})`)
  return { ...company, ...fx, user }
}

describeEachBackend('ticket notes', (env) => {
  test('a user of the queue adds notes; the list shows them newest first with their author', async () => {
    const s = await setup(env())
    const first = await call(env(), 'POST', '/ticket-notes', { token: s.user.token, json: { note: 'Cliente pediu segunda via', ticketId: s.ticketId, contactId: s.contactId } })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ note: 'Cliente pediu segunda via', ticketId: s.ticketId, contactId: s.contactId, user: { id: s.user.id } })
    env().clock.advance(1000)
    await call(env(), 'POST', '/ticket-notes', { token: s.adminToken, json: { note: 'Enviada por e-mail', ticketId: s.ticketId, contactId: s.contactId } })
    const list = await call(env(), 'GET', `/ticket-notes/list?ticketId=${s.ticketId}&contactId=${s.contactId}`, { token: s.user.token })
    expect(list.body.map((n: { note: string }) => n.note)).toEqual(['Enviada por e-mail', 'Cliente pediu segunda via'])
  })

  test('validates the note, the contact of the ticket, and hides tickets the actor cannot see', async () => {
    const s = await setup(env())
    const short = await call(env(), 'POST', '/ticket-notes', { token: s.adminToken, json: { note: 'x', ticketId: s.ticketId, contactId: s.contactId } })
    expect(short.status).toBe(400)
    expect(short.body.fields).toEqual([{ field: 'note', message: 'Too Short!' }])
    const wrong = await call(env(), 'POST', '/ticket-notes', { token: s.adminToken, json: { note: 'outro contato', ticketId: s.ticketId, contactId: s.contactId + 999 } })
    expect(wrong.status).toBe(400)
    const outsider = await createUser(env(), s.companyId)
    const hidden = await call(env(), 'POST', '/ticket-notes', { token: outsider.token, json: { note: 'não posso', ticketId: s.ticketId, contactId: s.contactId } })
    expect(hidden.body.error).toBe('ERR_NO_TICKET_FOUND')
    const other = await createCompany(env())
    expect((await call(env(), 'GET', `/ticket-notes/list?ticketId=${s.ticketId}&contactId=${s.contactId}`, { token: other.adminToken })).status).toBe(404)
  })

  test('the author or an admin deletes a note; another user of the queue cannot', async () => {
    const s = await setup(env())
    const note = await call(env(), 'POST', '/ticket-notes', { token: s.adminToken, json: { note: 'nota do admin', ticketId: s.ticketId, contactId: s.contactId } })
    const refused = await call(env(), 'DELETE', `/ticket-notes/${note.body.id}`, { token: s.user.token })
    expect(refused.status).toBe(403)
    expect((await call(env(), 'DELETE', `/ticket-notes/${note.body.id}`, { token: s.adminToken })).status).toBe(200)
    expect((await call(env(), 'DELETE', `/ticket-notes/${note.body.id}`, { token: s.adminToken })).status).toBe(404)
  })
})
