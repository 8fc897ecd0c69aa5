import { expect, test } from 'bun:test'
import { withSystem } from '../../server/db/tenant.ts'
import { EventBus } from '../../server/events.ts'
import { inboundRouting, routeInbound, type RouteInput, type RoutingCtx } from '../../server/domain/routing/index.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, uniq } from '../../test/factories.ts'
import { addPhrase, createFlow, graph } from '../../test/flow-support.ts'
import { ChannelHost } from '../channel-host.ts'
import type { InboundMessage } from '../channels/types.ts'

const from = (chat: number) => `55119${String(70000000 + chat).padStart(8, '0')}`
const text = (chat: number, body: string): InboundMessage => ({
  externalId: uniq('BATCH'),
  fromMe: false,
  timestamp: new Date('2026-11-20T12:00:00Z'),
  peer: { number: from(chat), name: `Cliente ${chat}` },
  body,
  mediaType: 'text',
})

describeEachBackend('inbound group commit', (env) => {
  test('200 messages of 20 chats at once: stored once each, in chat order, one ticket per chat, in far fewer transactions', async () => {
    const s = env().services
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId)
    let commits = 0
    const host = new ChannelHost({ db: { ...s.db, onCommit: () => void commits++ }, media: s.media, events: s.events, now: () => env().clock.now, log: () => {} })
    const sent = Array.from({ length: 200 }, (_, i) => ({ chat: i % 20, message: text(i % 20, `m${Math.floor(i / 20)}`) }))
    const results = await Promise.all(sent.map(({ message }) => host.emit(conn, { kind: 'message', message })))
    await host.stop()
    expect(results.every((r) => (r as { outcome: string }).outcome === 'stored')).toBe(true)
    expect(commits).toBeLessThan(100)
    const rows = await withSystem(s.db, (tx) => tx<{ number: string; bodies: string[]; tickets: number }[]>`
      select c.number, array_agg(m.body order by m.id) as bodies, count(distinct m.ticket_id)::int as tickets
        from messages m join contacts c on c.id = m.contact_id where m.company_id = ${companyId} group by c.number order by c.number`)
    expect(rows).toHaveLength(20)
    for (const row of rows) {
      expect(row.tickets).toBe(1)
      expect(row.bodies).toEqual(Array.from({ length: 10 }, (_, k) => `m${k}`))
    }
  })

  test('a message the database refuses fails alone; the rest of its batch is stored', async () => {
    const s = env().services
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId)
    const host = new ChannelHost({ db: s.db, media: s.media, events: s.events, now: () => env().clock.now, log: () => {} })
    const messages = Array.from({ length: 30 }, (_, i) => text(100 + i, i === 17 ? 'nulo \u0000 aqui' : `ok ${i}`))
    const settled = await Promise.allSettled(messages.map((message) => host.emit(conn, { kind: 'message', message })))
    await host.stop()
    expect(settled.filter((r) => r.status === 'rejected')).toHaveLength(1)
    expect(settled[17].status).toBe('rejected')
    const [{ n }] = await withSystem(s.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from messages where company_id = ${companyId}`)
    expect(n).toBe(29)
  })
})

const routed = (chat: number) => `55119${String(80000000 + chat).padStart(8, '0')}`
const textAt = (chat: number, body: string, at: Date): InboundMessage => ({
  externalId: uniq('ROUTE'),
  fromMe: false,
  timestamp: at,
  peer: { number: routed(chat), name: `Cliente ${chat}` },
  body,
  mediaType: 'text',
})

/** 'fluxo' starts a menu whose option 1 answers 'ok' and shows the menu again. */
const menuLoop = () =>
  graph(
    [
      { id: 'menu', type: 'menu', data: { message: 'Escolha:', arrayOption: [{ number: 1, value: 'De novo' }, { number: 2, value: 'Sair' }] } },
      { id: 'ok', type: 'message', data: { label: 'ok' } },
    ],
    [
      ['1', 'a', 'menu'],
      ['menu', 'a1', 'ok'],
      ['ok', 'a', 'menu'],
    ],
  )

/** The menu as the contact reads it. */
const MENU = 'Escolha:\n\n*1* - De novo\n*2* - Sair'

/** Each chat's bot replies, oldest first, by chat number. */
async function repliesByChat(env: TestEnv, companyId: number) {
  const rows = await withSystem(env.services.db, (tx) => tx<{ number: string; bodies: string[] }[]>`
    select c.number, array_agg(m.body order by m.id) filter (where m.from_me) as bodies
      from messages m join contacts c on c.id = m.contact_id
     where m.company_id = ${companyId} group by c.number order by c.number`)
  return new Map(rows.map((r) => [r.number, r.bodies ?? []]))
}

describeEachBackend('routing steps in the messages\' transactions', (env) => {
  test('a flow step on 20 chats at once: every chat walks its menu in order, in far fewer transactions than steps', async () => {
    const s = env().services
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId)
    await addPhrase(env(), companyId, await createFlow(env(), companyId, menuLoop()), 'fluxo', conn.id)
    let commits = 0
    // The batch's routing states, read together: which tickets each read asked for.
    const reads: number[][] = []
    const routeStates: typeof inboundRouting.routeStates = (tx, ids) => {
      reads.push(ids)
      return inboundRouting.routeStates(tx, ids)
    }
    const inbound = { ...inboundRouting, routeStates }
    const host = new ChannelHost({ db: { ...s.db, onCommit: () => void commits++ }, media: s.media, events: s.events, now: () => env().clock.now, log: () => {}, inbound })
    const at = env().clock.now
    const sent = Array.from({ length: 100 }, (_, i) => textAt(i % 20, i < 20 ? 'fluxo' : '1', at))
    const results = await Promise.all(sent.map((message) => host.emit(conn, { kind: 'message', message })))
    await host.stop()
    expect(results.every((r) => (r as { outcome: string }).outcome === 'stored')).toBe(true)
    // One transaction per message and one per routing step would be 200 commits.
    expect(commits).toBeLessThan(100)
    // Batched steps read their states in one statement per batch, no ticket twice in one read; a lone
    // message (no batch) reads its own in its step.
    expect(reads.length).toBeGreaterThan(0)
    expect(reads.length).toBeLessThan(50)
    for (const ids of reads) expect(new Set(ids).size).toBe(ids.length)
    expect(reads.flat().length).toBeGreaterThan(reads.length)
    const replies = await repliesByChat(env(), companyId)
    expect(replies.size).toBe(20)
    for (let chat = 0; chat < 20; chat++) expect(replies.get(routed(chat))).toEqual([MENU, ...Array.from({ length: 4 }, () => ['ok', MENU]).flat()])
    // Each bot reply was written by the transaction that stored the message it answers (the change log
    // keeps the top transaction's id: a lone message's step runs under a savepoint, a subtransaction).
    const rows = await withSystem(s.db, (tx) => tx<{ ticketId: number; fromMe: boolean; writer: string }[]>`
      select m.ticket_id, m.from_me, l.xid::text as writer
        from messages m join sync_log l on l.relation = 'messages' and l.op = 'insert' and (l.new ->> 'id')::bigint = m.id
       where m.company_id = ${companyId} order by m.ticket_id, m.id`)
    expect(rows).toHaveLength(100 + 20 * 9)
    let answered: { ticketId: number; writer: string } | null = null
    let checked = 0
    for (const row of rows) {
      if (!row.fromMe) answered = row
      else {
        expect(answered?.ticketId).toBe(row.ticketId)
        expect(row.writer).toBe(answered!.writer)
        checked++
      }
    }
    expect(checked).toBe(20 * 9)
    // The message's preview went out with the step's own ticket update: one ticket update per message.
    const tickets = await withSystem(s.db, (tx) => tx<{ lastMessage: string; fromMe: boolean; unreadMessages: number; updates: number }[]>`
      select t.last_message, t.from_me, t.unread_messages,
             (select count(*)::int from sync_log l where l.relation = 'tickets' and l.op = 'update' and (l.new ->> 'id')::int = t.id) as updates
        from tickets t where t.company_id = ${companyId}`)
    expect(tickets).toHaveLength(20)
    for (const t of tickets) expect(t).toEqual({ lastMessage: MENU, fromMe: true, unreadMessages: 5, updates: 5 })
  })

  test('a step that writes nothing leaves the message\'s preview to the pipeline: written once, after it', async () => {
    const s = env().services
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId)
    const host = new ChannelHost({ db: s.db, media: s.media, events: s.events, now: () => env().clock.now, log: () => {}, inbound: inboundRouting })
    const at = env().clock.now
    const sent = Array.from({ length: 60 }, (_, i) => textAt(200 + (i % 20), `m${Math.floor(i / 20)}`, at))
    const results = await Promise.all(sent.map((message) => host.emit(conn, { kind: 'message', message })))
    await host.stop()
    expect(results.every((r) => (r as { outcome: string }).outcome === 'stored')).toBe(true)
    const tickets = await withSystem(s.db, (tx) => tx<{ lastMessage: string; fromMe: boolean; unreadMessages: number; replies: number }[]>`
      select t.last_message, t.from_me, t.unread_messages,
             (select count(*)::int from messages m where m.ticket_id = t.id and m.from_me) as replies
        from tickets t where t.company_id = ${companyId}`)
    expect(tickets).toHaveLength(20)
    for (const t of tickets) expect(t).toEqual({ lastMessage: 'm2', fromMe: false, unreadMessages: 3, replies: 0 })
  })

  test('a step the database refuses rolls its batch back: that step is lost alone with its message kept, the others are written once', async () => {
    const s = env().services
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId)
    await addPhrase(env(), companyId, await createFlow(env(), companyId, menuLoop()), 'fluxo', conn.id)
    const failing = routed(15)
    let attempts = 0
    // The real routing, then a statement Postgres refuses for one chat: the whole transaction is spoiled.
    const route = async (ctx: RoutingCtx, input: RouteInput) => {
      await routeInbound(ctx, input)
      const [{ number }] = await ctx.tx<{ number: string }[]>`select number from contacts c join tickets t on t.contact_id = c.id where t.id = ${input.ticket.id}`
      if (number === failing) {
        attempts++
        await ctx.tx`select 1 / 0`
      }
    }
    const events: unknown[] = []
    const bus = new EventBus()
    bus.subscribe((e) => void events.push(e))
    // The batch reads the states together; the failing chat's lone retry reads its own again.
    const host = new ChannelHost({ db: s.db, media: s.media, events: bus, now: () => env().clock.now, log: () => {}, inbound: { route, routeStates: inboundRouting.routeStates } })
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args[0])
    try {
      const at = env().clock.now
      const results = await Promise.all(Array.from({ length: 20 }, (_, chat) => host.emit(conn, { kind: 'message', message: textAt(chat, 'fluxo', at) })))
      expect(results.every((r) => (r as { outcome: string }).outcome === 'stored')).toBe(true)
    } finally {
      console.error = original
      await host.stop()
    }
    const replies = await repliesByChat(env(), companyId)
    // The failing chat's message is stored (it has a row, without replies).
    expect(replies.get(failing)).toEqual([])
    for (let chat = 0; chat < 20; chat++) if (chat !== 15) expect(replies.get(routed(chat))).toEqual([MENU])
    expect(errors).toHaveLength(1)
    expect(String(errors[0])).toContain('routing failed')
    // Its step ran twice: in its batch, which rolled back, and again alone.
    expect(attempts).toBe(2)
    // The failed step announced nothing: its ticket has no flow, and no event carries a reply to it.
    const tickets = await withSystem(s.db, (tx) => tx<{ id: number; number: string; flowWebhook: boolean }[]>`
      select t.id, c.number, t.flow_webhook from tickets t join contacts c on c.id = t.contact_id where t.company_id = ${companyId}`)
    const ticketOf = (number: string) => tickets.find((t) => t.number === number)!
    expect(ticketOf(failing).flowWebhook).toBe(false)
    // Its message still wrote its own preview: the step owed it and failed.
    const [preview] = await withSystem(s.db, (tx) => tx<{ lastMessage: string; fromMe: boolean; unreadMessages: number }[]>`
      select last_message, from_me, unread_messages from tickets where id = ${ticketOf(failing).id}`)
    expect(preview).toEqual({ lastMessage: 'fluxo', fromMe: false, unreadMessages: 1 })
    expect(ticketOf(routed(8)).flowWebhook).toBe(true)
    const repliesAnnounced = (ticketId: number) =>
      events.filter((e) => {
        const ev = e as { type: string; payload: { message?: { fromMe?: boolean }; ticket?: { id: number } } }
        return ev.type === 'appMessage' && ev.payload.message?.fromMe === true && ev.payload.ticket?.id === ticketId
      }).length
    expect(repliesAnnounced(ticketOf(failing).id)).toBe(0)
    expect(repliesAnnounced(ticketOf(routed(8)).id)).toBe(1)
  })
})
