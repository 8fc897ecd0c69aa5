import { afterAll, beforeAll, expect, test } from 'bun:test'
import { describeEachBackend } from '../test/env.ts'
import { startFakeTypebot, type FakeTypebot } from '../test/fake-typebot.ts'
import { addTypebotIntegration, drainIntegrations, outgoing } from '../test/integration-support.ts'
import { addOption, addQueue, logTypes, number, q, say, setup, ticketOf } from '../test/routing-support.ts'

/** Issue 22's Typebot runtime through the simulator channel, the inbound pipeline and the integration worker, against a local Typebot chat API. */

const T = 60_000
let typebot: FakeTypebot
beforeAll(async () => (typebot = await startFakeTypebot()))
afterAll(() => typebot.stop())

const paths = () => typebot.requests.map((r) => r.path.replace(/session-\d+/, 'S').replace('/api/v1', ''))
const session = async (env: Parameters<typeof ticketOf>[0], ticketId: number) =>
  (await q(env, (tx) => tx`select typebot_session_id, use_integration, status from tickets where id = ${ticketId}`))[0]

describeEachBackend('integrations: typebot', (env) => {
  test('a queue starts the bot: its bubbles spaced by typebotDelayMessage, the choices listed, answers continue the session, a refused one gets typebotUnknownMessage, #{queueId} transfers', async () => {
    const { conn, companyId } = await setup(env())
    const humans = (await q(env(), (tx) => tx`insert into queues ${tx({ companyId, name: 'Humanos', color: '#654321' })} returning id`))[0].id
    const integration = await addTypebotIntegration(env(), companyId, typebot.url, { typebotDelayMessage: 1500, typebotUnknownMessage: 'Não entendi, escolha uma opção.' })
    await addQueue(env(), conn, 'Bot', { greetingMessage: 'Fila do bot.', integrationId: integration })
    typebot.requests.length = 0
    typebot.bot = {
      start: (_slug, vars) => ({ texts: [`Olá, **${vars.pushName}**!`, 'Como posso ajudar?'], choices: ['Vendas', 'Suporte'] }),
      answer: (text) => text === 'Suporte' ? { texts: ['Descreva o problema.'] } : text === 'Vendas' ? { texts: ['Já te passo.', `#{"queueId": ${humans}}`] } : { refused: true },
    }
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    await drainIntegrations(env())
    expect(paths()).toEqual(['/typebots/atendimento/startChat'])
    expect(typebot.requests[0].body).toMatchObject({ prefilledVariables: { number: from, pushName: 'Maria' }, textBubbleContentFormat: 'markdown' })
    expect((await outgoing(env(), ticketId)).sent).toEqual(['Fila do bot.', 'Olá, *Maria*!', 'Como posso ajudar?', '▶️ Vendas\n▶️ Suporte'])
    // The bubbles go out typebotDelayMessage apart: their send jobs are due 0, 1.5 and 3 s after the first.
    const due = await q(env(), (tx) => tx`select j.run_at from jobs j join messages m on j.payload->>'messageId' = m.id::text
      where m.ticket_id = ${ticketId} and m.body <> 'Fila do bot.' and j.queue like 'send%' order by m.id`)
    const t0 = new Date(due[0].runAt).getTime()
    expect(due.map((d: { runAt: string }) => new Date(d.runAt).getTime() - t0)).toEqual([0, 1500, 3000])
    expect(await session(env(), ticketId)).toMatchObject({ typebotSessionId: expect.stringMatching(/^session-\d+$/), useIntegration: true })

    await say(env(), conn, from, 'talvez')
    await drainIntegrations(env())
    await say(env(), conn, from, 'Suporte')
    await drainIntegrations(env())
    expect(paths().slice(1)).toEqual(['/sessions/S/continueChat', '/sessions/S/continueChat'])
    expect(typebot.requests[2].body.message).toEqual({ type: 'text', text: 'Suporte' })
    expect((await outgoing(env(), ticketId)).sent.slice(4)).toEqual(['Não entendi, escolha uma opção.', 'Descreva o problema.'])

    await say(env(), conn, from, 'Vendas')
    await drainIntegrations(env())
    expect((await outgoing(env(), ticketId)).sent.slice(-1)).toEqual(['Já te passo.'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ queueId: humans, status: 'pending' })
    expect(await session(env(), ticketId)).toMatchObject({ useIntegration: false })
  }, T)

  test('the finish keyword closes, the restart keyword starts over with its message, an expired or unknown session starts again, 5xx is retried', async () => {
    const { conn, companyId } = await setup(env())
    const integration = await addTypebotIntegration(env(), companyId, typebot.url, {
      typebotKeywordFinish: 'Sair', typebotKeywordRestart: 'reiniciar', typebotRestartMessage: 'Vamos recomeçar.', typebotExpires: 10, typebotDelayMessage: 0,
    })
    await q(env(), (tx) => tx`update whatsapps set integration_id = ${integration} where id = ${conn.id}`)
    typebot.bot = { start: () => ({ texts: ['Bem-vindo!'] }), answer: (text) => ({ texts: [`Você disse ${text}.`] }) }
    typebot.requests.length = 0
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    await drainIntegrations(env())
    await say(env(), conn, from, 'reiniciar')
    await drainIntegrations(env())
    expect(await session(env(), ticketId)).toMatchObject({ typebotSessionId: null, useIntegration: true })
    await say(env(), conn, from, 'de novo')
    await drainIntegrations(env())
    // Idle past typebotExpires (10 min): a new session.
    env().clock.advance(11 * 60_000)
    await say(env(), conn, from, 'voltei')
    await drainIntegrations(env())
    // Typebot forgot the session (its own expiry): 404, then a new one.
    typebot.dropSessions()
    await say(env(), conn, from, 'e agora')
    await drainIntegrations(env())
    typebot.failNext(502)
    await say(env(), conn, from, 'tudo bem?')
    await drainIntegrations(env())
    expect(paths()).toEqual([
      '/typebots/atendimento/startChat', '/typebots/atendimento/startChat', '/typebots/atendimento/startChat',
      '/sessions/S/continueChat', '/typebots/atendimento/startChat', '/sessions/S/continueChat', '/sessions/S/continueChat',
    ])
    expect((await outgoing(env(), ticketId)).sent).toEqual(['Bem-vindo!', 'Vamos recomeçar.', 'Bem-vindo!', 'Bem-vindo!', 'Bem-vindo!', 'Você disse tudo bem?.'])
    await say(env(), conn, from, 'sair')
    await drainIntegrations(env())
    expect(typebot.requests).toHaveLength(7)
    expect(await session(env(), ticketId)).toMatchObject({ status: 'closed', useIntegration: false, typebotSessionId: null })
    expect((await logTypes(env(), ticketId)).slice(-1)).toEqual(['closed'])
  }, T)

  test("a chatbot option's Typebot integration starts the bot with the choice", async () => {
    const { conn, companyId } = await setup(env())
    const integration = await addTypebotIntegration(env(), companyId, typebot.url, { typebotDelayMessage: 0 })
    const queue = await addQueue(env(), conn, 'Menu', { greetingMessage: 'Opções:' })
    await addOption(env(), companyId, { queueId: queue }, { name: 'Robô', queueType: 'integration', optIntegrationId: integration, greetingMessage: '' })
    typebot.bot = { start: () => ({ texts: ['Sou o robô do Typebot.'] }), answer: (text) => ({ texts: [`Você disse ${text}.`] }) }
    typebot.requests.length = 0
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    await say(env(), conn, from, '1')
    await drainIntegrations(env())
    await say(env(), conn, from, 'preço')
    await drainIntegrations(env())
    expect(paths()).toEqual(['/typebots/atendimento/startChat', '/sessions/S/continueChat'])
    expect((await outgoing(env(), ticketId)).sent).toEqual(['Opções:\n\n*1* - Robô', 'Sou o robô do Typebot.', 'Você disse preço.'])
  }, T)
})
