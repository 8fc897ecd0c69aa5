import { enqueueSends, updateTicketRow, type SendRequest, type TicketWrite } from '../outbound/enqueue-send.ts'
import type { TicketLogType } from '../tickets/ticket-logs.ts'
import { fillTemplate } from '../messages/fill-template.ts'
import { botAttemptsLeft, mayReask } from './menu-rules.ts'
import type { Tx } from '../../db/connect.ts'
import type { HeldWrites, InboundPreview, RouteInput, RoutingCtx } from './routing-context.ts'
import type { RoutingState } from './routing-state.ts'

/** Ticket columns the routing step changes, by their camelCase names. */
export type TicketChange = Partial<{
  status: string
  userId: number | null
  queueId: number | null
  queueOptionId: number | null
  isBot: boolean
  isOutOfHour: boolean
  amountUsedBotQueues: number
  amountUsedBotQueuesNps: number
  useIntegration: boolean
  integrationId: number | null
  promptId: number | null
  acceptedAt: Date
  closedAt: Date
  lgpdSendMessageAt: Date
  lgpdAcceptedAt: Date
}>

/** Per-run bookkeeping: whether the ticket changed (one `ticket` event at the end). */
export interface RunState extends RoutingState {
  changed?: boolean
  /** The contact's message being routed (issue 22: an integration is handed this one). */
  inboundMessageId?: number
}

/**
 * An automatic message to the contact: through the outbound queue, marked system (its echo is never a
 * customer message, and the chat shows it as the system's), with {{name}} filled. Empty texts are skipped.
 */
export async function sendSystemMessage(ctx: RoutingCtx, state: RunState, body: string, vars?: Record<string, string>, runAt?: Date): Promise<void> {
  await storeSystemMessage(ctx, state, fillTemplate(body, state.contactName, vars).trim(), false, runAt)
}

/**
 * A stored file of the company (a flow's, a file list's) as a system message through the outbound queue,
 * with `caption` as its text; `extra` goes to the driver (asVoice for a voice note).
 */
export async function sendSystemMedia(ctx: RoutingCtx, state: RunState, file: { fileName: string; originalName: string; mediaType: string; caption?: string; extra?: Record<string, unknown> }, runAt?: Date): Promise<void> {
  await enqueueSystem(ctx, state, {
    runAt,
    body: file.caption ?? '',
    kind: 'media',
    mediaType: file.mediaType,
    media: { fileName: file.fileName, originalName: file.originalName },
    extra: file.extra,
  })
}

/** A private note of the system on the ticket (an integration's failure): stored for the attendants, never sent. */
export const writeSystemNote = (ctx: RoutingCtx, state: RunState, body: string) => storeSystemMessage(ctx, state, body, true)

async function storeSystemMessage(ctx: RoutingCtx, state: RunState, text: string, isPrivate: boolean, runAt?: Date): Promise<void> {
  if (!text) return
  await enqueueSystem(ctx, state, { body: text, isPrivate, runAt })
}

/** A system message of the ticket's contact and connection, queued (unless private) and announced. */
async function enqueueSystem(ctx: RoutingCtx, state: RunState, req: Pick<SendRequest, 'body'> & Partial<SendRequest>): Promise<void> {
  const request: SendRequest = {
    ...req,
    companyId: state.companyId,
    ticketId: state.ticketId,
    whatsappId: state.whatsappId,
    contactId: state.contactId,
    channel: state.channel,
    isSystem: true,
    now: ctx.now(),
  }
  if (ctx.held) ctx.held.sends.push(request)
  else await storeSends(ctx, state, [request])
}

async function storeSends(ctx: RoutingCtx, state: RunState, requests: SendRequest[], ticket?: Record<string, unknown>): Promise<void> {
  for (const message of await enqueueSends(ctx.tx, requests, ticket, takePreview(ctx))) {
    ctx.emit({ type: 'appMessage', companyId: state.companyId, payload: { action: 'create', message, ticket: { id: state.ticketId } } })
  }
}

/**
 * Ticket columns that announce nothing (the flow run's state): held with the sends when writes are held,
 * else written now. The in-memory state is the caller's to keep.
 */
export async function setTicketColumns(ctx: RoutingCtx, state: RunState, columns: Record<string, unknown>): Promise<void> {
  if (ctx.held) Object.assign(ctx.held.ticket, columns)
  else await updateTicket(ctx, state, columns)
}

const updateTicket = (ctx: RoutingCtx, state: RunState, columns: Record<string, unknown>) => {
  // The step's columns come after the message's preview (an unread count they set wins: updateTicketRow).
  const preview = takePreview(ctx)
  return updateTicketRow(ctx.tx, state.ticketId, { columns: { ...preview.columns, ...columns }, addUnread: preview.addUnread })
}

/** The routed message's preview when no write of the step carried it (or the step failed), written alone. */
export async function writeInboundPreview(tx: Tx, ticketId: number, preview: InboundPreview): Promise<void> {
  await updateTicketRow(tx, ticketId, previewWrite(preview))
}

/**
 * The routed message's preview for the step's first ticket write to carry (RoutingCtx.preview), taken once;
 * nothing when the pipeline wrote it already.
 */
function takePreview(ctx: RoutingCtx): TicketWrite {
  const pending = ctx.preview?.pending
  if (!pending) return { columns: {} }
  ctx.preview!.pending = null
  return previewWrite(pending)
}

const previewWrite = (preview: InboundPreview): TicketWrite => ({
  columns: { lastMessage: preview.lastMessage, fromMe: preview.fromMe, ...(preview.unread === 'clear' ? { unreadMessages: 0 } : {}) },
  addUnread: preview.unread === 'add',
})

/**
 * Runs `walk` with the ticket's system sends and run columns held, then writes them together, the sends in
 * their order (a flow's steps until it waits). Nothing in between reads them: the messages' time is the
 * conversation's either way, and the held columns are ones no other write of the step touches.
 */
export async function holdSends<T>(ctx: RoutingCtx, state: RunState, walk: (ctx: RoutingCtx) => Promise<T>): Promise<T> {
  if (ctx.held) return walk(ctx)
  const held: HeldWrites = { sends: [], ticket: {} }
  const result = await walk({ ...ctx, held })
  if (held.sends.length) await storeSends(ctx, state, held.sends, held.ticket)
  else if (Object.keys(held.ticket).length) await setTicketColumns(ctx, state, held.ticket)
  return result
}

/** The `ticket` event that announces a routing change (after the inbound run, or a sweep's action). */
export function emitTicketUpdate(ctx: RoutingCtx, state: RunState): void {
  const ticket = { id: state.ticketId, uuid: state.uuid, userId: state.userId, queueId: state.queueId, isGroup: state.isGroup, status: state.status }
  ctx.emit({ type: 'ticket', companyId: state.companyId, payload: { action: 'update', ticket } })
}

/** Writes the changed columns and keeps the in-memory state in step. */
export async function changeTicket(ctx: RoutingCtx, state: RunState, change: TicketChange): Promise<void> {
  await updateTicket(ctx, state, change)
  Object.assign(state, change)
  state.changed = true
}

/** A ticket log row written by the system (no user unless the bot hands the ticket to one). */
export async function logTicket(ctx: RoutingCtx, state: RunState, type: TicketLogType, opts: { userId?: number | null; queueId?: number | null } = {}) {
  await ctx.tx`
    insert into ticket_logs ${ctx.tx({
      companyId: state.companyId,
      ticketId: state.ticketId,
      type,
      userId: opts.userId ?? null,
      queueId: opts.queueId === undefined ? state.queueId : opts.queueId,
      createdAt: ctx.now(),
    })}`
}

/** The bot closes the ticket (an option or a queue with closeTicket). */
export async function closeByBot(ctx: RoutingCtx, state: RunState): Promise<void> {
  await changeTicket(ctx, state, { status: 'closed', isBot: false, closedAt: ctx.now() })
  await ctx.tx`update tickets set unread_messages = 0 where id = ${state.ticketId}`
  await logTicket(ctx, state, 'closed', { userId: state.userId })
}

/** When the contact message that prompted the last automatic reply of the ticket arrived. */
async function lastPromptTrigger(ctx: RoutingCtx, state: RunState): Promise<Date | null> {
  const [row] = await ctx.tx<{ at: Date | null }[]>`
    select max(m.created_at) as at from messages m
     where m.ticket_id = ${state.ticketId} and not m.from_me
       and m.id < (select max(id) from messages where ticket_id = ${state.ticketId} and from_me and is_system)`
  return row?.at ?? null
}

/**
 * A menu sent again after an answer the bot does not know: at most maxUseBotQueues menus per state
 * (then the bot stops and a human takes over), none within the debounce window of the last one.
 */
export async function reask(ctx: RoutingCtx, state: RunState, input: RouteInput, menu: string): Promise<void> {
  if (!botAttemptsLeft(state.amountUsedBotQueues, state.maxUseBotQueues)) {
    if (state.isBot) await changeTicket(ctx, state, { isBot: false })
    return
  }
  if (!mayReask(new Date(input.message.createdAt), await lastPromptTrigger(ctx, state))) return
  await sendSystemMessage(ctx, state, menu)
  await changeTicket(ctx, state, { amountUsedBotQueues: state.amountUsedBotQueues + 1 })
}
