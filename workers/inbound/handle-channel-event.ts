import type { Tx } from '../../server/db/connect.ts'
import type { Db } from '../../server/db/tenant.ts'
import { withTenant } from '../../server/db/tenant.ts'
import type { DomainEvent } from '../../server/domain/context.ts'
import type { EventBus } from '../../server/events.ts'
import type { MediaStore } from '../../server/media/media-store.ts'
import type { ChannelEvent, ChannelKind, InboundMessage, PeerIdentity } from '../channels/types.ts'
import { enqueueSend } from '../../server/domain/outbound/enqueue-send.ts'
import { namespaceOf, storedNumber } from '../../server/domain/contacts/resolve-contact.ts'
import type { ConnectionRef, InCompany } from './types.ts'
import { applyAck, applyEdit, applyRevoke, applyStatus } from './updates.ts'
import { closeImportedRows } from '../../server/domain/connections/close-imported.ts'
import { ingestOne, type AfterStored, type IngestBatcher, type Ingested } from './ingest-batcher.ts'
import type { TicketRow } from '../../server/domain/tickets/find-or-create-ticket.ts'
import { writeInboundPreview, type InboundPreview, type RouteInput, type RoutingCtx } from '../../server/domain/routing/index.ts'

export interface InboundDeps {
  db: Db
  media: MediaStore
  events: Pick<EventBus, 'publish'>
  now: () => Date
  /** Media larger than this is not downloaded; the message keeps a note instead (default 15 MB). */
  mediaMaxBytes?: number
  /**
   * The transaction the pipeline writes in; default a new tenant transaction per step. A request that
   * already holds one (the simulator route) passes a savepoint of it, since PGlite has one connection.
   */
  transaction?: <T>(companyId: number, fn: (tx: Tx) => Promise<T>) => Promise<T>
  /**
   * The routing step (business hours, queue menu, chatbot: server/domain/routing `routeInbound`). Runs
   * after the message is stored: in its transaction when the host batches, else in one of its own; its
   * events are published after the message's. Without it tickets arrive pending without a queue (the
   * tests of the pipeline alone).
   */
  route?: (ctx: RoutingCtx, input: RouteInput) => Promise<void>
  /**
   * What `route` reads first (routeInbound: its ticket's routing state), read for a whole batch of the
   * host's group commit in one statement and handed over as `input.state` (routing `inboundRouting`).
   */
  routeStates?: (tx: Tx, ticketIds: number[]) => Promise<Map<number, NonNullable<RouteInput['state']>>>
  /**
   * Group commit of messages arriving together, each with its routing step (the channel host's; without
   * it, a transaction for the message and one for its step).
   */
  batcher?: IngestBatcher
}

/** A stored message as the live events carry it. */
export interface StoredMessage {
  id: number
  wid: string | null
  ticketId: number
  contactId: number | null
  body: string
  fromMe: boolean
  mediaType: string
  mediaUrl: string | null
  ack: number
  createdAt: string
}

export type InboundResult =
  | { outcome: 'stored'; messageId: number; ticketId: number; ticketCreated: boolean }
  | { outcome: 'duplicate'; messageId: number }
  | { outcome: 'ignored'; reason: string }
  | { outcome: 'updated'; count: number }

const DEFAULT_MEDIA_MAX = 15 * 1024 * 1024

/**
 * The one pipeline every channel event takes (ARCHITECTURE "Channels"): dedupe → contact → ticket →
 * message and media → live events → routing. Idempotent by (connection, external id), so a redelivery,
 * a webhook retry or a replay after a crash stores nothing twice. Callers keep per-chat order by
 * awaiting one event of a chat before handing over the next (see ChatSerializer).
 */
export async function handleChannelEvent(deps: InboundDeps, connection: ConnectionRef, event: ChannelEvent): Promise<InboundResult> {
  const inCompany: InCompany = (fn) =>
    deps.transaction ? deps.transaction(connection.companyId, fn) : withTenant(deps.db, { companyId: connection.companyId }, fn)
  switch (event.kind) {
    case 'message':
      return handleMessage(deps, inCompany, connection, event.message)
    case 'ack':
      return publishUpdated(deps, connection, await applyAck(inCompany, connection, event))
    case 'edit':
      return publishUpdated(deps, connection, await applyEdit(inCompany, connection, event))
    case 'revoke':
      return publishUpdated(deps, connection, await applyRevoke(inCompany, connection, event, deps.media))
    case 'status': {
      const view = await applyStatus(inCompany, connection, event, deps.now())
      if (view) deps.events.publish([{ type: 'whatsappSession', companyId: connection.companyId, payload: { action: 'update', session: view } }])
      return { outcome: 'updated', count: view ? 1 : 0 }
    }
    case 'lidMapping': {
      await inCompany((tx) => tx`
        insert into whatsapp_lid_map (company_id, lid, number)
        values (${connection.companyId}, ${event.lid}, ${storedNumber('whatsapp', event.number)})
        on conflict (company_id, lid) do update set number = excluded.number
          where whatsapp_lid_map.number is distinct from excluded.number`)
      return { outcome: 'updated', count: 1 }
    }
    case 'call': {
      const logged = await handleMessage(deps, inCompany, connection, {
        externalId: `call:${event.callId}`,
        fromMe: false,
        timestamp: event.timestamp,
        peer: event.peer,
        body: 'Chamada de voz/vídeo perdida',
        mediaType: 'call_log',
      })
      if (logged.outcome === 'stored') await answerRefusedCall(deps, inCompany, connection, logged.ticketId)
      return logged
    }
    case 'addressBook':
      // The channel host keeps it in memory until an import asks (issue 15 item 16): never stored here.
      return { outcome: 'ignored', reason: 'address book is kept by the channel host' }
    case 'importProgress': {
      // Finished: the connection shows the close-imported button (spec part 2 §4 Import), or with
      // closedTicketsPostImported the imported tickets close at once and there is no button to press.
      const finished = event.done >= event.total
      await inCompany(async (tx) => {
        const [w] = await tx<{ closeAfter: boolean }[]>`
          update whatsapps set status_import_messages = ${finished ? 'renderButtonCloseTickets' : 'Running'}
           where id = ${connection.id} returning closed_tickets_post_imported as close_after`
        if (finished && w?.closeAfter) await closeImportedRows(tx, connection.id, deps.now())
      })
      deps.events.publish([
        {
          type: 'importMessages',
          companyId: connection.companyId,
          payload: {
            action: finished ? 'refresh' : 'update',
            status: { this: event.done, all: event.total, date: event.date?.toISOString() ?? null },
          },
        },
      ])
      return { outcome: 'updated', count: 1 }
    }
  }
}

async function handleMessage(deps: InboundDeps, inCompany: InCompany, connection: ConnectionRef, message: InboundMessage): Promise<InboundResult> {
  // Media is fetched outside the transaction; a known id must not cost a download.
  if (message.media) {
    const known = await findByExternalId(inCompany, connection, message.externalId)
    if (known) return { outcome: 'duplicate', messageId: known }
  }
  const media = await downloadMedia(deps, connection, message)
  const namespace = namespaceOf(connection.channel)
  const peer = (p: PeerIdentity | undefined) => p && { ...p, number: storedNumber(namespace, p.number) || undefined }
  const payload = {
    companyId: connection.companyId,
    whatsappId: connection.id,
    channel: connection.channel,
    namespace,
    now: deps.now(),
    externalId: message.externalId,
    fromMe: message.fromMe,
    timestamp: message.timestamp,
    peer: peer(message.peer),
    group: message.group,
    participant: peer(message.participant),
    body: message.media && !media ? withMissingMediaNote(message) : message.body,
    mediaType: message.mediaType,
    mediaUrl: media ? `media/${connection.companyId}/${media.fileName}` : undefined,
    mediaPath: media?.fileName,
    mediaName: media?.originalName,
    quotedExternalId: message.quotedExternalId,
    reactionTo: message.reactionTo,
    vCard: message.vCard,
    imported: message.imported,
    // The channel's payload answers Baileys' getMessage (retries, quotes); anchor §2 keeps it the same way.
    raw: message.raw,
  }
  // Contact, ticket and message in one round trip; with the host's batcher, together with other chats'
  // messages and followed by the routing step in the same transaction (one commit for a message and the
  // bot's answer to it: docs/decisions.md "Inbound group commit").
  const route = deps.route
  const ingested: Ingested<IngestAnswer> =
    deps.batcher && !deps.transaction
      ? await deps.batcher.ingest<IngestAnswer>(connection.companyId, payload, route && afterStored(deps, route, connection))
      : { answer: await inCompany((tx) => ingestOne<IngestAnswer>(tx, payload)), after: null }
  const result = ingested.answer
  if (result.outcome === 'ignored') return { outcome: 'ignored', reason: result.reason }
  if (result.outcome === 'duplicate') return { outcome: 'duplicate', messageId: result.messageId }
  const { ticket, contact } = result
  const ticketFields = { id: ticket.id, uuid: ticket.uuid, userId: ticket.userId, queueId: ticket.queueId, isGroup: ticket.isGroup, status: ticket.status }
  deps.events.publish([
    { type: 'appMessage', companyId: connection.companyId, payload: { action: 'create', message: result.message, ticket: ticketFields, contact } },
    { type: 'ticket', companyId: connection.companyId, payload: { action: result.created ? 'create' : 'update', ticket: ticketFields } },
  ])
  const after = ingested.after
  if (!after) await routeMessage(deps, inCompany, connection, result)
  else if ('error' in after) routingFailed(ticket.id, after.error)
  else if (after.events.length) deps.events.publish(after.events)
  return { outcome: 'stored', messageId: result.message.id, ticketId: ticket.id, ticketCreated: result.created }
}

type StoredAnswer = {
  outcome: 'stored'
  created: boolean
  message: StoredMessage
  ticket: TicketRow & { status: string }
  contact: Record<string, unknown>
  /** Not yet written: the routing step in the same transaction writes it (IngestBatcher, migration 0039). */
  preview?: InboundPreview | null
}
type IngestAnswer = { outcome: 'ignored'; reason: string } | { outcome: 'duplicate'; messageId: number } | StoredAnswer

/** The routing step in the message's own transaction (IngestBatcher), and what the message owes its ticket if the step fails. */
function afterStored(deps: InboundDeps, route: NonNullable<InboundDeps['route']>, connection: ConnectionRef): AfterStored {
  return {
    run: (tx, stored, state) => routeStep(deps, route, connection, tx, stored as StoredAnswer, state as RouteInput['state']),
    failed: async (tx, stored) => {
      const { ticket, preview } = stored as StoredAnswer
      if (preview) await writeInboundPreview(tx, ticket.id, preview)
    },
    readTogether: deps.routeStates,
  }
}

/** The routing step of a stored message in `tx`; its events are gathered per attempt (a batch that rolls back runs it again alone). */
async function routeStep(
  deps: InboundDeps,
  route: NonNullable<InboundDeps['route']>,
  connection: ConnectionRef,
  tx: Tx,
  stored: StoredAnswer,
  state?: RouteInput['state'],
): Promise<DomainEvent[]> {
  const events: DomainEvent[] = []
  const preview = stored.preview ? { pending: stored.preview } : undefined
  const input: RouteInput = { connection, ticket: stored.ticket, message: stored.message, created: stored.created }
  await route({ tx, now: deps.now, emit: (e) => events.push(e), preview }, state === undefined ? input : { ...input, state })
  // No write of the step carried the message's preview (a step with nothing to do): written alone.
  if (preview?.pending) await writeInboundPreview(tx, stored.ticket.id, preview.pending)
  return events
}

/**
 * The routing step in a transaction of its own, after the message's commit (no batcher: direct callers
 * and the simulator route). A failure there keeps the message (it is stored and announced) and is
 * logged: the bot missing one beat must not make the channel redeliver the message.
 */
async function routeMessage(deps: InboundDeps, inCompany: InCompany, connection: ConnectionRef, stored: StoredAnswer): Promise<void> {
  const route = deps.route
  if (!route) return
  let events: DomainEvent[]
  try {
    events = await inCompany((tx) => routeStep(deps, route, connection, tx, stored))
  } catch (err) {
    routingFailed(stored.ticket.id, err)
    return
  }
  if (events.length) deps.events.publish(events)
}

function routingFailed(ticketId: number, err: unknown) {
  console.error(`routing failed for ticket ${ticketId}`, err)
}

function withMissingMediaNote(message: InboundMessage): string {
  const name = message.media?.fileName ?? message.mediaType
  const note = `[${name}: arquivo não recebido (tamanho acima do limite ou falha no download)]`
  return message.body ? `${message.body}\n${note}` : note
}

/**
 * Calls are not taken (company setting acceptCallWhatsapp 'disabled'): the caller gets the configured
 * message once per call, through the outbound queue like any system message.
 */
async function answerRefusedCall(deps: InboundDeps, inCompany: InCompany, connection: ConnectionRef, ticketId: number) {
  const queued = await inCompany(async (tx) => {
    const [row] = await tx<{ message: string; contactId: number }[]>`
      select s.accept_call_whatsapp_message as message, t.contact_id
        from company_settings s, tickets t
       where s.company_id = ${connection.companyId} and s.accept_call_whatsapp = 'disabled'
         and s.accept_call_whatsapp_message <> '' and t.id = ${ticketId}`
    if (!row) return null
    return enqueueSend(tx, {
      companyId: connection.companyId,
      ticketId,
      whatsappId: connection.id,
      contactId: row.contactId,
      channel: connection.channel,
      body: row.message,
      isSystem: true,
      now: deps.now(),
    })
  })
  if (queued) deps.events.publish([{ type: 'appMessage', companyId: connection.companyId, payload: { action: 'create', message: queued, ticket: { id: ticketId } } }])
}

async function findByExternalId(inCompany: InCompany, connection: ConnectionRef, externalId: string): Promise<number | null> {
  const rows = await inCompany((tx) =>
    tx<{ id: number }[]>`select id from messages where whatsapp_id = ${connection.id} and wid = ${externalId}`,
  )
  return rows[0]?.id ?? null
}

export interface SavedMedia {
  fileName: string
  originalName: string
  mimeType: string
}

/**
 * Downloads and stores media before the transaction (a slow CDN must not hold row locks). A failure or
 * an oversized file keeps the message, with a note in place of the file, rather than losing it.
 */
async function downloadMedia(deps: InboundDeps, connection: ConnectionRef, message: InboundMessage): Promise<SavedMedia | null> {
  const media = message.media
  if (!media) return null
  const max = deps.mediaMaxBytes ?? DEFAULT_MEDIA_MAX
  if (media.size !== undefined && media.size > max) return null
  try {
    const bytes = media.data ?? (await media.fetch?.())
    if (!bytes || bytes.byteLength > max) return null
    const saved = await deps.media.saveReceived(connection.companyId, bytes, media.mimeType, media.fileName)
    return { fileName: saved.fileName, originalName: media.fileName ?? saved.fileName, mimeType: media.mimeType }
  } catch {
    return null
  }
}

function publishUpdated(deps: InboundDeps, connection: ConnectionRef, changed: DomainEvent['payload'][]): InboundResult {
  if (changed.length) deps.events.publish(changed.map((payload) => ({ type: 'appMessage', companyId: connection.companyId, payload })))
  return { outcome: 'updated', count: changed.length }
}
