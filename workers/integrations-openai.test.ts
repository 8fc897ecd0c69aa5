import { afterAll, beforeAll, expect, test } from 'bun:test'
import { azureSpeech, TRANSFER_PHRASE } from '../server/domain/integrations/runtime/index.ts'
import { describeEachBackend } from '../test/env.ts'
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts'
import { addPrompt, drainIntegrations, outgoing } from '../test/integration-support.ts'
import { addQueue, LATER, number, q, say, setup, ticketOf } from '../test/routing-support.ts'

/** Issue 22's AI prompts through the simulator channel and the integration worker, against a local OpenAI-compatible server. */

const T = 60_000
let ai: FakeOpenAi
beforeAll(async () => (ai = await startFakeOpenAi()))
afterAll(() => ai.stop())

describeEachBackend('integrations: openai prompts', (env) => {
  test("a connection's prompt answers with the system prompt and the latest maxMessages messages; tokens are counted; the transfer phrase moves the ticket to the prompt's queue", async () => {
    const { conn, companyId } = await setup(env())
    const humans = (await q(env(), (tx) => tx`insert into queues ${tx({ companyId, name: 'Humanos', color: '#334455' })} returning id`))[0].id
    const promptId = await addPrompt(env(), companyId, { maxMessages: 3, maxTokens: 150, temperature: 0.4, queueId: humans })
    await q(env(), (tx) => tx`update whatsapps set prompt_id = ${promptId} where id = ${conn.id}`)
    ai.requests.length = 0
    ai.reply = (messages) => (messages.at(-1)?.content === 'quero um humano' ? `Claro! ${TRANSFER_PHRASE}` : `Resposta ${messages.length}`)
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    await drainIntegrations(env(), { openAiUrl: ai.url })
    for (const text of ['tem pizza?', 'e refrigerante?']) {
      env().clock.advance(LATER)
      await say(env(), conn, from, text)
      await drainIntegrations(env(), { openAiUrl: ai.url })
    }
    const last = ai.requests.at(-1)!
    expect(last.authorization).toBe('Bearer sk-test-balcao')
    expect(last.body).toMatchObject({ model: 'test-model', max_tokens: 150, temperature: 0.4 })
    expect(last.body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('Você é o assistente da Loja Balcão.') })
    // The latest three, oldest first (the anchors send the oldest).
    expect(last.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'tem pizza?' },
      { role: 'assistant', content: 'Resposta 4' },
      { role: 'user', content: 'e refrigerante?' },
    ])
    expect((await outgoing(env(), ticketId)).sent).toEqual(['Resposta 2', 'Resposta 4', 'Resposta 4'])
    const [counted] = await q(env(), (tx) => tx`select prompt_tokens, completion_tokens, total_tokens from prompts where id = ${promptId}`)
    expect(counted.totalTokens).toBe(counted.promptTokens + counted.completionTokens)
    expect(counted.totalTokens).toBeGreaterThan(0)

    env().clock.advance(LATER)
    await say(env(), conn, from, 'quero um humano')
    await drainIntegrations(env(), { openAiUrl: ai.url })
    expect((await outgoing(env(), ticketId)).sent.slice(-1)).toEqual(['Claro!'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ queueId: humans, status: 'pending' })
    const [t] = await q(env(), (tx) => tx`select use_integration, prompt_id from tickets where id = ${ticketId}`)
    expect(t).toEqual({ useIntegration: false, promptId: null })
    const calls = ai.requests.length
    await say(env(), conn, from, 'alô?')
    await drainIntegrations(env(), { openAiUrl: ai.url })
    expect(ai.requests.length).toBe(calls)
  }, T)

  test("a queue's prompt answers after its greeting; a refused key leaves a note; a plan without useOpenAi never hands over", async () => {
    const { conn, companyId } = await setup(env())
    const promptId = await addPrompt(env(), companyId, { apiKey: 'sk-wrong' })
    await addQueue(env(), conn, 'IA', { greetingMessage: 'Fila com IA.', promptId })
    const { ticketId } = await say(env(), conn, number(), 'oi')
    await drainIntegrations(env(), { openAiUrl: ai.url })
    expect(await outgoing(env(), ticketId)).toEqual({ sent: ['Fila com IA.'], notes: [expect.stringContaining('falhou (chave de API recusada (HTTP 401))')] })

    const noAi = await setup(env())
    await q(env(), (tx) => tx`update plans set use_open_ai = false where id = (select plan_id from companies where id = ${noAi.companyId})`)
    const p2 = await addPrompt(env(), noAi.companyId)
    await q(env(), (tx) => tx`update whatsapps set prompt_id = ${p2} where id = ${noAi.conn.id}`)
    const calls = ai.requests.length
    const other = await say(env(), noAi.conn, number(), 'oi')
    await drainIntegrations(env(), { openAiUrl: ai.url })
    expect(ai.requests.length).toBe(calls)
    expect((await outgoing(env(), other.ticketId)).sent[0]).toStartWith('Olá Maria!')
  }, T)

  test('a voice note is transcribed first and answered as text', async () => {
    const { conn, companyId } = await setup(env())
    const promptId = await addPrompt(env(), companyId)
    await q(env(), (tx) => tx`update whatsapps set prompt_id = ${promptId} where id = ${conn.id}`)
    ai.transcript = 'qual o horário de vocês?'
    ai.transcriptions.length = 0
    ai.reply = (messages) => `Ouvi: ${messages.at(-1)?.content}`
    const { ticketId } = await say(env(), conn, number(), '', 'audio')
    // The pipeline stored the note's file (here: written for the test, as a download would).
    const stored = await env().services.media.saveReceived(companyId, new Uint8Array([0x4f, 0x67, 0x67, 0x53, 1, 2, 3, 4]), 'audio/ogg')
    await q(env(), (tx) => tx`update messages set media_path = ${stored.fileName} where ticket_id = ${ticketId} and not from_me`)
    await drainIntegrations(env(), { openAiUrl: ai.url })
    expect(ai.transcriptions).toEqual([{ model: 'whisper-1', size: 8, authorization: 'Bearer sk-test-balcao' }])
    expect(ai.requests.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: 'qual o horário de vocês?' })
    expect((await outgoing(env(), ticketId)).sent).toEqual(['Ouvi: qual o horário de vocês?'])
  }, T)

  test("a prompt with a voice answers with a voice note spoken by Azure's text-to-speech (its SSML, key and Ogg/Opus format)", async () => {
    const heard: { key: string | null; format: string | null; ssml: string }[] = []
    const tts = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      async fetch(req) {
        heard.push({ key: req.headers.get('ocp-apim-subscription-key'), format: req.headers.get('x-microsoft-outputformat'), ssml: await req.text() })
        return new Response(new Uint8Array([0x4f, 0x67, 0x67, 0x53, 9, 9]), { headers: { 'content-type': 'audio/ogg' } })
      },
    })
    try {
      const { conn, companyId } = await setup(env())
      const promptId = await addPrompt(env(), companyId, { voice: 'pt-BR-FranciscaNeural', voiceKey: 'azure-key', voiceRegion: 'brazilsouth' })
      await q(env(), (tx) => tx`update whatsapps set prompt_id = ${promptId} where id = ${conn.id}`)
      ai.reply = () => 'Abrimos às 8h & fechamos às 18h.'
      const { ticketId } = await say(env(), conn, number(), 'que horas abre?')
      await drainIntegrations(env(), { openAiUrl: ai.url, speech: azureSpeech(`http://127.0.0.1:${tts.port}`) })
      expect(heard).toEqual([{ key: 'azure-key', format: 'ogg-24khz-16bit-mono-opus', ssml: expect.stringContaining('<voice name="pt-BR-FranciscaNeural">Abrimos às 8h &amp; fechamos às 18h.</voice>') }])
      const [note] = await q(env(), (tx) => tx`select body, media_type, media_path from messages where ticket_id = ${ticketId} and from_me`)
      expect(note).toMatchObject({ body: '', mediaType: 'audio', mediaPath: expect.stringMatching(/\.(ogg|oga|opus)$/) })
    } finally {
      tts.stop(true)
    }
  }, T)
})
