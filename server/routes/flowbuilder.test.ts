import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { withSystem } from '../db/tenant.ts'
import type { DomainEvent } from '../domain/context.ts'
import { frameFor, routeEvent } from '../realtime/route-event.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, createUser } from '../../test/factories.ts'
import { formWith, PNG_1PX } from '../../test/files.ts'
import { call } from '../../test/http.ts'
import { multipart, send } from '../../test/fuzz/support.ts'
import { insertTicket, ticketFixtures } from '../../test/sync-support.ts'

/** Route tests make many calls; PGlite on a busy 2-core machine needs more than bun's 5 s. */
const SLOW = 30_000
const sys = <T>(env: TestEnv, fn: (tx: any) => Promise<T>): Promise<T> => withSystem(env.services.db, fn)
const MB = 1024 * 1024

function captureEvents(env: TestEnv) {
  const events: DomainEvent[] = []
  const stop = env.services.events.subscribe((e) => events.push(JSON.parse(JSON.stringify(e))))
  return { of: (type: string) => events.filter((e) => e.type === type), stop }
}

/** The files of a company's media folder. */
const filesOf = (env: TestEnv, companyId: number) => {
  const dir = join(env.services.media.root, String(companyId))
  return existsSync(dir) ? readdirSync(dir).sort() : []
}

async function newFlow(env: TestEnv, token: string, name: string) {
  const res = await call(env, 'POST', '/flowbuilder', { token, json: { name } })
  expect(res.status).toBe(201)
  return res.body.flow as { id: number; name: string; active: boolean }
}

const start = { id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Início do fluxo' } }
const at = (y: number) => ({ x: 0, y })

describeEachBackend('flow builder', (env) => {
  describe('create, read, update', () => {
    test('an admin creates a flow holding one start block; it reads back; admins are told', async () => {
      const { companyId, adminId, adminToken } = await createCompany(env())
      const events = captureEvents(env())
      const res = await call(env(), 'POST', '/flowbuilder', { token: adminToken, json: { name: '  Boas-vindas ' } })
      events.stop()
      expect(res.status).toBe(201)
      expect(Object.keys(res.body.flow).sort()).toEqual(['active', 'createdAt', 'id', 'name', 'updatedAt', 'userId'])
      expect(res.body.flow).toMatchObject({ name: 'Boas-vindas', active: true, userId: adminId })
      const shown = await call(env(), 'GET', `/flowbuilder/${res.body.flow.id}`, { token: adminToken })
      expect(shown.body).toEqual(res.body)
      const graph = await call(env(), 'GET', `/flowbuilder/flow/${res.body.flow.id}`, { token: adminToken })
      expect(graph.body).toEqual({ flow: { id: res.body.flow.id, name: 'Boas-vindas', active: true, flow: { nodes: [start], connections: [] } } })
      const [event] = events.of('flowbuilder')
      expect(event.payload).toEqual({ action: 'create', flow: res.body.flow })
      const route = routeEvent(event)
      expect(route.audiences).toEqual([{ to: 'company', companyId, adminsOnly: true }])
      expect(frameFor(route, companyId).event).toBe(`company-${companyId}-flowbuilder`)
    }, SLOW)

    test('PUT /flowbuilder {flowId, name, active} renames and switches off; PUT /flowbuilder/{id} too', async () => {
      const { adminToken } = await createCompany(env())
      const flow = await newFlow(env(), adminToken, 'Antigo')
      const renamed = await call(env(), 'PUT', '/flowbuilder', { token: adminToken, json: { flowId: flow.id, name: 'Novo', active: false } })
      expect(renamed.status).toBe(200)
      expect(renamed.body.flow).toMatchObject({ id: flow.id, name: 'Novo', active: false })
      const again = await call(env(), 'PUT', `/flowbuilder/${flow.id}`, { token: adminToken, json: { name: 'Novo nome' } })
      expect(again.body.flow).toMatchObject({ id: flow.id, name: 'Novo nome', active: false })
      const noId = await call(env(), 'PUT', '/flowbuilder', { token: adminToken, json: { name: 'Sem id' } })
      expect(noId.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'flowId' }] })
    }, SLOW)

    test('names are 2-50 with the spec messages, unique in the company case-insensitively, and hold no NUL', async () => {
      const { adminToken } = await createCompany(env())
      const cases = [[undefined, 'Digite um nome!'], ['', 'Digite um nome!'], ['a', 'Muito curto!'], ['x'.repeat(51), 'Muito longo!'], ['Flu\u0000xo', 'Caractere inválido']] as const
      for (const [name, message] of cases) {
        const res = await call(env(), 'POST', '/flowbuilder', { token: adminToken, json: { name } })
        expect({ name, status: res.status, fields: res.body.fields }).toEqual({ name, status: 400, fields: [{ field: 'name', message }] })
      }
      const flow = await newFlow(env(), adminToken, 'Vendas')
      const taken = await call(env(), 'POST', '/flowbuilder', { token: adminToken, json: { name: 'VENDAS' } })
      expect({ status: taken.status, error: taken.body.error }).toEqual({ status: 409, error: 'ERR_NAME_ALREADY_EXISTS' })
      const other = await newFlow(env(), adminToken, 'Suporte')
      const renameTaken = await call(env(), 'PUT', '/flowbuilder', { token: adminToken, json: { flowId: other.id, name: 'vendas' } })
      expect(renameTaken.status).toBe(409)
      expect((await call(env(), 'PUT', '/flowbuilder', { token: adminToken, json: { flowId: flow.id, name: 'VENDAS' } })).status).toBe(200)
      // Another company may use the same name.
      const b = await createCompany(env())
      expect((await call(env(), 'POST', '/flowbuilder', { token: b.adminToken, json: { name: 'Vendas' } })).status).toBe(201)
    }, SLOW)
  })

  test('GET /flowbuilder pages 20 by lower(name), id with hasMore; searchParam matches the name in lowercase', async () => {
    const { adminToken } = await createCompany(env())
    const names = Array.from({ length: 22 }, (_, i) => `${i % 2 ? 'fluxo' : 'Fluxo'} ${String(i).padStart(2, '0')}`)
    for (const name of [...names].reverse()) await newFlow(env(), adminToken, name)
    const first = await call(env(), 'GET', '/flowbuilder', { token: adminToken })
    expect(first.status).toBe(200)
    expect(Object.keys(first.body).sort()).toEqual(['flows', 'hasMore'])
    expect(first.body.flows.map((f: { name: string }) => f.name)).toEqual(names.slice(0, 20))
    expect(first.body.hasMore).toBe(true)
    const second = await call(env(), 'GET', '/flowbuilder?pageNumber=2', { token: adminToken })
    expect({ names: second.body.flows.map((f: { name: string }) => f.name), hasMore: second.body.hasMore }).toEqual({ names: names.slice(20), hasMore: false })
    const found = await call(env(), 'GET', '/flowbuilder?searchParam=FLUXO%2001&pageNumber=1', { token: adminToken })
    expect(found.body).toMatchObject({ hasMore: false, flows: [{ name: 'fluxo 01' }] })
    const wildcard = await call(env(), 'GET', '/flowbuilder?searchParam=%25', { token: adminToken })
    expect(wildcard.body.flows).toEqual([])
  }, SLOW)

  test("another company's flow is a 404 on every route", async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const flow = await newFlow(env(), a.adminToken, 'Da empresa A')
    const calls: [string, string, unknown][] = [
      ['GET', `/flowbuilder/${flow.id}`, undefined], ['GET', `/flowbuilder/flow/${flow.id}`, undefined],
      ['PUT', '/flowbuilder', { flowId: flow.id, name: 'Roubado' }], ['PUT', `/flowbuilder/${flow.id}`, { name: 'Roubado' }],
      ['POST', '/flowbuilder/duplicate', { flowId: flow.id }], ['POST', '/flowbuilder/flow', { idFlow: flow.id, nodes: [start], connections: [] }],
      ['DELETE', `/flowbuilder/${flow.id}`, undefined], ['GET', '/flowbuilder/999999', undefined],
    ]
    for (const [method, path, json] of calls) {
      const res = await call(env(), method, path, { token: b.adminToken, json })
      expect({ method, path, status: res.status, error: res.body.error }).toEqual({ method, path, status: 404, error: 'ERR_NOT_FOUND' })
    }
    expect((await call(env(), 'GET', `/flowbuilder/${flow.id}`, { token: a.adminToken })).body.flow.name).toBe('Da empresa A')
  }, SLOW)

  describe('the graph check (POST /flowbuilder/flow)', () => {
    test('a valid graph of every block type saves and reads back', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const { queueA } = await ticketFixtures(env(), companyId)
      const flow = await newFlow(env(), adminToken, 'Completo')
      const up = await call(env(), 'POST', '/flowbuilder/img', { token: adminToken, form: formWith('medias', PNG_1PX, 'logo.png', 'image/png') })
      const image = up.body.name as string
      const nodes = [
        start,
        { id: 'msg1', type: 'message', position: at(100), data: { label: 'Olá {{name}}' } },
        { id: 'int1', type: 'interval', position: at(200), data: { sec: 120 } },
        { id: 'menu1', type: 'menu', position: at(300), data: { message: 'Escolha', arrayOption: [{ number: 1, value: 'Vendas' }, { number: 2, value: 'Suporte' }] } },
        { id: 'cond1', type: 'condition', position: at(400), data: { key: 'nome', condition: 1, value: 'Ana' } },
        { id: 'rand1', type: 'randomizer', position: at(500), data: { percent: 30 } },
        { id: 'img1', type: 'img', position: at(600), data: { url: image } },
        { id: 'blk1', type: 'singleBlock', position: at(700), data: { seq: ['m1', 'i1'], elements: [{ type: 'message', number: 'm1', value: 'Veja' }, { type: 'img', number: 'i1', value: image }] } },
        { id: 'q1', type: 'question', position: at(800), data: { message: 'Seu e-mail?', answerKey: 'email' } },
        { id: 'tk1', type: 'ticket', position: at(900), data: { queue: { id: queueA, name: 'Fila' } } },
      ]
      const connections = [
        { source: '1', sourceHandle: null, target: 'msg1' }, { source: 'msg1', sourceHandle: 'a', target: 'int1' },
        { source: 'int1', sourceHandle: 'a', target: 'menu1' }, { source: 'menu1', sourceHandle: 'a1', target: 'cond1' },
        { source: 'menu1', sourceHandle: 'a2', target: 'rand1' }, { source: 'cond1', sourceHandle: 'true', target: 'img1' },
        { source: 'rand1', sourceHandle: 'b', target: 'blk1' }, { source: 'blk1', sourceHandle: 'a', target: 'q1' }, { source: 'q1', sourceHandle: 'a', target: 'tk1' },
      ]
      const events = captureEvents(env())
      const saved = await call(env(), 'POST', '/flowbuilder/flow', { token: adminToken, json: { idFlow: flow.id, nodes, connections } })
      events.stop()
      expect(saved.status).toBe(200)
      expect(saved.body.flow).toMatchObject({ id: flow.id, name: 'Completo', active: true })
      expect(saved.body.flow.flow.nodes.map((n: { id: string }) => n.id)).toEqual(nodes.map((n) => n.id))
      const read = await call(env(), 'GET', `/flowbuilder/flow/${flow.id}`, { token: adminToken })
      expect(read.body).toEqual(saved.body)
      const row = (await call(env(), 'GET', `/flowbuilder/${flow.id}`, { token: adminToken })).body.flow
      expect(events.of('flowbuilder').map((e) => e.payload)).toEqual([{ action: 'update', flow: row }])
    }, SLOW)

    test('a bad graph is 400 ERR_VALIDATION naming each problem by its path, and nothing is saved', async () => {
      const { adminToken } = await createCompany(env())
      const other = await createCompany(env())
      const { queueA: foreignQueue } = await ticketFixtures(env(), other.companyId)
      const flow = await newFlow(env(), adminToken, 'Quebrado')
      const nodes = [
        start,
        { id: 'int0', type: 'interval', position: at(100), data: { sec: 0 } },
        { id: 'int121', type: 'interval', position: at(200), data: { sec: 121 } },
        { id: 'rand', type: 'randomizer', position: at(300), data: { percent: 15 } },
        { id: 'cond', type: 'condition', position: at(400), data: { key: 'x', condition: 6, value: '1' } },
        { id: 'menu', type: 'menu', position: at(500), data: { message: 'Escolha', arrayOption: [{ number: 1, value: 'Um' }] } },
        { id: 'tk', type: 'ticket', position: at(600), data: { queue: { id: foreignQueue, name: 'Alheia' } } },
        { id: 'img', type: 'img', position: at(700), data: { url: `${'f'.repeat(32)}.png` } },
        { id: 'msg', type: 'message', position: at(800), data: { label: 'Oi' } },
        { id: 'msg2', type: 'message', position: at(900), data: { label: 'Tchau' } },
      ]
      const connections = [
        { source: '1', sourceHandle: 'a', target: 'ghost' },
        { source: 'msg', sourceHandle: 'a', target: 'msg2' },
        { source: 'msg', sourceHandle: 'a', target: 'menu' },
        { source: 'menu', sourceHandle: 'a3', target: 'msg' },
      ]
      const res = await call(env(), 'POST', '/flowbuilder/flow', { token: adminToken, json: { idFlow: flow.id, nodes, connections } })
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error: 'ERR_VALIDATION' })
      const fields = res.body.fields.map((f: { field: string }) => f.field)
      expect(fields).toEqual(expect.arrayContaining([
        'nodes.1.data.sec', 'nodes.2.data.sec', 'nodes.3.data.percent', 'nodes.4.data.condition',
        'connections.0.target', 'connections.2.sourceHandle', 'connections.3.sourceHandle',
      ]))
      expect(res.body.fields).toContainEqual({ field: 'nodes.2.data.sec', message: 'Máximo de tempo atingido 120 segundos' })
      // The company checks run on a graph that passed the shape check.
      const companyChecks = await call(env(), 'POST', '/flowbuilder/flow', { token: adminToken, json: { idFlow: flow.id, nodes: [start, nodes[6], nodes[7]], connections: [] } })
      expect(companyChecks.status).toBe(400)
      expect(companyChecks.body.fields).toEqual([
        { field: 'nodes.1.data.queue.id', message: 'Adicione uma fila' },
        { field: 'nodes.2.data.url', message: 'Arquivo inválido' },
      ])
      const read = await call(env(), 'GET', `/flowbuilder/flow/${flow.id}`, { token: adminToken })
      expect(read.body.flow.flow).toEqual({ nodes: [start], connections: [] })
    }, SLOW)

    test("a media name of another company's folder, or a content block element naming a missing file, is 'Arquivo inválido'", async () => {
      const a = await createCompany(env())
      const b = await createCompany(env())
      const up = await call(env(), 'POST', '/flowbuilder/img', { token: b.adminToken, form: formWith('medias', PNG_1PX, 'b.png', 'image/png') })
      expect(up.status).toBe(200)
      const flow = await newFlow(env(), a.adminToken, 'Alheio')
      const nodes = [start,
        { id: 'img', type: 'img', position: at(100), data: { url: up.body.name } },
        { id: 'blk', type: 'singleBlock', position: at(200), data: { seq: ['v'], elements: [{ type: 'video', number: 'v', value: `${'0'.repeat(32)}.mp4` }] } }]
      const res = await call(env(), 'POST', '/flowbuilder/flow', { token: a.adminToken, json: { idFlow: flow.id, nodes, connections: [] } })
      expect(res.body.fields).toEqual([
        { field: 'nodes.1.data.url', message: 'Arquivo inválido' },
        { field: 'nodes.2.data.elements.0.value', message: 'Arquivo inválido' },
      ])
    }, SLOW)

    test('text with a NUL in a block is refused at its path', async () => {
      const { adminToken } = await createCompany(env())
      const flow = await newFlow(env(), adminToken, 'Nulo')
      const nodes = [start, { id: 'msg', type: 'message', position: at(100), data: { label: 'Oi\u0000' } }]
      const res = await call(env(), 'POST', '/flowbuilder/flow', { token: adminToken, json: { idFlow: flow.id, nodes, connections: [] } })
      expect({ status: res.status, fields: res.body.fields }).toEqual({ status: 400, fields: [{ field: 'nodes.1.data.label', message: 'Caractere inválido' }] })
    }, SLOW)
  })

  describe('uploads', () => {
    test('POST /flowbuilder/img stores a png in the company folder and answers its name', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const res = await call(env(), 'POST', '/flowbuilder/img', { token: adminToken, form: formWith('medias', PNG_1PX, 'foto.png', 'image/png', { body: 'foto', fromMe: 'true' }) })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ name: expect.stringMatching(/^[a-f0-9]{32}\.png$/) })
      expect(filesOf(env(), companyId)).toEqual([res.body.name])
    }, SLOW)

    test('refused uploads answer the type or size error and leave no file', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const tooBig = await call(env(), 'POST', '/flowbuilder/img', { token: adminToken, form: formWith('medias', new Uint8Array(2 * MB + 1), 'big.png', 'image/png') })
      expect({ status: tooBig.status, error: tooBig.body.error, message: tooBig.body.message }).toEqual({ status: 413, error: 'ERR_FILE_TOO_LARGE', message: 'Arquivo é muito grande! 2MB máximo' })
      const gif = await call(env(), 'POST', '/flowbuilder/img', { token: adminToken, form: formWith('medias', PNG_1PX, 'a.gif', 'image/gif') })
      expect({ status: gif.status, error: gif.body.error }).toEqual({ status: 400, error: 'ERR_INVALID_FILE_TYPE' })
      const fakePng = await call(env(), 'POST', '/flowbuilder/img', { token: adminToken, form: formWith('medias', 'not a png', 'a.png', 'image/png') })
      expect(fakePng.body.error).toBe('ERR_INVALID_FILE_TYPE')
      const bigAudio = await call(env(), 'POST', '/flowbuilder/audio', { token: adminToken, form: formWith('medias', new Uint8Array(5 * MB + 1), 'a.mp3', 'audio/mpeg') })
      expect({ status: bigAudio.status, message: bigAudio.body.message }).toEqual({ status: 413, message: 'Arquivo é muito grande! 5MB máximo' })
      const wav = await call(env(), 'POST', '/flowbuilder/audio', { token: adminToken, form: formWith('medias', 'RIFF', 'a.wav', 'audio/wav') })
      expect(wav.body.error).toBe('ERR_INVALID_FILE_TYPE')
      // A control character in the file name (a NUL cuts the name at the parser, leaving no extension: a type
      // refusal); FormData would escape it, so the multipart body is written by hand.
      const raw = multipart([{ field: 'medias', name: 'a\u0001b.png', type: 'image/png', bytes: PNG_1PX }])
      const nulName = await send(env(), 'POST', '/flowbuilder/img', { token: adminToken, body: raw.body, contentType: raw.contentType })
      expect({ status: nulName.status, fields: (nulName.json as { fields?: unknown }).fields }).toEqual({ status: 400, fields: [{ field: 'medias.0', message: 'Caractere inválido' }] })
      const missing = await call(env(), 'POST', '/flowbuilder/img', { token: adminToken, form: new FormData() })
      expect({ status: missing.status, error: missing.body.error }).toEqual({ status: 400, error: 'ERR_VALIDATION' })
      // One good and one refused file in a content upload: nothing is kept.
      const mixed = new FormData()
      mixed.append('medias', new File(['ID3'], 'a.mp3', { type: 'audio/mpeg' }))
      mixed.append('medias', new File(['not a png'], 'b.png', { type: 'image/png' }))
      expect((await call(env(), 'POST', '/flowbuilder/content', { token: adminToken, form: mixed })).body.error).toBe('ERR_INVALID_FILE_TYPE')
      expect(filesOf(env(), companyId)).toEqual([])
    }, SLOW)

    test('the audio call takes ogg, mp3, opus and the video dialog’s mp4; content takes several and answers their names', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const names: string[] = []
      for (const [name, type] of [['voz.ogg', 'audio/ogg'], ['voz.mp3', 'audio/mpeg'], ['voz.opus', 'audio/opus'], ['clipe.mp4', 'video/mp4']]) {
        const res = await call(env(), 'POST', '/flowbuilder/audio', { token: adminToken, form: formWith('medias', 'data', name, type) })
        expect({ name, status: res.status }).toEqual({ name, status: 200 })
        names.push(res.body.name)
      }
      const form = new FormData()
      form.append('medias', new File([PNG_1PX], 'a.png', { type: 'image/png' }))
      form.append('medias', new File(['ID3'], 'b.mp3', { type: 'audio/mpeg' }))
      form.append('medias', new File(['mp4'], 'c.mp4', { type: 'video/mp4' }))
      const content = await call(env(), 'POST', '/flowbuilder/content', { token: adminToken, form })
      expect(content.status).toBe(200)
      expect(content.body.names).toHaveLength(3)
      expect(filesOf(env(), companyId)).toEqual([...names, ...content.body.names].sort())
    }, SLOW)
  })

  describe('delete and duplicate', () => {
    test('DELETE removes the flow, its phrase campaigns, clears connections and integrations, and stops tickets running it', async () => {
      const { companyId, adminToken } = await createCompany(env())
      const flow = await newFlow(env(), adminToken, 'Apagar')
      const keep = await newFlow(env(), adminToken, 'Manter')
      const conn = await createConnection(env(), companyId, { flowIdWelcome: flow.id, flowIdNotPhrase: flow.id })
      const phrase = await call(env(), 'POST', '/flowcampaign', { token: adminToken, json: { name: 'Promo', flowId: flow.id, whatsappId: conn.id, phrase: 'quero promo' } })
      expect(phrase.status).toBe(201)
      const kept = await call(env(), 'POST', '/flowcampaign', { token: adminToken, json: { name: 'Outra', flowId: keep.id, whatsappId: null, phrase: 'oi' } })
      const [integration] = await sys<{ id: number }[]>(env(), (tx) => tx`
        insert into queue_integrations (company_id, type, name, flow_id) values (${companyId}, 'flowbuilder', 'Fluxo', ${flow.id}) returning id`)
      const running = await insertTicket(env(), companyId, conn.id, { flowWebhook: true, flowId: flow.id, lastFlowId: 'menu1', hashFlowId: 'run1' })
      await sys(env(), (tx) => tx`update tickets set data_webhook = ${tx.json({ variables: { a: '1' } })} where id = ${running.ticketId}`)
      const other = await insertTicket(env(), companyId, conn.id, { flowWebhook: true, flowId: keep.id, lastFlowId: 'menu1', hashFlowId: 'run2' })

      const events = captureEvents(env())
      const res = await call(env(), 'DELETE', `/flowbuilder/${flow.id}`, { token: adminToken })
      events.stop()
      expect(res.status).toBe(200)
      expect(typeof res.body.message).toBe('string')
      expect((await call(env(), 'GET', `/flowbuilder/${flow.id}`, { token: adminToken })).status).toBe(404)
      expect(events.of('flowbuilder').map((e) => e.payload)).toEqual([{ action: 'delete', flow: { id: flow.id } }])
      const list = await call(env(), 'GET', '/flowcampaign', { token: adminToken })
      expect(list.body.flow.map((p: { id: number }) => p.id)).toEqual([kept.body.id])
      const [w] = await sys<{ flowIdWelcome: number | null; flowIdNotPhrase: number | null }[]>(env(), (tx) => tx`select flow_id_welcome, flow_id_not_phrase from whatsapps where id = ${conn.id}`)
      expect(w).toEqual({ flowIdWelcome: null, flowIdNotPhrase: null })
      const [qi] = await sys<{ flowId: number | null }[]>(env(), (tx) => tx`select flow_id from queue_integrations where id = ${integration.id}`)
      expect(qi.flowId).toBeNull()
      const tickets = await sys<{ id: number; flowWebhook: boolean; lastFlowId: string | null; flowId: number | null; hashFlowId: string | null; dataWebhook: unknown }[]>(env(), (tx) => tx`
        select id, flow_webhook, last_flow_id, flow_id, hash_flow_id, data_webhook from tickets where id in (${running.ticketId}, ${other.ticketId}) order by id`)
      expect(tickets).toEqual([
        { id: running.ticketId, flowWebhook: false, lastFlowId: null, flowId: null, hashFlowId: null, dataWebhook: null },
        { id: other.ticketId, flowWebhook: true, lastFlowId: 'menu1', flowId: keep.id, hashFlowId: 'run2', dataWebhook: null },
      ])
    }, SLOW)

    test('POST /flowbuilder/duplicate copies the graph under "<name> - cópia", numbered when taken', async () => {
      const { adminToken } = await createCompany(env())
      const flow = await newFlow(env(), adminToken, 'Atendimento')
      const nodes = [start, { id: 'msg', type: 'message', position: at(100), data: { label: 'Olá' } }]
      const connections = [{ source: '1', sourceHandle: 'a', target: 'msg' }]
      expect((await call(env(), 'POST', '/flowbuilder/flow', { token: adminToken, json: { idFlow: flow.id, nodes, connections } })).status).toBe(200)
      const copy = await call(env(), 'POST', '/flowbuilder/duplicate', { token: adminToken, json: { flowId: flow.id } })
      expect(copy.status).toBe(201)
      expect(copy.body.flow).toMatchObject({ name: 'Atendimento - cópia', active: true })
      const second = await call(env(), 'POST', '/flowbuilder/duplicate', { token: adminToken, json: { flowId: flow.id } })
      expect(second.body.flow.name).toBe('Atendimento - cópia (2)')
      const original = await call(env(), 'GET', `/flowbuilder/flow/${flow.id}`, { token: adminToken })
      const copied = await call(env(), 'GET', `/flowbuilder/flow/${copy.body.flow.id}`, { token: adminToken })
      expect(copied.body.flow.flow).toEqual(original.body.flow.flow)
      const long = await newFlow(env(), adminToken, 'L'.repeat(50))
      const longCopy = await call(env(), 'POST', '/flowbuilder/duplicate', { token: adminToken, json: { flowId: long.id } })
      expect(longCopy.body.flow.name).toBe(`${'L'.repeat(46)} (2)`)
    }, SLOW)
  })

  test('a plain user gets 403 ERR_NO_PERMISSION on every route; without a token 401', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const flow = await newFlow(env(), adminToken, 'Restrito')
    const user = await createUser(env(), companyId)
    const routes: [string, string, unknown][] = [
      ['GET', '/flowbuilder', undefined], ['GET', `/flowbuilder/${flow.id}`, undefined], ['POST', '/flowbuilder', { name: 'Meu' }],
      ['PUT', '/flowbuilder', { flowId: flow.id, name: 'Meu' }], ['PUT', `/flowbuilder/${flow.id}`, { name: 'Meu' }],
      ['DELETE', `/flowbuilder/${flow.id}`, undefined], ['POST', '/flowbuilder/duplicate', { flowId: flow.id }],
      ['GET', `/flowbuilder/flow/${flow.id}`, undefined], ['POST', '/flowbuilder/flow', { idFlow: flow.id, nodes: [start], connections: [] }],
      ['POST', '/flowbuilder/img', undefined], ['POST', '/flowbuilder/audio', undefined], ['POST', '/flowbuilder/content', undefined],
    ]
    for (const [method, path, json] of routes) {
      const res = await call(env(), method, path, { token: user.token, json })
      expect({ method, path, status: res.status, error: res.body.error }).toEqual({ method, path, status: 403, error: 'ERR_NO_PERMISSION' })
    }
    expect((await call(env(), 'GET', '/flowbuilder')).status).toBe(401)
  }, SLOW)
})
