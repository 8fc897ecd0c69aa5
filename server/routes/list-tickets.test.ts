import { beforeAll, expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createConnection, createUser, uniq } from '../../test/factories.ts'
import { withSystem, withTenant } from '../db/tenant.ts'
import { walkBudget } from '../domain/tickets/list-tickets.ts'

const sys = <T>(env: TestEnv, fn: Parameters<typeof withSystem<T>>[1]) => withSystem(env.services.db, fn)
type User = { id: number; token: string }

interface Setup {
  companyId: number
  adminToken: string
  q1: number
  q2: number
  w1: number
  w2: number
  u1: User
  u2: User
  uAll: User
  uGroup: User
  uChat: User
  tagX: number
  tagY: number
  /** t1 pending q1 · t2 open q1 u1 · t3 open q1 uChat w2 · t4 pending q2 w2 · t5 pending no queue · t6 group q1 · t7 closed q2 u1 */
  t: Record<'t1' | 't2' | 't3' | 't4' | 't5' | 't6' | 't7', number>
  otherTicket: number
  otherUser: number
  otherConn: number
}

async function insertTicket(env: TestEnv, companyId: number, whatsappId: number, contact: { name: string; number?: string }, fields: Record<string, unknown>) {
  return sys(env, async (tx) => {
    const [c] = await tx<{ id: number }[]>`
      insert into contacts (company_id, name, number, channel) values (${companyId}, ${contact.name}, ${contact.number ?? uniq('5511')}, 'simulator') returning id`
    const row = { companyId, contactId: c.id, whatsappId, channel: 'simulator', status: 'pending', ...fields }
    const [t] = await tx<{ id: number }[]>`insert into tickets ${tx(row)} returning id`
    return t.id
  })
}

async function setup(env: TestEnv): Promise<Setup> {
  const { companyId, adminToken } = await createCompany(env)
  const [q1, q2] = await sys(env, async (tx) =>
    (await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${companyId}, 'Vendas', '#111111'), (${companyId}, 'Suporte', '#222222') returning id`).map((r) => r.id),
  )
  const w1 = (await createConnection(env, companyId, { name: 'Principal' })).id
  const w2 = (await createConnection(env, companyId)).id
  const u1 = await createUser(env, companyId, { name: 'Ana' })
  const u2 = await createUser(env, companyId)
  const uAll = await createUser(env, companyId, { allTicket: 'enable' })
  const uGroup = await createUser(env, companyId, { allowGroup: true })
  const uChat = await createUser(env, companyId, { allUserChat: 'enabled' })
  await sys(env, (tx) => tx`
    insert into user_queues (company_id, user_id, queue_id) values (${companyId}, ${u1.id}, ${q1}), (${companyId}, ${u2.id}, ${q2}),
      (${companyId}, ${uAll.id}, ${q1}), (${companyId}, ${uGroup.id}, ${q1}), (${companyId}, ${uChat.id}, ${q1})`)
  const day = (n: number) => `2026-02-${String(n).padStart(2, '0')}T10:00:00Z`
  const t = {
    t1: await insertTicket(env, companyId, w1, { name: 'José Silva', number: '5511999990001' }, { queueId: q1, updatedAt: day(1) }),
    t2: await insertTicket(env, companyId, w1, { name: 'Maria' }, { status: 'open', queueId: q1, userId: u1.id, unreadMessages: 3, updatedAt: day(2) }),
    t3: await insertTicket(env, companyId, w2, { name: 'Pedro' }, { status: 'open', queueId: q1, userId: uChat.id, createdAt: '2026-01-06T01:30:00Z', updatedAt: day(3) }),
    t4: await insertTicket(env, companyId, w2, { name: 'Beatriz' }, { queueId: q2, updatedAt: day(4) }),
    t5: await insertTicket(env, companyId, w1, { name: 'Sem Fila' }, { queueId: null, updatedAt: day(5) }),
    t6: await insertTicket(env, companyId, w1, { name: 'Grupo' }, { status: 'group', isGroup: true, queueId: q1, updatedAt: day(6) }),
    t7: await insertTicket(env, companyId, w2, { name: 'Carlos' }, { status: 'closed', queueId: q2, userId: u1.id, updatedAt: day(7) }),
  }
  const [tagX, tagY] = await sys(env, async (tx) => {
    const ids = (await tx<{ id: number }[]>`insert into tags (company_id, name, color) values (${companyId}, 'Xis', '#f00'), (${companyId}, 'Ypsilon', '#0f0') returning id`).map((r) => r.id)
    await tx`insert into ticket_tags (company_id, ticket_id, tag_id) values (${companyId}, ${t.t1}, ${ids[0]}), (${companyId}, ${t.t2}, ${ids[0]}), (${companyId}, ${t.t2}, ${ids[1]})`
    await tx`insert into messages (company_id, ticket_id, contact_id, body, from_me)
             select ${companyId}, id, contact_id, 'Quero um pedido de orçamento', false from tickets where id = ${t.t4}`
    await tx`insert into messages (company_id, ticket_id, contact_id, body, from_me, is_deleted)
             select ${companyId}, id, contact_id, 'apagada palavrasecreta', false, true from tickets where id = ${t.t5}`
    return ids
  })
  const other = await createCompany(env)
  const otherConn = (await createConnection(env, other.companyId)).id
  const otherUser = await createUser(env, other.companyId)
  const otherTicket = await insertTicket(env, other.companyId, otherConn, { name: 'Maria de Fora' }, { status: 'open', userId: otherUser.id })
  return { companyId, adminToken, q1, q2, w1, w2, u1, u2, uAll, uGroup, uChat, tagX, tagY, t, otherTicket, otherUser: otherUser.id, otherConn }
}

describeEachBackend('GET /tickets', (env) => {
  let s: Setup
  beforeAll(async () => {
    s = await setup(env())
  }, 120_000)

  const list = (token: string, query: Record<string, string> = {}) => call(env(), 'GET', `/tickets?${new URLSearchParams(query)}`, { token })
  const ids = async (token: string, query: Record<string, string> = {}) => {
    const res = await list(token, query)
    expect(res.status).toBe(200)
    return (res.body.tickets as { id: number }[]).map((t) => t.id)
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)
  const all = { showAll: 'true' }

  test('answers {tickets, count, hasMore} with contact, queue, user, whatsapp and tag summaries', async () => {
    const res = await list(s.adminToken, { ...all, status: 'open' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ count: 2, hasMore: false })
    const t2 = res.body.tickets.find((t: { id: number }) => t.id === s.t.t2)
    expect(t2).toMatchObject({
      status: 'open',
      unreadMessages: 3,
      contact: { name: 'Maria', urlPicture: null },
      queue: { id: s.q1, name: 'Vendas', color: '#111111' },
      user: { id: s.u1.id, name: 'Ana' },
      whatsapp: { id: s.w1, name: 'Principal', channel: 'simulator' },
      tags: [{ id: s.tagX, name: 'Xis', color: '#f00' }, { id: s.tagY, name: 'Ypsilon', color: '#0f0' }],
    })
    expect(Object.keys(t2.contact).sort()).toEqual(['id', 'name', 'number', 'urlPicture'])
    expect(Object.keys(t2.user).sort()).toEqual(['id', 'name'])
  })

  test('requires a session', async () => {
    expect((await call(env(), 'GET', '/tickets')).status).toBe(401)
  })

  // Visibility (spec part 1 §6), enforced in SQL whatever the query says.
  test('an admin with showAll sees every ticket of the company except groups without allowGroup', async () => {
    const t = s.t
    expect(sorted(await ids(s.adminToken, all))).toEqual(sorted([t.t1, t.t2, t.t3, t.t4, t.t5, t.t7]))
  })

  test('without showAll an admin sees only own and unowned tickets', async () => {
    expect(sorted(await ids(s.adminToken))).toEqual(sorted([s.t.t1, s.t.t4, s.t.t5]))
  })

  test('a plain user sees own and unowned tickets of their queues, plus own tickets elsewhere; showAll is ignored', async () => {
    const expected = sorted([s.t.t1, s.t.t2, s.t.t7])
    expect(sorted(await ids(s.u1.token))).toEqual(expected)
    expect(sorted(await ids(s.u1.token, all))).toEqual(expected)
  })

  test('a plain user never sees tickets of queues they are not in, even when filtering for them', async () => {
    expect(sorted(await ids(s.u2.token, all))).toEqual([s.t.t4])
    expect(await ids(s.u2.token, { queueIds: JSON.stringify([s.q1]) })).toEqual([])
    expect(await ids(s.u2.token, { users: String(s.u1.id), ...all })).toEqual([])
  })

  test('allUserChat lets a plain user show all tickets of their queues', async () => {
    expect(sorted(await ids(s.uChat.token))).toEqual(sorted([s.t.t1, s.t.t3]))
    expect(sorted(await ids(s.uChat.token, all))).toEqual(sorted([s.t.t1, s.t.t2, s.t.t3]))
  })

  test('tickets without a queue need allTicket', async () => {
    expect(sorted(await ids(s.uAll.token))).toEqual(sorted([s.t.t1, s.t.t5]))
    expect(await ids(s.u1.token, { status: 'pending' })).toEqual([s.t.t1])
  })

  test('group tickets need allowGroup', async () => {
    expect(await ids(s.uGroup.token, { status: 'group' })).toEqual([s.t.t6])
    expect(await ids(s.u1.token, { status: 'group' })).toEqual([])
    expect(await ids(s.adminToken, { status: 'group', ...all })).toEqual([])
  })

  test("another company's tickets never appear, whatever the filters", async () => {
    const res = await list(s.adminToken, { ...all, searchParam: 'Maria', users: String(s.otherUser), whatsapps: String(s.otherConn) })
    expect(res.body).toMatchObject({ tickets: [], count: 0, hasMore: false })
    expect(await ids(s.adminToken, { ...all, searchParam: 'Maria' })).toEqual([s.t.t2])
  })

  // Filters (spec part 1 §7).
  test('status keeps one status', async () => {
    expect(sorted(await ids(s.adminToken, { ...all, status: 'pending' }))).toEqual(sorted([s.t.t1, s.t.t4, s.t.t5]))
    expect(await ids(s.adminToken, { ...all, status: 'closed' })).toEqual([s.t.t7])
  })

  test('statusFilter keeps any of several statuses, as a JSON array or a comma list', async () => {
    const expected = sorted([s.t.t3, s.t.t2, s.t.t7])
    expect(sorted(await ids(s.adminToken, { ...all, statusFilter: '["open","closed"]' }))).toEqual(expected)
    expect(sorted(await ids(s.adminToken, { ...all, statusFilter: 'open,closed' }))).toEqual(expected)
  })

  test('queueIds keeps the selected queues plus tickets without a queue', async () => {
    expect(sorted(await ids(s.adminToken, { ...all, queueIds: JSON.stringify([s.q2]) }))).toEqual(sorted([s.t.t4, s.t.t5, s.t.t7]))
    expect(sorted(await ids(s.u1.token, { queueIds: JSON.stringify([s.q1]) }))).toEqual(sorted([s.t.t1, s.t.t2]))
  })

  test('users keeps tickets owned by the given users', async () => {
    expect(sorted(await ids(s.adminToken, { ...all, users: JSON.stringify([s.u1.id]) }))).toEqual(sorted([s.t.t2, s.t.t7]))
  })

  test('whatsapps keeps tickets of the given connections', async () => {
    expect(sorted(await ids(s.adminToken, { ...all, whatsapps: `[${s.w2}]` }))).toEqual(sorted([s.t.t3, s.t.t4, s.t.t7]))
  })

  test('tags keeps tickets carrying every given tag', async () => {
    expect(sorted(await ids(s.adminToken, { ...all, tags: `[${s.tagX}]` }))).toEqual(sorted([s.t.t1, s.t.t2]))
    expect(await ids(s.adminToken, { ...all, tags: `[${s.tagX},${s.tagY},${s.tagX}]` })).toEqual([s.t.t2])
  })

  test('withUnreadMessages keeps tickets with unread messages', async () => {
    expect(await ids(s.adminToken, { ...all, withUnreadMessages: 'true' })).toEqual([s.t.t2])
  })

  test("date keeps tickets created that day in the company's zone and updatedAt those updated that day", async () => {
    // 2026-01-06T01:30Z is 22:30 of the 5th in São Paulo (the company's zone): the UTC day would miss it.
    expect(await ids(s.adminToken, { ...all, date: '2026-01-05' })).toEqual([s.t.t3])
    expect(await ids(s.adminToken, { ...all, date: '2026-01-06' })).toEqual([])
    expect(await ids(s.adminToken, { ...all, updatedAt: '2026-02-04' })).toEqual([s.t.t4])
  })

  test('sortTickets orders by last update, newest first unless ASC', async () => {
    const t = s.t
    expect(await ids(s.adminToken, all)).toEqual([t.t7, t.t5, t.t4, t.t3, t.t2, t.t1])
    expect(await ids(s.adminToken, { ...all, sortTickets: 'ASC' })).toEqual([t.t1, t.t2, t.t3, t.t4, t.t5, t.t7])
    expect(await ids(s.adminToken, { ...all, sortTickets: 'desc' })).toEqual([t.t7, t.t5, t.t4, t.t3, t.t2, t.t1])
  })

  test('searchParam matches the contact name without case or accents, and the number', async () => {
    expect(await ids(s.adminToken, { ...all, searchParam: 'JOSE' })).toEqual([s.t.t1])
    expect(await ids(s.adminToken, { ...all, searchParam: '99990001' })).toEqual([s.t.t1])
    expect(await ids(s.adminToken, { ...all, searchParam: '%' })).toEqual([])
  })

  test('searchOnMessages also matches message text, accent-folded; deleted messages are not searched', async () => {
    expect(await ids(s.adminToken, { ...all, searchParam: 'orcamento' })).toEqual([])
    expect(await ids(s.adminToken, { ...all, searchParam: 'orcamento', searchOnMessages: 'true' })).toEqual([s.t.t4])
    expect(await ids(s.adminToken, { ...all, searchParam: 'Pedido Orçamento', searchOnMessages: 'true' })).toEqual([s.t.t4])
    expect(await ids(s.adminToken, { ...all, searchParam: 'palavrasecreta', searchOnMessages: 'true' })).toEqual([])
  })

  test('message search is a lookup on messages_body_tsv_idx', async () => {
    const plan = await sys(env(), async (tx) => {
      await tx`set local enable_seqscan = off`
      const rows = await tx`explain select m.ticket_id from messages m
        where m.body_tsv @@ plainto_tsquery('simple', app_search_fold(${'orcamento'})) and m.is_deleted = false`
      return rows.map((r) => Object.values(r)[0]).join('\n')
    })
    expect(plan).toContain('messages_body_tsv_idx')
  })

  test('the name search is a lookup on contacts_name_folded_trgm_idx, over the stored folded name', async () => {
    const plan = await sys(env(), async (tx) => {
      await tx`set local enable_seqscan = off`
      const rows = await tx`explain select c.id from contacts c where c.name_folded like app_search_fold(${'%jose%'})`
      return rows.map((r) => Object.values(r)[0]).join('\n')
    })
    expect(plan).toContain('contacts_name_folded_trgm_idx')
    const [folded] = await sys(env(), (tx) => tx`select name_folded from contacts where id = (select contact_id from tickets where id = ${s.t.t1})`)
    expect(folded.nameFolded).toBe('jose silva')
  })

  test('the search folds accents and case of the query too, and stays in the company, for names and messages', async () => {
    expect(await ids(s.adminToken, { ...all, searchParam: 'JOSÉ SIL' })).toEqual([s.t.t1])
    expect(await ids(s.adminToken, { ...all, searchParam: 'ORÇAMENTO', searchOnMessages: 'true' })).toEqual([s.t.t4])
    await sys(env(), (tx) => tx`
      insert into messages (company_id, ticket_id, contact_id, body, from_me)
      select company_id, id, contact_id, 'palavra de fora', false from tickets where id = ${s.otherTicket}`)
    expect(await ids(s.adminToken, { ...all, searchParam: 'fora', searchOnMessages: 'true' })).toEqual([])
  })

  test('a plain user cannot find by message content a ticket they do not see', async () => {
    expect(await ids(s.u1.token, { searchParam: 'orcamento', searchOnMessages: 'true' })).toEqual([])
  })

  test('numbers are masked to the last two digits for plain users under lgpdHideNumber, and cannot be searched', async () => {
    await sys(env(), (tx) => tx`update company_settings set lgpd_hide_number = 'enabled' where company_id = ${s.companyId}`)
    try {
      const mine = await list(s.u1.token, { status: 'pending' })
      expect(mine.body.tickets[0].contact.number).toBe('***********01')
      expect(await ids(s.u1.token, { searchParam: '99990001' })).toEqual([])
      expect(await ids(s.u1.token, { searchParam: 'jose' })).toEqual([s.t.t1])
      const admin = await list(s.adminToken, { status: 'pending', searchParam: 'jose' })
      expect(admin.body.tickets[0].contact.number).toBe('5511999990001')
    } finally {
      await sys(env(), (tx) => tx`update company_settings set lgpd_hide_number = 'disabled' where company_id = ${s.companyId}`)
    }
    expect((await list(s.u1.token, { status: 'pending' })).body.tickets[0].contact.number).toBe('5511999990001')
  })

  test('bad parameters are 400 ERR_VALIDATION, never 500', async () => {
    const queries: Record<string, string>[] = [
      { status: 'archived' }, { pageNumber: '0' }, { pageNumber: 'x' }, { queueIds: 'abc' }, { queueIds: '[1,"x"]' }, { tags: '{' },
      { users: '-1' }, { date: '2026-13-45' }, { updatedAt: 'yesterday' }, { sortTickets: 'sideways' }, { showAll: 'maybe' },
      { statusFilter: '["open","nope"]' }, { searchParam: 'x'.repeat(201) },
    ]
    for (const query of queries) {
      const res = await list(s.adminToken, query)
      expect([query, res.status, res.body.error]).toEqual([query, 400, 'ERR_VALIDATION'])
    }
  })
})

describeEachBackend('GET /tickets paging', (env) => {
  let token: string
  beforeAll(async () => {
    const { companyId, adminToken } = await createCompany(env())
    token = adminToken
    const w = (await createConnection(env(), companyId)).id
    await sys(env(), async (tx) => {
      for (let i = 0; i < 45; i++) {
        const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number, channel) values (${companyId}, ${`C${i}`}, ${uniq('55')}, 'simulator') returning id`
        await tx`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, updated_at)
                 values (${companyId}, ${c.id}, ${w}, 'simulator', 'pending', ${new Date(Date.UTC(2026, 0, 1, 0, i))})`
      }
    })
  }, 120_000)

  test('answers 40 tickets a page with the total count and hasMore', async () => {
    const p1 = await call(env(), 'GET', '/tickets?pageNumber=1', { token })
    expect(p1.body.tickets.length).toBe(40)
    expect(p1.body).toMatchObject({ count: 45, hasMore: true })
    const p2 = await call(env(), 'GET', '/tickets?pageNumber=2', { token })
    expect(p2.body.tickets.length).toBe(5)
    expect(p2.body).toMatchObject({ count: 45, hasMore: false })
    const seen = new Set([...p1.body.tickets, ...p2.body.tickets].map((t: { id: number }) => t.id))
    expect(seen.size).toBe(45)
    expect(p2.body.tickets.at(-1).contact.name).toBe('C0')
  })
})

/** A company with an admin and a connection, for the searches at volume below. */
async function searchCompany(env: TestEnv) {
  const { adminToken: token, companyId } = await createCompany(env)
  return { token, companyId, w: (await createConnection(env, companyId)).id }
}

/** The share of the company's messages the planner expects to hold the word (what picks the plan). */
async function messageShare(env: TestEnv, companyId: number, word: string): Promise<number> {
  return withTenant(env.services.db, { companyId }, async (tx) => (await tx<{ share: number }[]>`select app_search_message_share(${word}) as share`)[0].share)
}

describeEachBackend('GET /tickets searching a word common in the messages', (env) => {
  let token: string
  let companyId: number
  const expected: number[] = []
  beforeAll(async () => {
    const { w, ...company } = await searchCompany(env())
    ;({ token, companyId } = company)
    await sys(env(), async (tx) => {
      // 60 tickets, newest last; every third one talks of 'frete' (one of them only in a deleted message).
      for (let i = 0; i < 60; i++) {
        const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number, channel) values (${companyId}, ${`Cliente ${i}`}, ${uniq('55')}, 'simulator') returning id`
        const [t] = await tx<{ id: number }[]>`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, updated_at)
                 values (${companyId}, ${c.id}, ${w}, 'simulator', 'pending', ${new Date(Date.UTC(2026, 0, 1, 0, i))}) returning id`
        const talksOfIt = i % 3 === 0
        for (let k = 0; k < 5; k++) {
          const body = talksOfIt && k === 2 ? 'qual o valor do frete?' : `mensagem ${k} sem a palavra`
          await tx`insert into messages (company_id, ticket_id, contact_id, body, is_deleted) values (${companyId}, ${t.id}, ${c.id}, ${body}, ${i === 57})`
        }
        if (talksOfIt && i !== 57) expected.unshift(t.id)
      }
      await tx`analyze messages`
    })
  }, 120_000)

  test('the planner expects the word in many messages, so the newest tickets are walked: same answer, deleted messages left out', async () => {
    expect(await messageShare(env(), companyId, 'frete')).toBeGreaterThanOrEqual(0.01)
    const res = await call(env(), 'GET', `/tickets?${new URLSearchParams({ searchParam: 'Frete', searchOnMessages: 'true' })}`, { token })
    expect(res.status).toBe(200)
    expect(res.body.tickets.map((t: { id: number }) => t.id)).toEqual(expected)
    expect(res.body).toMatchObject({ count: 19, hasMore: false })
  })
})

describeEachBackend('GET /tickets searching a word common only in old tickets', (env) => {
  let token: string
  let companyId: number
  const expected: number[] = []
  beforeAll(async () => {
    const { w, ...company } = await searchCompany(env())
    ;({ token, companyId } = company)
    await sys(env(), async (tx) => {
      // 3,000 tickets; only the 40 oldest talk of 'garantia', three messages each: common in the statistics, absent from every recent ticket.
      await tx`insert into contacts (company_id, name, number, channel)
               select ${companyId}, 'Antigo ' || g, '5511' || (930000000 + g)::text, 'simulator' from generate_series(1, 3000) g`
      await tx`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, updated_at)
               select ${companyId}, c.id, ${w}, 'simulator', 'closed', timestamp '2026-01-01' + (c.id || ' seconds')::interval
                 from contacts c where c.company_id = ${companyId}`
      await tx`insert into messages (company_id, ticket_id, contact_id, body)
               select t.company_id, t.id, t.contact_id, case when t.n <= 40 then 'a garantia vence quando?' else 'bom dia' end
                 from (select t.*, row_number() over (order by t.updated_at, t.id) as n from tickets t where t.company_id = ${companyId}) t
                 cross join generate_series(1, case when t.n <= 40 then 3 else 1 end)`
      const rows = await tx<{ id: number }[]>`select id from tickets where company_id = ${companyId} order by updated_at desc, id desc`
      expected.push(...rows.slice(-40).map((r) => r.id))
      await tx`analyze messages`
    })
  }, 120_000)

  test('a walk that outlasts its budget is cancelled and the tickets are collected instead: the same answer', async () => {
    expect(await messageShare(env(), companyId, 'garantia')).toBeGreaterThanOrEqual(0.01)
    const search = () => call(env(), 'GET', `/tickets?${new URLSearchParams({ searchParam: 'garantia', searchOnMessages: 'true', showAll: 'true' })}`, { token })
    const budget = walkBudget.ms
    const before = walkBudget.fallbacks
    try {
      walkBudget.ms = 1
      const res = await search()
      expect(res.status).toBe(200)
      expect(res.body.tickets.map((t: { id: number }) => t.id)).toEqual(expected)
      expect(res.body).toMatchObject({ count: 40, hasMore: false })
      // PGlite runs no timers inside a statement: there the walk simply finishes.
      if (env().backend === 'postgres') expect(walkBudget.fallbacks).toBe(before + 1)
    } finally {
      walkBudget.ms = budget
    }
    const unhurried = await search()
    expect(unhurried.body.tickets.map((t: { id: number }) => t.id)).toEqual(expected)
  })
})
