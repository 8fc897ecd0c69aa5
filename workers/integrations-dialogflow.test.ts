import { afterAll, beforeAll, expect, test } from 'bun:test'
import { describeEachBackend } from '../test/env.ts'
import { startFakeDialogflow, type FakeDialogflow } from '../test/fake-dialogflow.ts'
import { addDialogflowIntegration, drainIntegrations, outgoing } from '../test/integration-support.ts'
import { addOption, addQueue, number, q, say, setup } from '../test/routing-support.ts'

/** Issue 22's Dialogflow runtime through the simulator channel and the integration worker, against a local token endpoint and detectIntent. */

const T = 60_000
let google: FakeDialogflow
beforeAll(async () => (google = await startFakeDialogflow()))
afterAll(() => google.stop())

const useOf = async (env: Parameters<typeof q>[0], ticketId: number) =>
  (await q(env, (tx) => tx`select use_integration from tickets where id = ${ticketId}`))[0].useIntegration as boolean

describeEachBackend('integrations: dialogflow', (env) => {
  test("a chatbot option hands over: each message is a detectIntent in the agent's language, with a signed-JWT token reused; endInteraction hands the ticket back", async () => {
    const { conn, companyId } = await setup(env())
    const integration = await addDialogflowIntegration(env(), companyId, google.serviceAccount, { language: 'es' })
    const queue = await addQueue(env(), conn, 'Menu', { greetingMessage: 'Opções:' })
    await addOption(env(), companyId, { queueId: queue }, { name: 'Assistente', queueType: 'integration', optIntegrationId: integration, greetingMessage: '' })
    google.detects.length = 0
    const issuedBefore = google.tokensIssued
    google.agent = (text) => text === 'tchau' ? { texts: ['Até mais!'], endInteraction: true } : { texts: [`Entendi: ${text}`, 'Algo mais?'] }
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    await say(env(), conn, from, '1')
    await drainIntegrations(env(), { dialogflowUrl: google.url })
    await say(env(), conn, from, 'quero o boleto')
    await drainIntegrations(env(), { dialogflowUrl: google.url })
    expect(google.detects.map((d) => [d.project, d.session, d.body.queryInput.text])).toEqual([
      ['meu-agente', `balcao-ticket-${ticketId}`, { text: '1', languageCode: 'es' }],
      ['meu-agente', `balcao-ticket-${ticketId}`, { text: 'quero o boleto', languageCode: 'es' }],
    ])
    expect(google.tokensIssued - issuedBefore).toBeLessThanOrEqual(1)
    expect((await outgoing(env(), ticketId)).sent).toEqual(['Opções:\n\n*1* - Assistente', 'Entendi: 1', 'Algo mais?', 'Entendi: quero o boleto', 'Algo mais?'])
    await say(env(), conn, from, 'tchau')
    await drainIntegrations(env(), { dialogflowUrl: google.url })
    expect((await outgoing(env(), ticketId)).sent.slice(-1)).toEqual(['Até mais!'])
    expect(await useOf(env(), ticketId)).toBe(false)
  }, T)

  test('credentials Google refuses (a note, nothing to the customer), a 5xx retried, a voice note heard as audio', async () => {
    const { conn, companyId } = await setup(env())
    const foreign = await addDialogflowIntegration(env(), companyId, google.foreignServiceAccount)
    await q(env(), (tx) => tx`update whatsapps set integration_id = ${foreign} where id = ${conn.id}`)
    const refused = await say(env(), conn, number(), 'oi')
    await drainIntegrations(env(), { dialogflowUrl: google.url })
    expect(await outgoing(env(), refused.ticketId)).toEqual({ sent: [], notes: [expect.stringContaining('falhou (credenciais recusadas pelo Google (HTTP 400))')] })

    const good = await addDialogflowIntegration(env(), companyId, google.serviceAccount)
    await q(env(), (tx) => tx`update whatsapps set integration_id = ${good} where id = ${conn.id}`)
    google.agent = () => ({ texts: ['Olá!'] })
    google.failNext(503)
    const retried = await say(env(), conn, number(), 'oi')
    await drainIntegrations(env(), { dialogflowUrl: google.url })
    expect(await outgoing(env(), retried.ticketId)).toEqual({ sent: ['Olá!'], notes: [] })
    // A voice note goes as Ogg/Opus audio; the agent answers what it heard.
    const audio = await say(env(), conn, number(), '', 'audio')
    const stored = await env().services.media.saveReceived(companyId, new Uint8Array([0x4f, 0x67, 0x67, 0x53, 7]), 'audio/ogg')
    await q(env(), (tx) => tx`update messages set media_path = ${stored.fileName} where ticket_id = ${audio.ticketId} and not from_me`)
    google.agent = (text) => ({ texts: [`Ouvi: ${text}`] })
    await drainIntegrations(env(), { dialogflowUrl: google.url })
    expect(google.detects.at(-1)?.body).toMatchObject({ queryInput: { audioConfig: { audioEncoding: 'AUDIO_ENCODING_OGG_OPUS', languageCode: 'pt-BR' } }, inputAudio: Buffer.from([0x4f, 0x67, 0x67, 0x53, 7]).toString('base64') })
    expect(await outgoing(env(), audio.ticketId)).toEqual({ sent: ['Ouvi: quero a segunda via'], notes: [] })
  }, T)

  test("a queue's Dialogflow integration answers after the queue's greeting", async () => {
    const { conn, companyId } = await setup(env())
    const integration = await addDialogflowIntegration(env(), companyId, google.serviceAccount)
    await addQueue(env(), conn, 'Assistente', { greetingMessage: 'Fila do assistente.', integrationId: integration })
    google.agent = (text) => ({ texts: [`Dialogflow: ${text}`] })
    const { ticketId } = await say(env(), conn, number(), 'oi')
    await drainIntegrations(env(), { dialogflowUrl: google.url })
    expect((await outgoing(env(), ticketId)).sent).toEqual(['Fila do assistente.', 'Dialogflow: oi'])
  }, T)
})
