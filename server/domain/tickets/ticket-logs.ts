import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { canSeeTicket } from '../ticket-visibility.ts'

/** The log event types (spec part 1 §3 "Ticket log entry"; the table's check constraint, migration 0003). */
export type TicketLogType =
  | 'create' | 'chatBot' | 'queue' | 'open' | 'access' | 'transfered' | 'receivedTransfer'
  | 'pending' | 'closed' | 'reopen' | 'redirect' | 'nps' | 'lgpd'

export interface TicketLogEntry {
  id: number
  type: TicketLogType
  ticketId: number
  userId: number | null
  queueId: number | null
  user: { id: number; name: string } | null
  queue: { id: number; name: string; color: string } | null
  createdAt: Date
}

/** Writes one log row: who (userId) did what (type) to the ticket, in which queue, at the ctx clock. */
export async function writeTicketLog(
  ctx: DomainCtx,
  ticketId: number,
  type: TicketLogType,
  opts: { userId?: number | null; queueId?: number | null } = {},
): Promise<void> {
  await ctx.tx`
    insert into ticket_logs ${ctx.tx({
      companyId: ctx.auth.user.companyId,
      ticketId,
      type,
      userId: opts.userId === undefined ? ctx.auth.user.id : opts.userId,
      queueId: opts.queueId ?? null,
      createdAt: ctx.now(),
    })}`
}

/** The 'create' line of a ticket opened without a request's user context (API, schedule): who asked, if anyone. */
export async function logTicketCreated(tx: Tx, row: { companyId: number; ticketId: number; userId: number | null; queueId: number | null; at: Date }) {
  await tx`insert into ticket_logs ${tx({ companyId: row.companyId, ticketId: row.ticketId, type: 'create', userId: row.userId, queueId: row.queueId, createdAt: row.at })}`
}

/** GET /tickets-log/{ticketId}: the ticket's log, oldest first, for whoever may see the ticket. */
export async function listTicketLogs(ctx: DomainCtx, ticketId: number): Promise<TicketLogEntry[]> {
  const [ticket] = await ctx.tx<{ userId: number | null; queueId: number | null; isGroup: boolean }[]>`
    select user_id, queue_id, is_group from tickets where id = ${ticketId}`
  if (!ticket || !canSeeTicket(ctx.auth, ticket)) throw new AppError('ERR_NO_TICKET_FOUND')
  return readLogs(ctx.tx, ticketId)
}

async function readLogs(tx: Tx, ticketId: number): Promise<TicketLogEntry[]> {
  const rows = await tx<(TicketLogEntry & { id: string | number })[]>`
    select l.id, l.type, l.ticket_id, l.user_id, l.queue_id, l.created_at,
           case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end as "user",
           case when q.id is null then null else json_build_object('id', q.id, 'name', q.name, 'color', q.color) end as queue
      from ticket_logs l
      left join users u on u.id = l.user_id
      left join queues q on q.id = l.queue_id
     where l.ticket_id = ${ticketId}
     order by l.created_at, l.id`
  return rows.map((r) => ({ ...r, id: Number(r.id) }))
}
