import { expect, test } from 'bun:test'
import { describeEachBackend } from '../test/env.ts'
import { uniq } from '../test/factories.ts'
import { call } from '../test/http.ts'
import { addQueue, depsOf, LATER, number, q, setup } from '../test/routing-support.ts'
import { handleChannelEvent } from './inbound/handle-channel-event.ts'
import type { ConnectionRef } from './inbound/types.ts'

/**
 * Issue 13 §2: a conversation lists things in the order they happened, whatever clock stamped each
 * message (docs/decisions.md "Message order").
 */
describeEachBackend('message order', (env) => {
  /** The contact writes, stamped by the channel's clock `skewMs` away from ours. */
  async function write(conn: ConnectionRef, from: string, body: string, skewMs: number, extra: Record<string, unknown> = {}) {
    const message = { externalId: uniq('WAID'), fromMe: false, timestamp: new Date(env().clock.now.getTime() + skewMs), peer: { number: from, name: 'Maria' }, body, mediaType: 'text', ...extra }
    return (await handleChannelEvent(depsOf(env()), conn, { kind: 'message', message: message as never })) as { ticketId: number }
  }
  /** The chat as every list orders it: the API's page (oldest first within it) and the stored order key. */
  async function chat(token: string, ticketId: number) {
    const res = await call(env(), 'GET', `/messages/${ticketId}`, { token })
    expect(res.status).toBe(200)
    const stored = await q(env(), (tx) => tx`select body from messages where ticket_id = ${ticketId} order by created_at, id`)
    const api = (res.body.messages as { body: string }[]).map((m) => m.body)
    expect(api).toEqual(stored.map((m: { body: string }) => m.body))
    return api
  }

  test("the bot's replies follow the customer's messages that caused them when the channel's clock runs ahead of ours", async () => {
    const { conn, adminToken } = await setup(env())
    await addQueue(env(), conn, 'Vendas', { orderQueue: 1 })
    await addQueue(env(), conn, 'Suporte', { orderQueue: 2, greetingMessage: 'Suporte aqui, aguarde.' })
    const from = number()
    const { ticketId } = await write(conn, from, 'oi', 4)
    env().clock.advance(LATER)
    await write(conn, from, '2', 3)
    expect(await chat(adminToken, ticketId)).toEqual(['oi', 'Olá Maria! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte', '2', 'Suporte aqui, aguarde.'])
  })

  test("a customer's message that reaches us after an attendant's reply is listed after it, even stamped earlier", async () => {
    const { conn, adminToken } = await setup(env())
    const from = number()
    const { ticketId } = await write(conn, from, 'preciso de ajuda', 0)
    await call(env(), 'PUT', `/tickets/${ticketId}`, { token: adminToken, json: { status: 'open' } })
    env().clock.advance(1_000)
    const sent = await call(env(), 'POST', `/messages/${ticketId}`, { token: adminToken, json: { body: 'Claro, diga.' } })
    expect(sent.status).toBe(201)
    // The phone's clock is two seconds behind ours: its stamp is before our reply, its arrival after.
    await write(conn, from, 'meu pedido não chegou', -2_000)
    const bodies = await chat(adminToken, ticketId)
    expect(bodies.indexOf('meu pedido não chegou')).toBeGreaterThan(bodies.indexOf('Claro, diga.'))
    expect(bodies.indexOf('Claro, diga.')).toBeGreaterThan(bodies.indexOf('preciso de ajuda'))
  })

  test('imported history keeps the time the channel gives it', async () => {
    const { conn } = await setup(env(), { greetingMessage: '' })
    const at = new Date('2026-01-02T03:04:05Z')
    const { ticketId } = await write(conn, number(), 'mensagem antiga', at.getTime() - env().clock.now.getTime(), { imported: true })
    const [m] = await q(env(), (tx) => tx`select created_at from messages where ticket_id = ${ticketId} and body = 'mensagem antiga'`)
    expect(new Date(m.createdAt).toISOString()).toBe(at.toISOString())
  })
})
