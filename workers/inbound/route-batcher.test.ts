import { expect, test } from 'bun:test'
import { withSystem } from '../../server/db/tenant.ts'
import { EventBus } from '../../server/events.ts'
import { routeInbound, type RouteInput, type RoutingCtx } from '../../server/domain/routing/index.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection, uniq } from '../../test/factories.ts'
import { addPhrase, createFlow, graph } from '../../test/flow-support.ts'
import { ChannelHost } from '../channel-host.ts'
import type { InboundMessage } from '../channels/types.ts'

const from = (chat: number) => `55119${String(80000000 + chat).padStart(8, '0')}`
const text = (chat: number, body: string, at: Date): InboundMessage => ({
  externalId: uniq('ROUTE'),
  fromMe: false,
  timestamp: at,
  peer: { number: from(chat), name: `Cliente ${chat}` },
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

describeEachBackend('routing group commit', (env) => {
  test('a flow step on 20 chats at once: every chat walks its menu in order, in far fewer transactions than steps', async () => {
    const s = env().services
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId)
    await addPhrase(env(), companyId, await createFlow(env(), companyId, menuLoop()), 'fluxo', conn.id)
    let commits = 0
    const host = new ChannelHost({ db: { ...s.db, onCommit: () => void commits++ }, media: s.media, events: s.events, now: () => env().clock.now, log: () => {}, inbound: { route: routeInbound } })
    const at = env().clock.now
    const sent = Array.from({ length: 100 }, (_, i) => text(i % 20, i < 20 ? 'fluxo' : '1', at))
    const results = await Promise.all(sent.map((message) => host.emit(conn, { kind: 'message', message })))
    await host.stop()
    expect(results.every((r) => (r as { outcome: string }).outcome === 'stored')).toBe(true)
    // One transaction per routing step would be 100 commits on top of the messages' own.
    expect(commits).toBeLessThan(100)
    const replies = await repliesByChat(env(), companyId)
    expect(replies.size).toBe(20)
    for (let chat = 0; chat < 20; chat++) expect(replies.get(from(chat))).toEqual([MENU, ...Array.from({ length: 4 }, () => ['ok', MENU]).flat()])
  })

  test('a step the database refuses rolls its batch back: that step is lost alone, the others are written once', async () => {
    const s = env().services
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId)
    await addPhrase(env(), companyId, await createFlow(env(), companyId, menuLoop()), 'fluxo', conn.id)
    const failing = from(15)
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
    const host = new ChannelHost({ db: s.db, media: s.media, events: bus, now: () => env().clock.now, log: () => {}, inbound: { route } })
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args[0])
    try {
      const at = env().clock.now
      const results = await Promise.all(Array.from({ length: 20 }, (_, chat) => host.emit(conn, { kind: 'message', message: text(chat, 'fluxo', at) })))
      expect(results.every((r) => (r as { outcome: string }).outcome === 'stored')).toBe(true)
    } finally {
      console.error = original
      await host.stop()
    }
    const replies = await repliesByChat(env(), companyId)
    expect(replies.get(failing)).toEqual([])
    for (let chat = 0; chat < 20; chat++) if (chat !== 15) expect(replies.get(from(chat))).toEqual([MENU])
    expect(errors).toHaveLength(1)
    expect(String(errors[0])).toContain('routing failed')
    // Its step ran twice: in its batch, which rolled back, and again alone.
    expect(attempts).toBe(2)
    // The failed step announced nothing: its ticket has no flow, and no event carries a reply to it.
    const tickets = await withSystem(s.db, (tx) => tx<{ id: number; number: string; flowWebhook: boolean }[]>`
      select t.id, c.number, t.flow_webhook from tickets t join contacts c on c.id = t.contact_id where t.company_id = ${companyId}`)
    const ticketOf = (number: string) => tickets.find((t) => t.number === number)!
    expect(ticketOf(failing).flowWebhook).toBe(false)
    expect(ticketOf(from(8)).flowWebhook).toBe(true)
    const repliesAnnounced = (ticketId: number) =>
      events.filter((e) => {
        const ev = e as { type: string; payload: { message?: { fromMe?: boolean }; ticket?: { id: number } } }
        return ev.type === 'appMessage' && ev.payload.message?.fromMe === true && ev.payload.ticket?.id === ticketId
      }).length
    expect(repliesAnnounced(ticketOf(failing).id)).toBe(0)
    expect(repliesAnnounced(ticketOf(from(8)).id)).toBe(1)
  })
})
