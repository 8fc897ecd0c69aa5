import 'fake-indexeddb/auto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { live } from '@electric-sql/pglite/live'
import { IDBFactory } from 'fake-indexeddb'
import { quickMessageSchema } from '../../../../server/routes/quick-messages.schema.ts'
import { linkOutbox } from '../../../../sync/client/optimistic.ts'
import { openOutbox, type Outbox } from '../../../../sync/client/outbox.ts'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import { newQuickMessageValues, quickMessageFormProblems, quickMessageRequestBody, type QuickMessageFormValues } from './quick-message-form.ts'
import {
  canEditQuickMessage, createdIdOf, queueCreateQuickMessage, queueDeleteQuickMessage, queueUpdateQuickMessage, quickAnswerMatches, readQuickMessages,
  type QuickMessageItem,
} from './quick-messages.ts'

let pg: PGlite & { live: import('@electric-sql/pglite/live').LiveNamespace }
beforeAll(async () => {
  pg = await PGlite.create('memory://', { extensions: { live } })
  await applyLocalSchema(pg)
})
afterAll(() => pg.close())
beforeEach(async () => {
  await pg.exec(`delete from quick_messages; delete from local_writes; delete from synced_txids;`)
  await pg.exec(`insert into quick_messages (id, company_id, shortcode, message, geral, visao, user_id, media_path, media_name) values
    (1, 1, 'ola', 'Olá! Como posso ajudar?', true, true, 1, null, null),
    (2, 1, 'Pix', 'Nossa chave pix é 100%_certa', false, true, 7, 'a1.pdf', 'chave.pdf'),
    (3, 1, 'boleto', 'Segue o boleto', true, true, 1, null, null)`)
})

/** An outbox that never sends (offline), or answers every request with `answer`. */
function outbox(answer?: () => Response): Promise<Outbox> {
  return openOutbox({
    userKey: crypto.randomUUID(),
    baseUrl: 'http://api.test',
    fetch: async () => (answer ? answer() : Promise.reject(new TypeError('offline'))),
    indexedDB: new IDBFactory(),
    getToken: async () => 't',
    connectivity: answer ? null : { isOnline: () => false, subscribe: () => () => {} },
    lock: null,
    channel: null,
  })
}

async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await Bun.sleep(5)
  }
}

const values = (over: Partial<QuickMessageFormValues> = {}): QuickMessageFormValues => ({ ...newQuickMessageValues(), shortcode: ' prazo ', message: 'Entregamos em 3 dias', ...over })
const me = { companyId: 1, userId: 7, isAdmin: false }

describe('quick message form', () => {
  test('the shortcode is required (Obrigatório) and at most 100 characters; the message at most 4096', () => {
    expect(quickMessageFormProblems(values())).toEqual({})
    expect(quickMessageFormProblems(values({ shortcode: '  ' })).shortcode).toBe('quickMessages.validation.required')
    expect(quickMessageFormProblems(values({ shortcode: 'a'.repeat(101) })).shortcode).toBe('validation.tooLong')
    expect(quickMessageFormProblems(values({ message: 'a'.repeat(4097) })).message).toBe('validation.tooLong')
  })

  test('the body is what the server accepts; only an admin sends geral, and a general message is shared', () => {
    expect(quickMessageRequestBody(values({ geral: true }), false)).toEqual({ shortcode: 'prazo', message: 'Entregamos em 3 dias', geral: false, visao: true })
    expect(quickMessageRequestBody(values({ geral: true, visao: false }), true)).toEqual({ shortcode: 'prazo', message: 'Entregamos em 3 dias', geral: true, visao: true })
    expect(quickMessageSchema.safeParse(quickMessageRequestBody(values(), false)).success).toBe(true)
  })
})

describe('who may change a quick message', () => {
  const user = { id: 7, profile: 'user' as const, super: false }
  test('admins change any, general ones included', () => {
    expect(canEditQuickMessage({ geral: true, userId: 1 }, { ...user, profile: 'admin' })).toBe(true)
    expect(canEditQuickMessage({ geral: false, userId: 9 }, { ...user, super: true })).toBe(true)
  })

  test('a user changes their own, but not a general one nor one shared by someone else', () => {
    expect(canEditQuickMessage({ geral: false, userId: 7 }, user)).toBe(true)
    expect(canEditQuickMessage({ geral: true, userId: 7 }, user)).toBe(false)
    expect(canEditQuickMessage({ geral: false, userId: 9 }, user)).toBe(false)
    expect(canEditQuickMessage({ geral: false, userId: 7 }, null)).toBe(false)
  })
})

describe('quickMessageListQuery', () => {
  test('lists the synced messages by shortcode, case-insensitively, with general flag and attachment', async () => {
    const list = await readQuickMessages(pg)
    expect(list.map((m) => m.shortcode)).toEqual(['boleto', 'ola', 'Pix'])
    expect(list[2]).toMatchObject({ key: '2', id: 2, geral: false, visao: true, userId: 7, mediaName: 'chave.pdf', pending: false, error: null })
    expect(list[0].geral).toBe(true)
  })

  test('searches shortcode or message in lowercase, taking % and _ literally', async () => {
    expect((await readQuickMessages(pg, 'PIX')).map((m) => m.id)).toEqual([2])
    expect((await readQuickMessages(pg, 'como posso')).map((m) => m.id)).toEqual([1])
    expect((await readQuickMessages(pg, '100%_')).map((m) => m.id)).toEqual([2])
    expect((await readQuickMessages(pg, '  ')).length).toBe(3)
  })
})

describe('writes through the outbox', () => {
  test('a message created offline shows at once, pending, with the body POST /quick-messages accepts', async () => {
    const box = await outbox()
    const clientId = await queueCreateQuickMessage({ pg, outbox: box }, me, values())
    const created = (await readQuickMessages(pg)).find((m) => m.shortcode === 'prazo')!
    expect(created).toMatchObject({ key: `local-${clientId}`, id: null, clientId, geral: false, visao: true, userId: 7, pending: true, error: null })
    const [write] = box.snapshot().writes
    expect(write).toMatchObject({ id: clientId, method: 'POST', path: '/quick-messages' })
    expect(quickMessageSchema.safeParse(write.body).success).toBe(true)
    box.close()
  })

  test('an edit overlays the row at once', async () => {
    const box = await outbox()
    await queueUpdateQuickMessage({ pg, outbox: box }, 2, false, values({ shortcode: 'pix2', message: 'nova chave', visao: false }))
    expect((await readQuickMessages(pg)).find((m) => m.id === 2)).toMatchObject({ shortcode: 'pix2', message: 'nova chave', visao: false, mediaName: 'chave.pdf', pending: true })
    expect(box.snapshot().writes[0]).toMatchObject({ method: 'PUT', path: '/quick-messages/2' })
    box.close()
  })

  test('a delete hides the row at once', async () => {
    const box = await outbox()
    await queueDeleteQuickMessage({ pg, outbox: box }, 3)
    expect((await readQuickMessages(pg)).map((m) => m.id)).toEqual([1, 2])
    expect(box.snapshot().writes[0]).toMatchObject({ method: 'DELETE', path: '/quick-messages/3' })
    box.close()
  })

  test('a duplicate shortcode the server refuses stays, marked ERR_SHORTCODE_ALREADY_EXISTS, until discarded', async () => {
    const box = await outbox(() => new Response(JSON.stringify({ error: 'ERR_SHORTCODE_ALREADY_EXISTS' }), { status: 409 }))
    const unlink = await linkOutbox(box, pg)
    const clientId = await queueCreateQuickMessage({ pg, outbox: box }, me, values({ shortcode: 'pix' }))
    await until(async () => (await readQuickMessages(pg)).some((m) => m.error === 'ERR_SHORTCODE_ALREADY_EXISTS'))
    expect((await readQuickMessages(pg)).find((m) => m.clientId === clientId)).toMatchObject({ pending: true, error: 'ERR_SHORTCODE_ALREADY_EXISTS' })
    await box.discard(clientId)
    await until(async () => !(await readQuickMessages(pg)).some((m) => m.clientId === clientId))
    unlink()
    box.close()
  })
})

describe('createdIdOf: the id an attachment upload needs', () => {
  test('resolves with the id the server answered for the queued POST', async () => {
    const box = await outbox(() => new Response(JSON.stringify({ id: 42, shortcode: 'prazo' }), { status: 201 }))
    const clientId = crypto.randomUUID()
    const id = createdIdOf(box, clientId, 5000)
    await box.enqueue({ method: 'POST', path: '/quick-messages', body: { shortcode: 'prazo' }, clientId })
    expect(await id).toBe(42)
    box.close()
  })

  test('rejects with the error code when the server refuses the POST', async () => {
    const box = await outbox(() => new Response(JSON.stringify({ error: 'ERR_SHORTCODE_ALREADY_EXISTS' }), { status: 409 }))
    const clientId = crypto.randomUUID()
    const id = createdIdOf(box, clientId, 5000)
    await box.enqueue({ method: 'POST', path: '/quick-messages', body: { shortcode: 'pix' }, clientId })
    await expect(id).rejects.toEqual({ error: 'ERR_SHORTCODE_ALREADY_EXISTS' })
    box.close()
  })
})

describe('quick answers for the chat input', () => {
  const item = (id: number, shortcode: string, message: string): QuickMessageItem => ({
    key: String(id), id, clientId: null, shortcode, message, geral: false, visao: true, userId: 1, mediaPath: null, mediaName: null, pending: false, error: null,
  })
  const messages = [item(1, 'boleto', 'Segue o boleto'), item(2, 'ola', 'Olá!'), item(3, 'Prazo', 'Entregamos em 3 dias'), item(4, 'segunda-via', 'Segunda via do boleto')]

  test('offers nothing unless the text starts with /', () => {
    expect(quickAnswerMatches('', messages)).toEqual([])
    expect(quickAnswerMatches('ola', messages)).toEqual([])
    expect(quickAnswerMatches(' /ola', messages)).toEqual([])
  })

  test('a bare / offers them all, in the list order', () => {
    expect(quickAnswerMatches('/', messages).map((a) => a.id)).toEqual([1, 2, 3, 4])
  })

  test('shortcodes starting with the typed text come first, then those containing it, case-insensitively', () => {
    expect(quickAnswerMatches('/PR', messages).map((a) => a.shortcode)).toEqual(['Prazo'])
    expect(quickAnswerMatches('/O', messages).map((a) => a.shortcode)).toEqual(['ola', 'boleto', 'Prazo'])
    expect(quickAnswerMatches('/xyz', messages)).toEqual([])
  })

  test('labels read "shortcode - message", cut at 90 characters', () => {
    expect(quickAnswerMatches('/ola', messages)[0]).toMatchObject({ label: 'ola - Olá!', message: 'Olá!' })
    const long = quickAnswerMatches('/x', [item(9, 'x', 'a'.repeat(200))])[0].label
    expect(long).toBe(`x - ${'a'.repeat(86)}...`)
    expect(long.length).toBe(93)
  })
})
