import { afterAll, beforeAll, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
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

  test('image, audio and video bubbles reach the customer as media, in order and spaced; a YouTube video, an embed, a missing file, a web page and an oversized file go as links', async () => {
    const { conn, companyId } = await setup(env())
    const integration = await addTypebotIntegration(env(), companyId, typebot.url, { typebotDelayMessage: 1000 })
    await q(env(), (tx) => tx`update whatsapps set integration_id = ${integration} where id = ${conn.id}`)
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
    const ogg = new TextEncoder().encode('OggS-fake-opus')
    typebot.files.set('/arquivos/cardapio.png', { bytes: png, type: 'image/png' })
    typebot.files.set('/arquivos/boas-vindas.ogg', { bytes: ogg, type: null })
    typebot.files.set('/arquivos/tour', { bytes: new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]), type: 'video/mp4' })
    typebot.files.set('/arquivos/pagina.png', { bytes: new TextEncoder().encode('<html></html>'), type: 'text/html' })
    typebot.files.set('/arquivos/enorme.mp4', { bytes: new Uint8Array(17 << 20), type: 'video/mp4' })
    const at = (p: string) => `${typebot.url.replace(/\/$/, '')}${p}`
    typebot.bot = {
      start: () => ({ bubbles: [
        { text: 'Veja nosso cardápio:' },
        { type: 'image', url: at('/arquivos/cardapio.png') },
        { type: 'audio', url: at('/arquivos/boas-vindas.ogg') },
        { type: 'video', url: at('/arquivos/tour') },
        { type: 'video', url: 'https://www.youtube.com/watch?v=abc', videoType: 'youtube' },
        { type: 'embed', url: 'https://example.com/mapa' },
        { type: 'image', url: at('/arquivos/sumiu.png') },
        { type: 'image', url: at('/arquivos/pagina.png') },
        { type: 'video', url: at('/arquivos/enorme.mp4') },
        { text: 'Algo mais?' },
      ] }),
      answer: () => ({ texts: ['Ok.'] }),
    }
    const { ticketId } = await say(env(), conn, number(), 'oi')
    await drainIntegrations(env())
    const rows = await q(env(), (tx) => tx`select m.body, m.media_type, m.media_path, m.media_name, j.run_at from messages m
      join jobs j on j.payload->>'messageId' = m.id::text and j.queue like 'send%' where m.ticket_id = ${ticketId} and m.from_me order by m.id`)
    expect(rows.map((r: any) => [r.mediaType, r.mediaType === 'text' ? r.body : r.mediaName])).toEqual([
      ['text', 'Veja nosso cardápio:'],
      ['image', 'cardapio.png'],
      ['audio', 'boas-vindas.ogg'],
      ['video', 'video.mp4'],
      ['text', 'https://www.youtube.com/watch?v=abc'],
      ['text', 'https://example.com/mapa'],
      ['text', at('/arquivos/sumiu.png')],
      ['text', at('/arquivos/pagina.png')],
      ['text', at('/arquivos/enorme.mp4')],
      ['text', 'Algo mais?'],
    ])
    const t0 = new Date(rows[0].runAt).getTime()
    expect(rows.map((r: any) => new Date(r.runAt).getTime() - t0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => i * 1000))
    // The files are the bot's bytes, in the company's media folder.
    const stored = (name: string) => env().services.media.pathOf(companyId, rows.find((r: any) => r.mediaName === name).mediaPath)!
    expect(new Uint8Array(readFileSync(stored('cardapio.png')))).toEqual(png)
    expect(new Uint8Array(readFileSync(stored('boas-vindas.ogg')))).toEqual(ogg)
    expect(stored('video.mp4')).toMatch(/\.mp4$/)
  }, T)

  test('an answer that no longer applies (an attendant took the ticket while the bot answered) sends nothing and keeps no file', async () => {
    const { conn, companyId } = await setup(env())
    const integration = await addTypebotIntegration(env(), companyId, typebot.url, { typebotDelayMessage: 0 })
    await q(env(), (tx) => tx`update whatsapps set integration_id = ${integration} where id = ${conn.id}`)
    typebot.files.set('/arquivos/foto.png', { bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 9]), type: 'image/png' })
    typebot.bot = { start: () => ({ bubbles: [{ text: 'Foto:' }, { type: 'image', url: `${typebot.url}arquivos/foto.png` }] }), answer: () => ({ texts: ['Ok.'] }) }
    const { ticketId } = await say(env(), conn, number(), 'oi')
    const [user] = await q(env(), (tx) => tx`select id from users where company_id = ${companyId} limit 1`)
    const before = new Set(await mediaFiles(env(), companyId))
    typebot.beforeAnswer = async () => {
      await q(env(), (tx) => tx`update tickets set user_id = ${user.id}, status = 'open' where id = ${ticketId}`)
    }
    try {
      await drainIntegrations(env())
    } finally {
      typebot.beforeAnswer = null
    }
    expect((await outgoing(env(), ticketId)).sent).toEqual([])
    expect((await mediaFiles(env(), companyId)).filter((f) => !before.has(f))).toEqual([])
  }, T)
})

async function mediaFiles(env: Parameters<typeof ticketOf>[0], companyId: number): Promise<string[]> {
  const dir = env.services.media.pathOf(companyId, `${'0'.repeat(32)}.png`)!.replace(/\/[^/]+$/, '')
  return existsSync(dir) ? (await import('node:fs/promises')).readdir(dir) : []
}
