import { expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, createUser } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

const q = (env: TestEnv, fn: (tx: any) => Promise<any>): Promise<any> => withSystem(env.services.db, fn)

/** A failed message of ours, as the outbound queue leaves it after its attempts. */
async function failedMessage(env: TestEnv, companyId: number) {
  const conn = await createConnection(env, companyId)
  return q(env, async (tx) => {
    const [c] = await tx`insert into contacts ${tx({ companyId, name: 'R', number: `5511${Date.now() % 1e9}`, channel: 'simulator' })} returning id`
    const [t] = await tx`insert into tickets ${tx({ companyId, contactId: c.id, whatsappId: conn.id, status: 'open', channel: 'simulator' })} returning id`
    const [m] = await tx`insert into messages ${tx({ companyId, ticketId: t.id, whatsappId: conn.id, body: 'falhou', fromMe: true, ack: -1, sendError: 'ERR_SENDING_WAPP_MSG' })} returning id`
    const [inbound] = await tx`insert into messages ${tx({ companyId, ticketId: t.id, whatsappId: conn.id, body: 'do cliente' })} returning id`
    return { messageId: m.id, inboundId: inbound.id, whatsappId: conn.id }
  })
}

describeEachBackend('POST /messages/:messageId/retry', (env) => {
  test('puts a failed message of ours back on the clock with a new send job', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const { messageId, whatsappId } = await failedMessage(env(), companyId)
    const res = await call(env(), 'POST', `/messages/${messageId}/retry`, { token: adminToken })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ id: messageId, ack: 0, sendError: null })
    const jobs = await q(env(), (tx) => tx`select payload from jobs where queue = ${`send:${whatsappId}`} and done_at is null`)
    expect(jobs.map((j: { payload: unknown }) => j.payload)).toEqual([{ messageId }])
  })

  test("refuses messages that did not fail, customers' messages, and messages of tickets the user cannot see", async () => {
    const { companyId, adminToken } = await createCompany(env())
    const { messageId, inboundId } = await failedMessage(env(), companyId)
    expect((await call(env(), 'POST', `/messages/${inboundId}/retry`, { token: adminToken })).status).toBe(400)
    const plain = await createUser(env(), companyId)
    expect((await call(env(), 'POST', `/messages/${messageId}/retry`, { token: plain.token })).status).toBe(404)
    const other = await createCompany(env())
    expect((await call(env(), 'POST', `/messages/${messageId}/retry`, { token: other.adminToken })).status).toBe(404)
    await call(env(), 'POST', `/messages/${messageId}/retry`, { token: adminToken })
    expect((await call(env(), 'POST', `/messages/${messageId}/retry`, { token: adminToken })).status).toBe(400)
  })
})
