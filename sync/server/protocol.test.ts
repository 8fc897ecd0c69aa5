import { describe, expect, test } from 'bun:test'
import { formatOffset, nextCursor, parseOffset } from './protocol.ts'
import { LONG_POLL_MS, liveHoldMs } from './shape-route.ts'
import { logMessages, rowKey } from './messages.ts'
import { shapeCatalogue } from '../shapes.ts'
import type { LogEntry } from './log-reader.ts'

describe('offsets', () => {
  test('parses and formats every form the client sends', () => {
    for (const raw of ['-1', 'now', '0_0', '0_inf', '0_12', '123_4', '123_inf']) expect(formatOffset(parseOffset(raw)!)).toBe(raw)
  })
  test('rejects malformed offsets', () => {
    for (const raw of ['', 'x', '1_', '_1', '1_-1', '1.5_0', '-2']) expect(parseOffset(raw)).toBeNull()
  })
})

describe('cursor', () => {
  test('moves forward past the client cursor', () => {
    const now = Date.UTC(2026, 10, 22)
    const c1 = nextCursor('', now)
    expect(Number(c1) % 20).toBe(0)
    expect(Number(nextCursor(c1, now))).toBeGreaterThan(Number(c1))
  })
})

describe('change messages', () => {
  const tickets = shapeCatalogue.tickets
  const entry = (e: Partial<LogEntry>): LogEntry => ({
    seq: 10n, opPos: 0, xid: 4294967300n, op: 'update', changed: [], newMatch: true, oldMatch: true, newValue: null, oldValue: null, ...e,
  })

  test('keys quote each primary-key value and double slashes', () => {
    expect(rowKey('tickets', ['id'], { id: '7' })).toBe('"public"."tickets"/"7"')
    expect(rowKey('t', ['a', 'b'], { a: 'x/y', b: '2' })).toBe('"public"."t"/"x//y"/"2"')
  })

  test('an update carries the key and the changed columns, with lsn, txids and last', () => {
    const [m] = logMessages(tickets, [entry({ changed: ['status'], newValue: { id: '1', status: 'open', queue_id: '3' }, oldValue: { id: '1', status: 'pending', queue_id: '3' } })])
    expect(m.value).toEqual({ id: '1', status: 'open' })
    expect(m.headers).toMatchObject({ operation: 'update', lsn: '10', op_position: 0, txids: [4], last: true })
  })

  test('an update entering the where clause is an insert of the full row; leaving it is a delete', () => {
    const row = { id: '1', status: 'open', queue_id: '3' }
    const into = logMessages(tickets, [entry({ oldMatch: false, changed: ['queue_id'], newValue: row, oldValue: { ...row, queue_id: '2' } })])
    expect(into.map((m) => [m.headers.operation, m.value])).toEqual([['insert', row]])
    const out = logMessages(tickets, [entry({ newMatch: false, changed: ['queue_id'], newValue: { ...row, queue_id: '2' }, oldValue: row })])
    expect(out.map((m) => [m.headers.operation, m.value])).toEqual([['delete', { id: '1' }]])
  })

  test('last marks only the final message of each transaction', () => {
    const msgs = logMessages(tickets, [
      entry({ seq: 5n, opPos: 0, op: 'insert', newValue: { id: '1' } }),
      entry({ seq: 5n, opPos: 1, op: 'insert', newValue: { id: '2' } }),
      entry({ seq: 6n, opPos: 0, op: 'delete', oldValue: { id: '1' } }),
    ])
    expect(msgs.map((m) => m.headers.last ?? false)).toEqual([false, true, true])
  })

  test('an update touching only columns the shape leaves out sends nothing', () => {
    expect(logMessages(tickets, [entry({ changed: ['data_webhook'], newValue: { id: '1' }, oldValue: { id: '1' } })])).toEqual([])
  })
})

describe('liveHoldMs (x-live-hold-ms from clients long-polling over plain HTTP)', () => {
  test('absent or unreadable: the full 20 s; otherwise the asked time, clamped to 0..20 s', () => {
    expect(liveHoldMs(undefined)).toBe(LONG_POLL_MS)
    expect(liveHoldMs('soon')).toBe(LONG_POLL_MS)
    expect(liveHoldMs('1500')).toBe(1500)
    expect(liveHoldMs('-5')).toBe(0)
    expect(liveHoldMs('999999')).toBe(LONG_POLL_MS)
  })
})
