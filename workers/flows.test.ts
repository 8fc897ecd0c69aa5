import { expect, test } from 'bun:test'
import { INVALID_MENU_MESSAGE } from '../server/domain/flows/runtime/index.ts'
import { describeEachBackend } from '../test/env.ts'
import { addFlowIntegration, addPhrase, createFlow, flowJobs, flowState, graph, runFlows, sayWithRandom } from '../test/flow-support.ts'
import { call } from '../test/http.ts'
import { addOption, addQueue, LATER, logTypes, number, q, replies, say, setup, ticketOf } from '../test/routing-support.ts'
import { handleChannelEvent } from './inbound/handle-channel-event.ts'
import { depsOf } from '../test/routing-support.ts'

/** Issue 21's flow runtime through the simulator channel and the inbound pipeline, with the interval worker on the test clock. */

const T = 30_000
const MENU = 'Escolha:\n\n*1* - Vendas\n*2* - Suporte'

/** message → menu (1: ticket into `queueId`, 2: message) */
const menuGraph = (queueId: number) =>
  graph(
    [
      { id: 'm1', type: 'message', data: { label: 'Olá {{name}}!' } },
      { id: 'menu1', type: 'menu', data: { message: 'Escolha:', arrayOption: [{ number: 1, value: 'Vendas' }, { number: 2, value: 'Suporte' }] } },
      { id: 't1', type: 'ticket', data: { queue: { id: queueId, name: 'Vendas' } } },
      { id: 'm2', type: 'message', data: { label: 'Suporte: descreva o problema.' } },
    ],
    [['1', 'a', 'm1'], ['m1', 'a', 'menu1'], ['menu1', 'a1', 't1'], ['menu1', 'a2', 'm2']],
  )

describeEachBackend('flows: triggers', (env) => {
  test('an exact phrase starts the flow; an invalid answer re-asks; "1" walks into the ticket node', async () => {
    const { conn, companyId } = await setup(env())
    const vendas = await addQueue(env(), conn, 'Vendas', { greetingMessage: 'Fila Vendas (não deve aparecer)' })
    await addQueue(env(), conn, 'Outra')
    const flowId = await createFlow(env(), companyId, menuGraph(vendas))
    await addPhrase(env(), companyId, flowId, 'Quero comprar', conn.id)
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'quero COMPRAR')
    expect(await replies(env(), ticketId)).toEqual(['Olá Maria!', MENU])
    expect(await flowState(env(), ticketId)).toMatchObject({ flowWebhook: true, flowId, lastFlowId: 'menu1', dataWebhook: { waiting: { nodeId: 'menu1', kind: 'menu' } } })
    await say(env(), conn, from, '7')
    expect((await replies(env(), ticketId)).slice(2)).toEqual([`${INVALID_MENU_MESSAGE}\n\n${MENU}`])
    await say(env(), conn, from, '1')
    expect(await replies(env(), ticketId)).toHaveLength(3)
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: vendas, isBot: false })
    expect(await logTypes(env(), ticketId)).toEqual(['create', 'queue'])
    expect(await flowState(env(), ticketId)).toMatchObject({ flowWebhook: false, flowId, lastFlowId: null, hashFlowId: null, dataWebhook: null })
  }, T)

  test('a menu answer may be the option text; partial phrases match whole words without accents, on any connection', async () => {
    const { conn, companyId } = await setup(env())
    const flowId = await createFlow(env(), companyId, menuGraph(await addQueue(env(), conn, 'Vendas')))
    await addPhrase(env(), companyId, flowId, 'promoção', null)
    const other = await setup(env())
    await addPhrase(env(), companyId, flowId, 'inativa', null, false)
    const from = number()
    // 'promocaox' is not the word: no flow; the connection's queue takes it.
    const first = await say(env(), conn, from, 'promocaox')
    expect(await flowState(env(), first.ticketId)).toMatchObject({ flowWebhook: false, flowId: null })
    const { ticketId } = await say(env(), conn, number(), 'Oi, tem PROMOCAO hoje?')
    expect(await replies(env(), ticketId)).toEqual(['Olá Maria!', MENU])
    await say(env(), conn, (await q(env(), (tx) => tx`select c.number from tickets t join contacts c on c.id = t.contact_id where t.id = ${ticketId}`))[0].number, 'suporte')
    expect((await replies(env(), ticketId)).slice(2)).toEqual(['Suporte: descreva o problema.'])
    expect(await flowState(env(), ticketId)).toMatchObject({ flowWebhook: false })
    // Another company's connection never sees this company's campaigns; an inactive campaign starts nothing.
    const elsewhere = await say(env(), other.conn, number(), 'promoção')
    expect(await flowState(env(), elsewhere.ticketId)).toMatchObject({ flowId: null })
    const off = await say(env(), conn, number(), 'inativa')
    expect(await flowState(env(), off.ticketId)).toMatchObject({ flowId: null })
  }, T)

  test("flowIdWelcome greets a new ticket; flowIdNotPhrase runs once on a queue-less ticket", async () => {
    const { conn, companyId } = await setup(env(), { greetingMessage: 'Saudação da conexão' })
    const welcome = await createFlow(env(), companyId, graph([{ id: 'w', type: 'message', data: { label: 'Bem-vindo!' } }], [['1', 'a', 'w']]))
    const notPhrase = await createFlow(env(), companyId, graph([{ id: 'n', type: 'message', data: { label: 'Não entendi, {{name}}.' } }], [['1', 'a', 'n']]))
    await q(env(), (tx) => tx`update whatsapps set flow_id_welcome = ${welcome} where id = ${conn.id}`)
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    expect(await replies(env(), ticketId)).toEqual(['Bem-vindo!'])
    await q(env(), (tx) => tx`update whatsapps set flow_id_welcome = null, flow_id_not_phrase = ${notPhrase} where id = ${conn.id}`)
    // This ticket ran a flow already: flowIdNotPhrase does not start on it.
    env().clock.advance(LATER)
    await say(env(), conn, from, 'e aí?')
    expect(await replies(env(), ticketId)).toEqual(['Bem-vindo!'])
    const fresh = await say(env(), conn, number(), 'xyz')
    expect(await replies(env(), fresh.ticketId)).toEqual(['Não entendi, Maria.'])
    expect(await flowState(env(), fresh.ticketId)).toMatchObject({ flowWebhook: false, flowId: notPhrase })
  }, T)

  test('a flowbuilder integration starts its flow from a queue, a chatbot option and a connection', async () => {
    const { conn, companyId } = await setup(env())
    const flowId = await createFlow(env(), companyId, graph([{ id: 'x', type: 'message', data: { label: 'Fluxo da integração' } }], [['1', 'a', 'x']]))
    const integration = await addFlowIntegration(env(), companyId, flowId)
    const queue = await addQueue(env(), conn, 'Integrada', { greetingMessage: 'Fila integrada.', integrationId: integration })
    const viaQueue = await say(env(), conn, number(), 'oi')
    expect(await replies(env(), viaQueue.ticketId)).toEqual(['Fila integrada.', 'Fluxo da integração'])
    expect(await ticketOf(env(), viaQueue.ticketId)).toMatchObject({ queueId: queue })

    const s2 = await setup(env())
    const flow2 = await createFlow(env(), s2.companyId, graph([{ id: 'x', type: 'message', data: { label: 'Fluxo da opção' } }], [['1', 'a', 'x']]))
    const int2 = await addFlowIntegration(env(), s2.companyId, flow2)
    const q2 = await addQueue(env(), s2.conn, 'Menu', { greetingMessage: 'Opções:' })
    await addOption(env(), s2.companyId, { queueId: q2 }, { name: 'Robô', queueType: 'integration', optIntegrationId: int2, greetingMessage: '' })
    const from = number()
    const viaOption = await say(env(), s2.conn, from, 'oi')
    await say(env(), s2.conn, from, '1')
    expect(await replies(env(), viaOption.ticketId)).toEqual(['Opções:\n\n*1* - Robô', 'Fluxo da opção'])

    const s3 = await setup(env())
    const flow3 = await createFlow(env(), s3.companyId, graph([{ id: 'x', type: 'message', data: { label: 'Fluxo da conexão' } }], [['1', 'a', 'x']]))
    const int3 = await addFlowIntegration(env(), s3.companyId, flow3)
    await q(env(), (tx) => tx`update whatsapps set integration_id = ${int3} where id = ${s3.conn.id}`)
    const viaConnection = await say(env(), s3.conn, number(), 'oi')
    expect(await replies(env(), viaConnection.ticketId)).toEqual(['Fluxo da conexão'])
  }, T)
})

describeEachBackend('flows: nodes', (env) => {
  test('question keeps the answer in a variable; condition compares numbers and contact fields', async () => {
    const { conn, companyId } = await setup(env())
    const g = graph(
      [
        { id: 'q1', type: 'question', data: { message: 'Qual sua idade?', answerKey: 'idade' } },
        { id: 'c1', type: 'condition', data: { key: 'idade', condition: 2, value: '18' } },
        { id: 'c2', type: 'condition', data: { key: 'name', condition: 1, value: 'maria' } },
        { id: 'adult', type: 'message', data: { label: '{{name}}, {{idade}} anos: maior de idade.' } },
        { id: 'minor', type: 'message', data: { label: 'Menor de idade.' } },
        { id: 'named', type: 'message', data: { label: 'Olá Maria de novo.' } },
      ],
      [['1', 'a', 'q1'], ['q1', 'a', 'c1'], ['c1', 'true', 'adult'], ['c1', 'false', 'minor'], ['adult', 'a', 'c2'], ['c2', 'true', 'named']],
    )
    const flowId = await createFlow(env(), companyId, g)
    await addPhrase(env(), companyId, flowId, 'cadastro', conn.id)
    const a = number()
    const adult = await say(env(), conn, a, 'cadastro')
    expect(await flowState(env(), adult.ticketId)).toMatchObject({ lastFlowId: 'q1', dataWebhook: { waiting: { kind: 'question' } } })
    await say(env(), conn, a, ' 9 ')
    // 9 < 18 as numbers (as texts '9' > '18').
    expect((await replies(env(), adult.ticketId)).slice(1)).toEqual(['Menor de idade.'])
    const b = number()
    const other = await say(env(), conn, b, 'cadastro')
    await say(env(), conn, b, '42')
    expect((await replies(env(), other.ticketId)).slice(1)).toEqual(['Maria, 42 anos: maior de idade.', 'Olá Maria de novo.'])
  }, T)

  test('randomizer: percent to output a, the rest to b (injected draw)', async () => {
    const { conn, companyId } = await setup(env())
    const g = graph(
      [
        { id: 'r', type: 'randomizer', data: { percent: 30 } },
        { id: 'ra', type: 'message', data: { label: 'Caminho A' } },
        { id: 'rb', type: 'message', data: { label: 'Caminho B' } },
      ],
      [['1', 'a', 'r'], ['r', 'a', 'ra'], ['r', 'b', 'rb']],
    )
    await addPhrase(env(), companyId, await createFlow(env(), companyId, g), 'sorteio', conn.id)
    const low = await sayWithRandom(env(), conn, number(), 'sorteio', 0.29)
    const high = await sayWithRandom(env(), conn, number(), 'sorteio', 0.3)
    expect(await replies(env(), low.ticketId)).toEqual(['Caminho A'])
    expect(await replies(env(), high.ticketId)).toEqual(['Caminho B'])
  }, T)

  test('media nodes and a content block send in order; the block waits on its interval as a job', async () => {
    const { conn, companyId } = await setup(env())
    const g = graph(
      [
        { id: 'i1', type: 'img', data: { url: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png' } },
        { id: 'a1', type: 'audio', data: { url: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.ogg', record: true } },
        { id: 'v1', type: 'video', data: { url: 'cccccccccccccccccccccccccccccccc.mp4' } },
        {
          id: 'b1',
          type: 'singleBlock',
          data: {
            seq: ['e2', 'e1', 'e3', 'e4'],
            elements: [
              { type: 'message', number: 'e1', value: 'Segundo' },
              { type: 'message', number: 'e2', value: 'Primeiro' },
              { type: 'interval', number: 'e3', value: 10 },
              { type: 'img', number: 'e4', value: 'dddddddddddddddddddddddddddddddd.jpg' },
            ],
          },
        },
        { id: 'end', type: 'message', data: { label: 'Fim' } },
      ],
      [['1', 'a', 'i1'], ['i1', 'a', 'a1'], ['a1', 'a', 'v1'], ['v1', 'a', 'b1'], ['b1', 'a', 'end']],
    )
    await addPhrase(env(), companyId, await createFlow(env(), companyId, g), 'mídia', conn.id)
    const { ticketId } = await say(env(), conn, number(), 'midia')
    const sent = () => q(env(), (tx) => tx`select m.body, m.media_type, m.media_path, m.data_json, j.id as job_id from messages m
      join jobs j on j.payload->>'messageId' = m.id::text where m.ticket_id = ${ticketId} and m.from_me order by m.id`)
    const before = await sent()
    expect(before.map((m: any) => [m.mediaType, m.mediaPath ?? m.body])).toEqual([
      ['image', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png'],
      ['audio', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.ogg'],
      ['video', 'cccccccccccccccccccccccccccccccc.mp4'],
      ['text', 'Primeiro'],
      ['text', 'Segundo'],
    ])
    expect(before[1].dataJson).toMatchObject({ kind: 'media', asVoice: true })
    // The step's five sends are stored together: the ticket's preview is the last of them.
    const [preview] = await q(env(), (tx) => tx`select last_message, from_me from tickets where id = ${ticketId}`)
    expect(preview).toMatchObject({ lastMessage: 'Segundo', fromMe: true })
    const [job] = await flowJobs(env(), ticketId)
    expect(new Date(job.runAt).getTime()).toBe(env().clock.now.getTime() + 10_000)
    env().clock.advance(9_000)
    await runFlows(env())
    expect(await sent()).toHaveLength(5)
    env().clock.advance(1_000)
    await runFlows(env())
    const after = await sent()
    expect(after.slice(5).map((m: any) => m.mediaPath ?? m.body)).toEqual(['dddddddddddddddddddddddddddddddd.jpg', 'Fim'])
    // Sends keep order: the outbound queue takes them by job id.
    const ids = after.map((m: any) => Number(m.jobId))
    expect(ids).toEqual([...ids].sort((x, y) => x - y))
    expect(await flowState(env(), ticketId)).toMatchObject({ flowWebhook: false })
  }, T)

  test('interval: the job is due after sec; a message meanwhile is stored and ignored; the worker resumes at that time', async () => {
    const { conn, companyId } = await setup(env())
    await addQueue(env(), conn, 'Vendas', { greetingMessage: 'Fila (não deve aparecer)' })
    await addQueue(env(), conn, 'Suporte')
    const g = graph(
      [
        { id: 'm1', type: 'message', data: { label: 'Um momento…' } },
        { id: 'w', type: 'interval', data: { sec: 30 } },
        { id: 'm2', type: 'message', data: { label: 'Pronto!' } },
      ],
      [['1', 'a', 'm1'], ['m1', 'a', 'w'], ['w', 'a', 'm2']],
    )
    await addPhrase(env(), companyId, await createFlow(env(), companyId, g), 'espera', conn.id)
    const from = number()
    const start = env().clock.now.getTime()
    const { ticketId } = await say(env(), conn, from, 'espera')
    const [job] = await flowJobs(env(), ticketId)
    expect(new Date(job.runAt).getTime()).toBe(start + 30_000)
    expect(await flowState(env(), ticketId)).toMatchObject({ flowWebhook: true, lastFlowId: 'w', dataWebhook: { waiting: { kind: 'interval' } } })
    env().clock.advance(5_000)
    await say(env(), conn, from, 'alô?')
    expect(await replies(env(), ticketId)).toEqual(['Um momento…'])
    env().clock.advance(20_000)
    expect(await runFlows(env())).toBe(0)
    env().clock.advance(5_000)
    expect(await runFlows(env())).toBe(1)
    expect(await replies(env(), ticketId)).toEqual(['Um momento…', 'Pronto!'])
    expect((await flowJobs(env(), ticketId))[0].doneAt).not.toBeNull()
    expect(await flowState(env(), ticketId)).toMatchObject({ flowWebhook: false })
  }, T)

  test('a loop ends the run after the step cap; a waiting node removed from the graph ends the run', async () => {
    const { conn, companyId } = await setup(env())
    const loop = graph(
      [
        { id: 'la', type: 'message', data: { label: 'A' } },
        { id: 'lb', type: 'randomizer', data: { percent: 100 } },
      ],
      [['1', 'a', 'la'], ['la', 'a', 'lb'], ['lb', 'a', 'la']],
    )
    await addPhrase(env(), companyId, await createFlow(env(), companyId, loop), 'loop', conn.id)
    const looped = await say(env(), conn, number(), 'loop')
    const sent = await replies(env(), looped.ticketId)
    expect(sent.length).toBeGreaterThan(10)
    expect(sent.length).toBeLessThanOrEqual(100)
    expect(await flowState(env(), looped.ticketId)).toMatchObject({ flowWebhook: false })

    const vendas = await addQueue(env(), conn, 'Vendas', { greetingMessage: 'Fila Vendas.' })
    const flowId = await createFlow(env(), companyId, menuGraph(vendas))
    await addPhrase(env(), companyId, flowId, 'editado', conn.id)
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'editado')
    const edited = graph([{ id: 'other', type: 'message', data: { label: 'novo' } }], [['1', 'a', 'other']])
    await q(env(), (tx) => tx`update flows set flow = ${tx.json(edited)} where id = ${flowId}`)
    await say(env(), conn, from, '1')
    // The run ended and the next rule (the connection's only queue) took the message.
    expect(await flowState(env(), ticketId)).toMatchObject({ flowWebhook: false })
    expect((await replies(env(), ticketId)).slice(2)).toEqual(['Fila Vendas.'])
  }, T)
})

describeEachBackend('flows: what ends a run, and tenants', (env) => {
  async function waiting(s: Awaited<ReturnType<typeof setup>>, phrase: string) {
    const g = graph(
      [
        { id: 'w', type: 'interval', data: { sec: 60 } },
        { id: 'm', type: 'message', data: { label: 'depois' } },
      ],
      [['1', 'a', 'w'], ['w', 'a', 'm']],
    )
    await addPhrase(env(), s.companyId, await createFlow(env(), s.companyId, g), phrase, s.conn.id)
    const { ticketId } = await say(env(), s.conn, number(), phrase)
    expect(await flowState(env(), ticketId)).toMatchObject({ flowWebhook: true })
    return ticketId
  }

  test('closing the ticket, an attendant taking it and the connection disconnecting end the flow; its job is then stale', async () => {
    const s = await setup(env())
    const closed = await waiting(s, 'fechar')
    expect((await call(env(), 'PUT', `/tickets/${closed}`, { token: s.adminToken, json: { status: 'closed' } })).status).toBe(200)
    expect(await flowState(env(), closed)).toMatchObject({ flowWebhook: false, lastFlowId: null, dataWebhook: null })

    const taken = await waiting(s, 'pegar')
    const [{ adminId }] = await q(env(), (tx) => tx`select id as admin_id from users where company_id = ${s.companyId} and profile = 'admin' limit 1`)
    expect((await call(env(), 'PUT', `/tickets/${taken}`, { token: s.adminToken, json: { status: 'open', userId: adminId } })).status).toBe(200)
    expect(await flowState(env(), taken)).toMatchObject({ flowWebhook: false })

    const cut = await waiting(s, 'cair')
    await handleChannelEvent(depsOf(env()), s.conn, { kind: 'status', status: 'DISCONNECTED', qrcode: '' })
    expect(await flowState(env(), cut)).toMatchObject({ flowWebhook: false })

    env().clock.advance(61_000)
    await runFlows(env())
    for (const t of [closed, taken, cut]) {
      expect((await flowJobs(env(), t))[0]).toMatchObject({ lastError: 'stale' })
      expect(await replies(env(), t)).not.toContain('depois')
    }
  }, T)

  test("two companies' runs keep their own variables", async () => {
    const companies = [await setup(env()), await setup(env())]
    const tickets: number[] = []
    for (const [i, s] of companies.entries()) {
      const g = graph(
        [
          { id: 'q', type: 'question', data: { message: 'Seu código?', answerKey: 'codigo' } },
          { id: 'm', type: 'message', data: { label: 'Código {{codigo}}' } },
        ],
        [['1', 'a', 'q'], ['q', 'a', 'm']],
      )
      await addPhrase(env(), s.companyId, await createFlow(env(), s.companyId, g), 'codigo', s.conn.id)
      const from = number()
      tickets.push((await say(env(), s.conn, from, 'codigo')).ticketId)
      await say(env(), s.conn, from, `C${i}`)
    }
    expect(await replies(env(), tickets[0])).toEqual(['Seu código?', 'Código C0'])
    expect(await replies(env(), tickets[1])).toEqual(['Seu código?', 'Código C1'])
  }, T)
})
