import { expect, test } from 'bun:test'
import { withSystem } from '../../server/db/tenant.ts'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany, createConnection, uniq } from '../../test/factories.ts'
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
