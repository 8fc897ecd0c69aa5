import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Sql } from '../db/connect.ts'
import type { DomainEvent } from '../domain/context.ts'
import type { EventBus } from '../events.ts'

/**
 * Cross-instance fan-out (ARCHITECTURE "Scale path"): each instance NOTIFYs the events committed in it,
 * LISTENs for the others' and hands those to its own hub. Postgres only: PGlite is one process and
 * one connection, so the in-process bus already reaches every socket.
 */
export const FANOUT_CHANNEL = 'balcao_events'
/** NOTIFY refuses payloads of 8000 bytes or more. */
export const MAX_NOTIFY_BYTES = 7900

const envelopeSchema = z.object({
  origin: z.string(),
  event: z.object({ type: z.string(), companyId: z.number().int(), payload: z.record(z.string(), z.unknown()) }),
})

/** Fields kept from nested objects of a shrunk event: ids and what route-event.ts routes on. */
const ROUTING_FIELDS = ['id', 'status', 'queueId', 'userId', 'isGroup', 'key', 'ticketId']

/**
 * An event too large for NOTIFY keeps its scalars and, of each nested object, only the routing fields,
 * marked `truncated` so clients refetch the record; it still reaches exactly the same sockets.
 */
export function shrinkEvent(event: DomainEvent): DomainEvent {
  const payload: Record<string, unknown> = { truncated: true }
  for (const [k, v] of Object.entries(event.payload)) {
    if (v === null || typeof v !== 'object') payload[k] = typeof v === 'string' ? v.slice(0, 200) : v
    else if (!Array.isArray(v)) {
      const o = v as Record<string, unknown>
      payload[k] = Object.fromEntries(ROUTING_FIELDS.filter((f) => f in o && typeof o[f] !== 'object').map((f) => [f, o[f]]))
    }
  }
  return { type: event.type, companyId: event.companyId, payload }
}

/** How every envelope of `origin` begins (encodeEnvelope writes origin first). */
const envelopePrefix = (origin: string) => `{"origin":${JSON.stringify(origin)},`

/**
 * The NOTIFY payload for one event: whole when it fits, shrunk otherwise, bare as a last resort. `seq`
 * numbers the sender's envelopes: Postgres drops a notification that repeats one of the same transaction
 * (channel and payload alike), and two equal events sent together must both arrive.
 */
export function encodeEnvelope(origin: string, event: DomainEvent, seq = 0): string {
  // Each smaller form only when the one before does not fit (most events fit whole).
  const candidates = [() => event, () => shrinkEvent(event), () => ({ type: event.type, companyId: event.companyId, payload: { action: event.payload.action, truncated: true } })]
  for (const candidate of candidates) {
    const text = JSON.stringify({ origin, seq, event: candidate() })
    if (Buffer.byteLength(text) < MAX_NOTIFY_BYTES) return text
  }
  return JSON.stringify({ origin, seq, event: { type: event.type, companyId: event.companyId, payload: { truncated: true } } })
}

/** An event from another instance, or null for our own echo or anything malformed. */
export function decodeEnvelope(text: string, self: string): DomainEvent | null {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  const parsed = envelopeSchema.safeParse(json)
  if (!parsed.success || parsed.data.origin === self) return null
  return parsed.data.event
}

export interface PgFanoutOptions {
  sql: Sql
  events: EventBus
  /** Where other instances' events go: the local hub's deliver. */
  deliver: (event: DomainEvent) => void
  instanceId?: string
  log?: (message: string, err?: unknown) => void
}

/** Starts publishing and listening; resolves once LISTEN is active, with a stop function. */
export async function startPgFanout(opts: PgFanoutOptions): Promise<() => Promise<void>> {
  const self = opts.instanceId ?? randomUUID()
  const log = opts.log ?? ((m, err) => console.error(`[realtime] ${m}`, err ?? ''))
  // Our own NOTIFYs come back on our LISTEN too: known by their first bytes, without parsing them.
  const own = envelopePrefix(self)
  const listener = await opts.sql.listen(FANOUT_CHANNEL, (text) => {
    if (text.startsWith(own)) return
    const event = decodeEnvelope(text, self)
    if (event) opts.deliver(event)
  })
  // One sender at a time keeps NOTIFYs in commit order even though the pool has several connections.
  // Events published while a NOTIFY is under way go together in the next one: one transaction (one
  // commit, one WAL flush) for all of them instead of one each. A worker announcing its inbound messages
  // and their bot replies spent ~0.8 ms of CPU a message here before (bench/flows.ts with the fan-out).
  const pending: string[] = []
  let sending: Promise<void> | null = null
  const send = async () => {
    while (pending.length) {
      const texts = pending.splice(0, MAX_NOTIFY_BATCH)
      try {
        // Delivered in the array's order: a transaction's notifications arrive in the order it sent them.
        // One text split in Postgres, not a text[] escaped value by value: JSON.stringify writes no newline.
        await opts.sql`select pg_notify(${FANOUT_CHANNEL}, t) from unnest(string_to_array(${texts.join('\n')}, E'\n')) as t`
      } catch (err) {
        log(`pg_notify failed for ${texts.length} events`, err)
      }
    }
    sending = null
  }
  let seq = 0
  const unsubscribe = opts.events.subscribe((event) => {
    pending.push(encodeEnvelope(self, event, ++seq))
    sending ??= send()
  })
  return async () => {
    unsubscribe()
    await sending
    await listener.unlisten()
  }
}

/** Envelopes per NOTIFY transaction (each under 8 KB: at most ~4 MB a statement). */
const MAX_NOTIFY_BATCH = 500
