import type { Tx } from '../../../db/connect.ts'
import type { Db } from '../../../db/tenant.ts'
import type { DomainEvent } from '../../context.ts'
import type { RoutingCtx } from '../routing-context.ts'
import { changeTicket, emitTicketUpdate, logTicket } from '../routing-effects.ts'
import { loadRoutingState } from '../routing-state.ts'
import { lastPersonMessageAt, sweepRows, type SweepOptions } from './sweep-loop.ts'

/**
 * Round-robin "roteador" (spec part 2, queue ativarRoteador/tempoRoteador; anchor §3.5 MF
 * `handleRandomUser`, ordered mode): in a queue with ativarRoteador and tempoRoteador > 0, the pending
 * tickets without a user that have waited tempoRoteador minutes (since the last message of a person) go,
 * oldest first, to the queue's online users in id order, one per user per run, starting after the user
 * the queue last handed a ticket to (its latest 'open' log). The ticket becomes open with that user and
 * is logged 'open'. Each queue is claimed FOR UPDATE SKIP LOCKED, so two workers never deal one queue
 * at once. Returns how many tickets were assigned.
 */
export function sweepRoundRobin(db: Db, now: Date, opts: SweepOptions = {}): Promise<number> {
  return sweepRows(db, (tx, emit, handled) => dealNextQueue(tx, now, emit, handled), 'round-robin', opts)
}

/** The users in turn: the ones after `lastUserId` first, then from the start, at most `count`. */
export function usersInTurn(online: number[], lastUserId: number | null, count: number): number[] {
  const start = lastUserId === null ? 0 : online.findIndex((id) => id > lastUserId)
  const from = start < 0 ? 0 : start
  return [...online.slice(from), ...online.slice(0, from)].slice(0, count)
}

async function dealNextQueue(tx: Tx, now: Date, emit: (e: DomainEvent) => void, handled: number[]): Promise<number | false> {
  const [queue] = await tx<{ id: number; tempoRoteador: number }[]>`
    select q.id, q.tempo_roteador from queues q
     where q.ativar_roteador and q.tempo_roteador > 0 and q.id <> all(${handled}::int[])
       and exists (select 1 from tickets t where t.queue_id = q.id and t.status = 'pending' and t.user_id is null)
     order by q.id limit 1
       for update of q skip locked`
  if (!queue) return false
  handled.push(queue.id)
  const online = await tx<{ id: number }[]>`
    select u.id from user_queues uq join users u on u.id = uq.user_id
     where uq.queue_id = ${queue.id} and u.online order by u.id`
  if (online.length === 0) return 0
  const [last] = await tx<{ userId: number }[]>`
    select user_id from ticket_logs where queue_id = ${queue.id} and type = 'open' and user_id is not null
     order by created_at desc, id desc limit 1`
  const tickets = await tx<{ id: number }[]>`
    select t.id from tickets t
     where t.queue_id = ${queue.id} and t.status = 'pending' and t.user_id is null and not t.is_group
       and ${lastPersonMessageAt(tx)}
           <= ${now}::timestamptz - make_interval(mins => ${queue.tempoRoteador}::int)
     order by t.created_at, t.id limit ${online.length}
       for update of t skip locked`
  const users = usersInTurn(online.map((u) => u.id), last?.userId ?? null, tickets.length)
  const ctx: RoutingCtx = { tx, now: () => now, emit }
  for (const [i, ticket] of tickets.entries()) await assign(ctx, ticket.id, users[i])
  return tickets.length
}

async function assign(ctx: RoutingCtx, ticketId: number, userId: number): Promise<void> {
  const state = await loadRoutingState(ctx.tx, ticketId)
  if (!state) return
  await changeTicket(ctx, state, { status: 'open', userId, isBot: false })
  await ctx.tx`update tickets set accepted_at = coalesce(accepted_at, ${ctx.now()}) where id = ${ticketId}`
  await logTicket(ctx, state, 'open', { userId })
  emitTicketUpdate(ctx, state)
}
