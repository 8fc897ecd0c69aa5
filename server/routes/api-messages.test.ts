import { expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, createUser, uniq } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

const q = (env: TestEnv, fn: (tx: any) => Promise<any>): Promise<any> => withSystem(env.services.db, fn)

async function apiConnection(env: TestEnv, plan: Record<string, unknown> = {}) {
  const company = await createCompany(env, { plan })
  const token = uniq('tok').padEnd(30, 'x').slice(0, 30)
  const conn = await createConnection(env, company.companyId, { token })
  return { ...company, conn, token }
}

describeEachBackend('POST /api/messages/send', (env) => {
  test('queues the message at ack 0 on a new pending ticket and answers the spec success text', async () => {
    const { conn, token } = await apiConnection(env())
    const res = await call(env(), 'POST', '/api/messages/send', { token, json: { number: '5511955554444', body: 'Seu pedido saiu para entrega' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ message: 'Mensagem enviada com sucesso', ack: 0 })
    const [row] = await q(env(), (tx) => tx`select m.body, m.ack, m.from_me, m.is_system, t.status, c.number,
      (select count(*)::int from jobs j where j.idempotency_key = 'send:' || m.id) as jobs
      from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = t.contact_id where m.id = ${res.body.messageId}`)
    expect(row).toEqual({ body: 'Seu pedido saiu para entrega', ack: 0, fromMe: true, isSystem: true, status: 'pending', number: '5511955554444', jobs: 1 })
    expect(conn.id).toBeGreaterThan(0)
  })

  test('assigns the user and queue, signs the message and closes the ticket when asked', async () => {
    const { companyId, token } = await apiConnection(env())
    const user = await createUser(env(), companyId, { name: 'Carla' })
    const [queue] = await q(env(), (tx) => tx`insert into queues ${tx({ companyId, name: uniq('Vendas'), color: uniq('#') })} returning id`)
    const res = await call(env(), 'POST', '/api/messages/send', {
      token,
      json: { number: '5511955554445', body: 'Obrigada!', userId: user.id, queueId: queue.id, sendSignature: true, closeTicket: true },
    })
    expect(res.status).toBe(200)
    const [row] = await q(env(), (tx) => tx`select m.body, t.status, t.user_id, t.queue_id from messages m join tickets t on t.id = m.ticket_id where m.id = ${res.body.messageId}`)
    expect(row).toEqual({ body: '*Carla:*\nObrigada!', status: 'closed', userId: user.id, queueId: queue.id })
    // The ticket the API opened says so in its log, with the user it named.
    const logs = await q(env(), (tx) => tx`select l.type, l.user_id, l.queue_id from ticket_logs l join messages m on m.ticket_id = l.ticket_id where m.id = ${res.body.messageId}`)
    expect(logs).toEqual([{ type: 'create', userId: user.id, queueId: queue.id }])
  })

  test('multipart with a file in medias stores the media and queues it', async () => {
    const { token } = await apiConnection(env())
    const form = new FormData()
    form.set('number', '5511955554446')
    form.set('body', 'segue o boleto')
    form.set('medias', new File([new TextEncoder().encode('%PDF-1.4')], 'boleto.pdf', { type: 'application/pdf' }))
    const res = await call(env(), 'POST', '/api/messages/send', { token, form })
    expect(res.status).toBe(200)
    const [row] = await q(env(), (tx) => tx`select media_type, media_name, media_path from messages where id = ${res.body.messageId}`)
    expect(row.mediaType).toBe('application')
    expect(row.mediaName).toBe('boleto.pdf')
  })

  test('an Idempotency-Key retry gets the first answer and sends nothing twice', async () => {
    const { conn, token } = await apiConnection(env())
    const opts = { token, json: { number: '5511955554447', body: 'uma vez só' }, headers: { 'idempotency-key': uniq('k') } }
    const first = await call(env(), 'POST', '/api/messages/send', opts)
    const second = await call(env(), 'POST', '/api/messages/send', opts)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    const [{ n }] = await q(env(), (tx) => tx`select count(*)::int as n from messages where whatsapp_id = ${conn.id}`)
    expect(n).toBe(1)
  })

  test('refuses a bad token, a plan without the external API, and numbers that are not digits', async () => {
    const { token } = await apiConnection(env())
    expect((await call(env(), 'POST', '/api/messages/send', { token: 'nope', json: { number: '5511955554448', body: 'x' } })).body.error).toBe('ERR_INVALID_API_TOKEN')
    const bad = await call(env(), 'POST', '/api/messages/send', { token, json: { number: '+55 (11) 95555-4448', body: 'x' } })
    expect(bad.status).toBe(400)
    expect(bad.body.fields[0].field).toBe('number')
    const empty = await call(env(), 'POST', '/api/messages/send', { token, json: { number: '5511955554448' } })
    expect(empty.body.error).toBe('ERR_VALIDATION')
    const noApi = await apiConnection(env(), { useExternalApi: false })
    const denied = await call(env(), 'POST', '/api/messages/send', { token: noApi.token, json: { number: '5511955554448', body: 'x' } })
    expect(denied.status).toBe(403)
    expect(denied.body.error).toBe('ERR_PLAN_FEATURE_DISABLED')
  })
})
