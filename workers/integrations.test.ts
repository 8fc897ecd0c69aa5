import { afterAll, beforeAll, expect, test } from 'bun:test'
import { describeEachBackend } from '../test/env.ts'
import { createUser } from '../test/factories.ts'
import { startFakeWebhook, type FakeWebhook } from '../test/fake-webhook.ts'
import { addWebhookIntegration, drainIntegrations, integrationJobs, outgoing } from '../test/integration-support.ts'
import { addOption, addQueue, logTypes, number, q, say, setup, ticketOf } from '../test/routing-support.ts'

/** Issue 22's n8n and webhook runtime through the simulator channel, the inbound pipeline and the integration worker, against a local receiver that checks the signature. */

const T = 60_000
let fake: FakeWebhook
beforeAll(async () => (fake = await startFakeWebhook()))
afterAll(() => fake.stop())

const useOf = async (env: Parameters<typeof ticketOf>[0], ticketId: number) =>
  (await q(env, (tx) => tx`select use_integration, integration_id from tickets where id = ${ticketId}`))[0] as { useIntegration: boolean; integrationId: number | null }

describeEachBackend('integrations: n8n and webhook', (env) => {
  test('a queue hands the ticket over: signed POST of the message, the reply reaches the customer, a queueId transfers', async () => {
    const { conn, companyId } = await setup(env())
    const integration = await addWebhookIntegration(env(), companyId, fake)
    await addQueue(env(), conn, 'Robô', { greetingMessage: 'Fila com robô.', integrationId: integration })
    const humans = await q(env(), (tx) => tx`insert into queues ${tx({ companyId, name: 'Humanos', color: '#123456' })} returning id`)
    const from = number()
    fake.calls.length = 0
    const { ticketId } = await say(env(), conn, from, 'oi')
    // Routing only queued the call: nothing went out to the receiver inside the inbound transaction.
    expect(fake.calls).toHaveLength(0)
    expect(await useOf(env(), ticketId)).toEqual({ useIntegration: true, integrationId: integration })
    fake.queue({ json: { reply: ['Olá, {{name}}!', 'Em que posso ajudar?'] } })
    await drainIntegrations(env())
    expect(fake.calls).toHaveLength(1)
    const [first] = fake.calls
    expect(first.signed).toBe(true)
    expect(first.delivery).toMatch(/^integration-\d+$/)
    expect(first.body).toMatchObject({
      event: 'message', deliveryId: first.delivery, integration: { id: integration, type: 'webhook' }, company: { id: companyId },
      connection: { id: conn.id }, ticket: { id: ticketId, status: 'pending' }, contact: { name: 'Maria', number: from },
      message: { body: 'oi', fromMe: false, mediaType: 'text' },
    })
    expect(await outgoing(env(), ticketId)).toEqual({ sent: ['Fila com robô.', 'Olá, Maria!', 'Em que posso ajudar?'], notes: [] })

    fake.queue({ json: { reply: 'Vou te passar para um atendente.', queueId: humans[0].id } })
    await say(env(), conn, from, 'quero um humano')
    await drainIntegrations(env())
    expect(fake.calls.map((c) => c.body.message.body)).toEqual(['oi', 'quero um humano'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: humans[0].id, isBot: false })
    expect(await useOf(env(), ticketId)).toMatchObject({ useIntegration: false })
    expect((await logTypes(env(), ticketId)).slice(-1)).toEqual(['queue'])
    // Handed back: the next message does not reach the receiver.
    await say(env(), conn, from, 'alô?')
    await drainIntegrations(env())
    expect(fake.calls).toHaveLength(2)
    expect((await outgoing(env(), ticketId)).sent.slice(-1)).toEqual(['Vou te passar para um atendente.'])
  }, T)

  test("a chatbot option's integration gets the choice; a userId reply gives the ticket to that user", async () => {
    const { conn, companyId } = await setup(env())
    const integration = await addWebhookIntegration(env(), companyId, fake, 'n8n')
    const queue = await addQueue(env(), conn, 'Menu', { greetingMessage: 'Opções:' })
    await addOption(env(), companyId, { queueId: queue }, { name: 'Robô', queueType: 'integration', optIntegrationId: integration, greetingMessage: '' })
    const user = await createUser(env(), companyId)
    const from = number()
    fake.calls.length = 0
    const { ticketId } = await say(env(), conn, from, 'oi')
    await say(env(), conn, from, '1')
    fake.queue({ json: { reply: 'Um momento.', userId: user.id } })
    await drainIntegrations(env())
    expect(fake.calls.map((c) => [c.signed, c.body.message.body, c.body.integration.type])).toEqual([[true, '1', 'n8n']])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'open', userId: user.id })
    expect((await logTypes(env(), ticketId)).slice(-1)).toEqual(['open'])
    expect((await outgoing(env(), ticketId)).sent).toEqual(['Opções:\n\n*1* - Robô', 'Um momento.'])
  }, T)

  test("a connection's integration takes new tickets before the queue menu; stopBot hands the ticket back; the attendant's switch and disableBot skip it", async () => {
    const { conn, companyId } = await setup(env())
    const integration = await addWebhookIntegration(env(), companyId, fake)
    await addQueue(env(), conn, 'Vendas')
    await addQueue(env(), conn, 'Suporte')
    await q(env(), (tx) => tx`update whatsapps set integration_id = ${integration} where id = ${conn.id}`)
    const from = number()
    fake.calls.length = 0
    const { ticketId } = await say(env(), conn, from, 'bom dia')
    fake.queue({ json: { reply: 'Até logo!', stopBot: true } })
    await drainIntegrations(env())
    expect(fake.calls).toHaveLength(1)
    expect((await outgoing(env(), ticketId)).sent).toEqual(['Até logo!'])
    expect(await useOf(env(), ticketId)).toMatchObject({ useIntegration: false })
    // Back in the usual chain: the connection's greeting and menu answer.
    await say(env(), conn, from, 'e agora?')
    await drainIntegrations(env())
    expect(fake.calls).toHaveLength(1)
    expect((await outgoing(env(), ticketId)).sent[1]).toStartWith('Olá Maria! Escolha um setor:')

    const other = await say(env(), conn, number(), 'oi')
    await q(env(), (tx) => tx`update tickets set use_integration = false where id = ${other.ticketId}`)
    await drainIntegrations(env())
    // The switched-off ticket's first message was queued before the switch: stale, never sent.
    expect(fake.calls).toHaveLength(1)
    const muted = number()
    const first = await say(env(), conn, muted, 'oi')
    await drainIntegrations(env())
    expect(fake.calls.map((c) => c.body.ticket.id)).toEqual([ticketId, first.ticketId])
    await q(env(), (tx) => tx`update contacts set disable_bot = true where id = (select contact_id from tickets where id = ${first.ticketId})`)
    await say(env(), conn, muted, 'ainda aí?')
    await drainIntegrations(env())
    expect(fake.calls).toHaveLength(2)
    expect(await integrationJobs(env(), other.ticketId)).toEqual([expect.objectContaining({ lastError: 'stale' })])
  }, T)

  test('5xx is retried with the same delivery id; a timeout three times, a 4xx and a reply out of shape leave a private note', async () => {
    const { conn, companyId } = await setup(env())
    const integration = await addWebhookIntegration(env(), companyId, fake)
    await q(env(), (tx) => tx`update whatsapps set integration_id = ${integration} where id = ${conn.id}`)
    fake.calls.length = 0
    const retried = await say(env(), conn, number(), 'oi')
    fake.queue({ status: 503, json: { error: 'down' } }, { json: { reply: 'Voltei.' } })
    await drainIntegrations(env())
    expect(fake.calls).toHaveLength(2)
    expect(fake.calls[0].delivery).toBe(fake.calls[1].delivery)
    expect(await outgoing(env(), retried.ticketId)).toEqual({ sent: ['Voltei.'], notes: [] })

    const cases: [Parameters<FakeWebhook['queue']>[0][], string][] = [
      [[{ delayMs: 1_500 }, { delayMs: 1_500 }, { delayMs: 1_500 }], 'sem resposta em 1 s após 3 tentativas'],
      [[{ status: 400, json: { error: 'bad' } }], 'HTTP 400'],
      [[{ json: { reply: 5 } }], 'resposta fora do formato (reply)'],
    ]
    for (const [answers, reason] of cases) {
      fake.calls.length = 0
      const { ticketId } = await say(env(), conn, number(), 'oi')
      fake.queue(...answers)
      await drainIntegrations(env(), { timeoutMs: 1_000 })
      expect({ reason, calls: fake.calls.length }).toEqual({ reason, calls: answers.length })
      const out = await outgoing(env(), ticketId)
      expect(out).toEqual({ sent: [], notes: [expect.stringContaining(`falhou (${reason})`)] })
      // The customer's message stays for a human; the ticket still waits for the integration.
      expect(await useOf(env(), ticketId)).toMatchObject({ useIntegration: true })
    }
  }, T)

  test('an attendant who takes the ticket before the answer gets it: the late reply is dropped', async () => {
    const { conn, companyId } = await setup(env())
    const integration = await addWebhookIntegration(env(), companyId, fake)
    await q(env(), (tx) => tx`update whatsapps set integration_id = ${integration} where id = ${conn.id}`)
    const user = await createUser(env(), companyId)
    fake.calls.length = 0
    const { ticketId } = await say(env(), conn, number(), 'oi')
    const [job] = await q(env(), (tx) => tx`select id from jobs where queue = 'integration' and payload->>'ticketId' = ${String(ticketId)}`)
    // The receiver answers, but while it thinks the attendant takes the ticket.
    fake.queue({ delayMs: 300, json: { reply: 'Resposta atrasada' } })
    const running = drainIntegrations(env())
    await Bun.sleep(100)
    await q(env(), (tx) => tx`update tickets set user_id = ${user.id}, status = 'open' where id = ${ticketId}`)
    await running
    expect(fake.calls).toHaveLength(1)
    expect(await outgoing(env(), ticketId)).toEqual({ sent: [], notes: [] })
    const [done] = await q(env(), (tx) => tx`select last_error, done_at from jobs where id = ${job.id}`)
    expect(done).toMatchObject({ lastError: 'stale' })
  }, T)

  test("a customer's file reaches the receiver as a signed 24-hour link under PUBLIC_URL that opens without a session; without PUBLIC_URL, only its type", async () => {
    const { conn, companyId } = await setup(env())
    const integration = await addWebhookIntegration(env(), companyId, fake)
    await q(env(), (tx) => tx`update whatsapps set integration_id = ${integration} where id = ${conn.id}`)
    fake.calls.length = 0
    const from = number()
    const { ticketId } = await say(env(), conn, from, '', 'audio')
    const bytes = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 1, 2])
    const stored = await env().services.media.saveReceived(companyId, bytes, 'audio/ogg', 'nota.ogg')
    await q(env(), (tx) => tx`update messages set media_path = ${stored.fileName}, media_name = 'nota.ogg' where ticket_id = ${ticketId} and not from_me`)
    fake.queue({ json: {} })
    await drainIntegrations(env(), { publicUrl: 'https://balcao.example.com/' })
    const { mediaUrl, ...message } = fake.calls[0].body.message
    expect(message).toMatchObject({ mediaType: 'audio', mediaName: 'nota.ogg' })
    expect(mediaUrl).toMatch(/^https:\/\/balcao\.example\.com\/media\/\d+\/[a-f0-9]{32}\.ogg\?exp=\d+&sig=/)
    const path = mediaUrl.replace('https://balcao.example.com', '')
    const exp = Number(new URL(mediaUrl).searchParams.get('exp'))
    expect(exp * 1000 - env().clock.now.getTime()).toBeGreaterThan(23 * 3600_000)
    const res = await env().app.request(path)
    expect(res.status).toBe(200)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes)
    // The link opens that file only: another name with the same signature is refused.
    expect((await env().app.request(path.replace(stored.fileName, `${'a'.repeat(32)}.ogg`))).status).not.toBe(200)

    await say(env(), conn, from, 'e agora?')
    fake.queue({ json: {} })
    await drainIntegrations(env())
    expect(fake.calls[1].body.message).toMatchObject({ body: 'e agora?', mediaType: 'text', mediaUrl: null, mediaName: null })
  }, T)
})
