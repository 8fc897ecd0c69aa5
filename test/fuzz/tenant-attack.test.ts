import { beforeAll, expect, test } from 'bun:test'
import { withSystem } from '../../server/db/tenant.ts'
import { shapeCatalogue } from '../../sync/shapes.ts'
import { describeEachBackend, type TestEnv } from '../env.ts'
import { createCompany, createConnection, createUser, uniq } from '../factories.ts'
import { PNG_1PX } from '../files.ts'
import { call } from '../http.ts'
import { companyRowFilter, crossCompanyReferences, dbState, diffState, excerpt, fillPath, hasBody, mountedRoutes, multipart, send, type DbState, type MountedRoute } from './support.ts'

/**
 * Two companies. Every mounted route with a path parameter (read from app.routes) is called by company
 * B's admin and B's user with company A's ids in its parameters: the answer is 400, 403 or 404 and never
 * shows any of A's marker strings. /v1/shape is asked for A's rows with tampered parameters. A's rows are
 * the same at the end. Findings are collected and listed, one line each.
 */

type Kind = 'user' | 'company' | 'invoice' | 'queue' | 'whatsapp' | 'contact' | 'contactNumber' | 'tag' | 'ticket' | 'ticketUuid'
  | 'message' | 'ticketNote' | 'quickMessage' | 'schedule' | 'chat' | 'chatbot' | 'mediaFile'
type Records = Record<Kind, string>

/** Which record a parameter names: by its own name first, else (for :id) by the path's first segment. */
const BY_PARAM: Record<string, Kind> = {
  ticketId: 'ticket', tagId: 'tag', contactId: 'contact', messageId: 'message', companyId: 'company', connectionId: 'whatsapp',
  uuid: 'ticketUuid', number: 'contactNumber', fileName: 'mediaFile',
}
const BY_SEGMENT: Record<string, Kind> = {
  users: 'user', tickets: 'ticket', 'tickets-log': 'ticket', companies: 'company', companySettings: 'company', invoices: 'invoice',
  whatsapp: 'whatsapp', whatsappsession: 'whatsapp', closedimported: 'whatsapp', 'whatsapp-admin': 'whatsapp', simulator: 'whatsapp',
  'ticket-notes': 'ticketNote', 'quick-messages': 'quickMessage', queue: 'queue', chatbot: 'chatbot', schedules: 'schedule', chats: 'chat',
  contacts: 'contact', contactTags: 'contact', tags: 'tag',
}
/**
 * Parameters naming no company's record: plans, helps and announcements are global (every company reads
 * them; only the super user writes), and a setting key is a name. A 2xx there is not a leak; the answer is
 * still checked for A's markers. Any other parameter whose kind is not known gets each of A's ids.
 */
const GLOBAL = new Set(['plans', 'helps', 'announcements', 'setting', 'settings', 'public-settings'])

function kindOf(path: string, param: string): Kind | 'global' | null {
  const segment = path.split('/')[1]
  if (GLOBAL.has(segment)) return 'global'
  return BY_PARAM[param] ?? BY_SEGMENT[segment] ?? null
}

/** One of each record kind in a company, each named with the company's marker. */
async function seedRecords(env: TestEnv, marker: string): Promise<Records & { adminToken: string; userToken: string }> {
  const company = await createCompany(env)
  const admin = { id: company.adminId, token: company.adminToken }
  const user = await createUser(env, company.companyId, { name: `${marker}-user` })
  const conn = await createConnection(env, company.companyId, { name: `${marker}-conn` })
  const number = `55119${String(company.companyId).padStart(8, '0')}`
  const r = await withSystem(env.services.db, async (tx) => {
    const cid = company.companyId
    const one = async (q: Promise<any>) => (await q)[0]
    await tx`update companies set name = ${`${marker}-company`} where id = ${cid}`
    const queue = await one(tx`insert into queues (company_id, name, color) values (${cid}, ${`${marker}-queue`}, '#123456') returning id`)
    await tx`insert into user_queues (company_id, user_id, queue_id) values (${cid}, ${user.id}, ${queue.id})`
    const contact = await one(tx`insert into contacts (company_id, name, number, email) values (${cid}, ${`${marker}-contact`}, ${number}, ${`${marker}@example.com`}) returning id`)
    const tag = await one(tx`insert into tags (company_id, name) values (${cid}, ${`${marker}-tag`}) returning id`)
    await tx`insert into contact_tags (company_id, contact_id, tag_id) values (${cid}, ${contact.id}, ${tag.id})`
    const ticket = await one(tx`insert into tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, last_message, channel)
      values (${cid}, ${contact.id}, ${conn.id}, ${queue.id}, ${user.id}, 'open', ${`${marker}-last`}, 'simulator') returning id, uuid::text`)
    await tx`insert into ticket_tags (company_id, ticket_id, tag_id) values (${cid}, ${ticket.id}, ${tag.id})`
    const message = await one(tx`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, ack)
      values (${cid}, ${ticket.id}, ${contact.id}, ${conn.id}, ${`${marker}-message`}, true, -1) returning id`)
    const note = await one(tx`insert into ticket_notes (company_id, note, ticket_id, contact_id, user_id) values (${cid}, ${`${marker}-note`}, ${ticket.id}, ${contact.id}, ${user.id}) returning id`)
    const quick = await one(tx`insert into quick_messages (company_id, shortcode, message, geral, user_id) values (${cid}, ${`${marker}-sc`}, ${`${marker}-qm`}, true, ${user.id}) returning id`)
    const schedule = await one(tx`insert into schedules (company_id, body, contact_id, send_at, user_id) values (${cid}, ${`${marker}-schedule`}, ${contact.id}, '2027-06-01T12:00:00Z', ${user.id}) returning id`)
    const chat = await one(tx`insert into chats (company_id, title, owner_id, last_message) values (${cid}, ${`${marker}-chat`}, ${admin.id}, ${`${marker}-chatlast`}) returning id`)
    await tx`insert into chat_users (company_id, chat_id, user_id) values (${cid}, ${chat.id}, ${admin.id}), (${cid}, ${chat.id}, ${user.id})`
    await tx`insert into chat_messages (company_id, chat_id, sender_id, message) values (${cid}, ${chat.id}, ${admin.id}, ${`${marker}-chatmsg`})`
    const bot = await one(tx`insert into chatbots (company_id, queue_id, name, greeting_message) values (${cid}, ${queue.id}, ${`${marker}-bot`}, ${`${marker}-greet`}) returning id`)
    const invoice = await one(tx`insert into invoices (company_id, detail, value, due_date) values (${cid}, ${`${marker}-invoice`}, 10, '2027-01-01') returning id`)
    await tx`insert into contact_wallets (company_id, contact_id, user_id) values (${cid}, ${contact.id}, ${user.id})`
    return { queue: queue.id, contact: contact.id, tag: tag.id, ticket: ticket.id, ticketUuid: ticket.uuid, message: message.id, ticketNote: note.id,
      quickMessage: quick.id, schedule: schedule.id, chat: chat.id, chatbot: bot.id, invoice: invoice.id }
  })
  const up = await call(env, 'POST', `/users/${user.id}/media-upload`, { token: user.token, form: (() => { const f = new FormData(); f.append('profileImage', new File([PNG_1PX], 'a.png', { type: 'image/png' })); return f })() })
  if (up.status !== 200) throw new Error(`avatar upload: ${up.status} ${JSON.stringify(up.body)}`)
  const records = Object.fromEntries(Object.entries({ ...r, user: user.id, company: company.companyId, whatsapp: conn.id, contactNumber: number, mediaFile: up.body.profileImage })
    .map(([k, v]) => [k, String(v)])) as Records
  return { ...records, adminToken: admin.token, userToken: user.token }
}

/** A body that passes most routes' validation (ids in it are B's own), so a refusal is about the target. */
const plausible = (own: Records) => ({
  contactId: Number(own.contact), userId: Number(own.user), users: [Number(own.user)], active: false, from: '5511977776666',
  name: 'ZZB hijack', number: '5511988887777', email: 'hijack@example.com', body: 'ZZB hijack', message: 'ZZB hijack', shortcode: 'zzbhijack',
  title: 'ZZB hijack', text: 'ZZB hijack', note: 'ZZB hijack', color: '#654321', status: 'open', password: 'hijack-pass', value: 'hijack',
  greetingMessage: 'hijack', defaultTicketsManagerWidth: 404, emoji: '👍', sendAt: '2027-07-01T12:00:00Z', schedules: [],
})
const uploadForm = () => multipart(['file', 'profileImage', 'medias'].map((field) => ({ field, name: 'x.png', type: 'image/png', bytes: PNG_1PX })))

describeEachBackend('tenant attack', (env) => {
  const markerA = `ZZA-marker-${uniq('')}`
  const markerB = `ZZB-marker-${uniq('')}`
  let a: Awaited<ReturnType<typeof seedRecords>>
  let b: Awaited<ReturnType<typeof seedRecords>>
  let aRows: (t: string) => string | null
  let aBefore: DbState
  const notes: string[] = []

  beforeAll(async () => {
    a = await seedRecords(env(), markerA)
    b = await seedRecords(env(), markerB)
    aRows = await companyRowFilter(env(), Number(a.company))
    aBefore = await dbState(env(), aRows)
  }, 120_000)

  /** Values for the route's parameters: all A's; and with two or more, A's in one and B's in the others. */
  function substitutions(route: MountedRoute): { values: Record<string, string>; ownedByA: boolean }[] {
    const kinds = route.params.map((p) => kindOf(route.path, p))
    const allIds = [...new Set(Object.values({ ...a, adminToken: '', userToken: '' }).filter((v) => /^\d+$/.test(v)))]
    if (kinds.some((k) => k === null || k === 'global')) {
      const ownedByA = !kinds.includes('global')
      if (!ownedByA) notes.push(`${route.method} ${route.path}: names no company's record (global); only checked for A's markers`)
      // Unknown kinds (a route added since this file was written) get each of A's ids.
      return allIds.map((id) => ({ values: Object.fromEntries(route.params.map((p, i) => [p, kinds[i] && kinds[i] !== 'global' ? a[kinds[i] as Kind] : id])), ownedByA }))
    }
    const pick = (src: Records, i: number) => src[kinds[i] as Kind]
    const out = [{ values: Object.fromEntries(route.params.map((p, i) => [p, pick(a, i)])), ownedByA: true }]
    if (route.params.length > 1) {
      route.params.forEach((_, j) => out.push({ values: Object.fromEntries(route.params.map((p, i) => [p, pick(i === j ? a : b, i)])), ownedByA: true }))
    }
    return out
  }

  const bodiesFor = (method: string): { label: string; body?: BodyInit; contentType?: string }[] =>
    !hasBody(method) ? [{ label: 'no body' }]
      : [{ label: 'json', body: JSON.stringify(plausible(b)), contentType: 'application/json' },
        ...(method === 'POST' ? [{ label: 'multipart png', ...uploadForm() }] : [])]

  for (const who of ['user', 'admin'] as const) {
    test(`company B's ${who}: every route with a parameter refuses A's ids and shows none of A's data`, async () => {
      const token = who === 'admin' ? b.adminToken : b.userToken
      const routes = mountedRoutes(env())
        .filter((r) => r.params.length > 0)
        .sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'))
      expect(routes.length).toBeGreaterThan(60)
      const findings: string[] = []
      let sent = 0
      for (const route of routes) {
        for (const { values, ownedByA } of substitutions(route)) {
          const path = fillPath(route.path, values)
          for (const body of bodiesFor(route.method)) {
            const res = await send(env(), route.method, path, { token, body: body.body, contentType: body.contentType })
            sent++
            const line = `B's ${who}: ${route.method} ${path} [${body.label}] → ${res.status} ${excerpt(res.text)}`
            if (ownedByA && ![400, 403, 404].includes(res.status)) findings.push(`not refused — ${line}`)
            if (res.text.includes(markerA)) findings.push(`A's data in the answer — ${line}`)
            if (process.env.FUZZ_VERBOSE) console.log(`${res.status} ${line}`)
          }
        }
      }
      expect(sent).toBeGreaterThan(100)
      expect(`${findings.length} finding(s) over ${sent} requests${findings.length ? `:\n${findings.join('\n')}` : ''}`).toBe(`0 finding(s) over ${sent} requests`)
    }, 300_000)
  }

  test("A's ids in the bodies of the routes without a parameter reach none of A's data", async () => {
    const n = (k: Kind) => Number(a[k])
    const aIds = {
      contactId: n('contact'), ticketId: n('ticket'), messageId: n('message'), queueId: n('queue'), userId: n('user'), whatsappId: n('whatsapp'),
      tagId: n('tag'), chatId: n('chat'), scheduleId: n('schedule'), companyId: n('company'), queueIds: [n('queue')], selectedQueueIds: [n('queue')],
      users: [n('user')], tags: [{ id: n('tag') }], quotedMsg: { id: n('message') }, quotedMsgId: n('message'), sendIdQueue: n('queue'),
    }
    const routes = mountedRoutes(env()).filter((r) => r.params.length === 0 && hasBody(r.method) && !r.path.startsWith('/auth/'))
    expect(routes.length).toBeGreaterThan(20)
    const findings: string[] = []
    for (const token of [b.userToken, b.adminToken]) {
      for (const route of routes) {
        // Every id A's, then every id but the contact's (B's own contact: "forward A's message to my contact").
        for (const body of [{ ...plausible(b), ...aIds }, { ...plausible(b), ...aIds, contactId: Number(b.contact) }]) {
          const res = await send(env(), route.method, route.path, { token, body: JSON.stringify(body), contentType: 'application/json' })
          const line = `B's ${token === b.adminToken ? 'admin' : 'user'}: ${route.method} ${route.path} ${excerpt(JSON.stringify(body), 80)} → ${res.status} ${excerpt(res.text)}`
          if (res.status >= 500) findings.push(`5xx — ${line}`)
          if (res.text.includes(markerA)) findings.push(`A's data in the answer — ${line}`)
          if (process.env.FUZZ_VERBOSE) console.log(`${res.status} ${line}`)
        }
      }
    }
    expect(findings.join('\n')).toBe('')
  }, 300_000)

  test("/v1/shape with tampered parameters never returns A's rows to B's user", async () => {
    const findings: string[] = []
    const tables = Object.keys(shapeCatalogue)
    // A's own handles and offsets, for B to replay.
    const handles: Record<string, { handle: string; offset: string }> = {}
    for (const table of tables) {
      const res = await env().app.request(`/v1/shape?table=${table}&offset=-1`, { headers: { authorization: `Bearer ${a.adminToken}` } })
      await res.text()
      handles[table] = { handle: res.headers.get('electric-handle') ?? '', offset: res.headers.get('electric-offset') ?? '0_0' }
    }
    const A = a.company
    const tamper = (t: string) => [
      `where=${encodeURIComponent(`company_id = ${A}`)}`, `where=${encodeURIComponent(`true) or (company_id = ${A}`)}`, 'where=true',
      `where=${encodeURIComponent('company_id = $1')}&params%5B1%5D=${A}`, `params%5B1%5D=${A}&params%5B2%5D=${A}`, `company_id=${A}&companyId=${A}`,
      'columns=*', `secret=${'x'.repeat(16)}&where=true`, `handle=${handles[t]?.handle}&offset=${handles[t]?.offset}`, `handle=${handles[t]?.handle}&offset=0_0`,
    ]
    const urls: string[] = []
    for (const t of tables) for (const q of tamper(t)) urls.push(`/v1/shape?table=${t}&offset=-1&${q}`.replace(/&offset=-1(&handle=[^&]*&offset=)/, '$1'))
    for (const t of ['auth_sessions', 'system_secrets', 'refresh_tokens', 'chats', 'chat_messages', 'schedules', 'invoices', 'public.contacts', 'contacts;', '"contacts"', `contacts where company_id = ${A}`]) {
      urls.push(`/v1/shape?table=${encodeURIComponent(t)}&offset=-1&where=${encodeURIComponent(`company_id = ${A}`)}`)
    }
    for (const url of urls) {
      const res = await send(env(), 'GET', url, { token: b.userToken })
      if (res.status >= 500) findings.push(`5xx — GET ${url} → ${res.status} ${excerpt(res.text)}`)
      if (res.text.includes(markerA)) findings.push(`A's data in the answer — GET ${url} → ${res.status} ${excerpt(res.text)}`)
    }
    expect(urls.length).toBeGreaterThan(100)
    expect(findings.join('\n')).toBe('')
    // Not blind: the same check finds A's marker in A's own contacts, and B's user gets B's rows.
    expect((await send(env(), 'GET', '/v1/shape?table=contacts&offset=-1', { token: a.adminToken })).text).toContain(markerA)
    expect((await send(env(), 'GET', '/v1/shape?table=contacts&offset=-1&where=true', { token: b.userToken })).text).toContain(markerB)
  }, 300_000)

  test("A's rows are the same after every attempt, no row points at another company's, A still reads its own", async () => {
    const changed = diffState(aBefore, await dbState(env(), aRows))
    expect(changed).toEqual([])
    expect(await crossCompanyReferences(env())).toEqual([])
    const own = await send(env(), 'GET', `/contacts/${a.contact}`, { token: a.adminToken })
    expect([own.status, own.text.includes(`${markerA}-contact`)]).toEqual([200, true])
    if (process.env.FUZZ_VERBOSE) console.log([...new Set(notes)].join('\n'))
  })
})
