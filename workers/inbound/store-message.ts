import type { Tx } from '../../server/db/connect.ts'
import type { InboundMessage } from '../channels/types.ts'
import type { SavedMedia } from '../inbound.ts'
import type { TicketRow } from '../../server/domain/tickets/find-or-create-ticket.ts'

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
  createdAt: Date
}

export interface StoreInput {
  companyId: number
  whatsappId: number
  ticket: TicketRow
  contactId: number
  message: InboundMessage
  media: SavedMedia | null
}

export interface StoreResult {
  inserted: boolean
  message: StoredMessage
  ticketPatch: Partial<TicketRow>
}

const RETURNING = 'id, wid, ticket_id, contact_id, body, from_me, media_type, media_url, ack, created_at'

/**
 * Inserts the message once per (connection, external id) and moves the ticket's preview and unread
 * count. A concurrent delivery of the same id loses on the unique index and reads the winner's row.
 */
export async function storeMessage(tx: Tx, input: StoreInput): Promise<StoreResult> {
  const { message, media } = input
  const linkedId = message.reactionTo ?? message.quotedExternalId
  const [linked] = linkedId
    ? await tx<{ id: number }[]>`select id from messages where whatsapp_id = ${input.whatsappId} and wid = ${linkedId}`
    : []
  const body = message.media && !media ? withMissingMediaNote(message) : message.body
  const row = {
    companyId: input.companyId,
    wid: message.externalId,
    ticketId: input.ticket.id,
    contactId: input.contactId,
    whatsappId: input.whatsappId,
    body,
    fromMe: message.fromMe,
    mediaType: message.mediaType,
    mediaUrl: media ? `media/${input.companyId}/${media.fileName}` : null,
    mediaPath: media?.fileName ?? null,
    mediaName: media?.originalName ?? null,
    // What the phone sent itself is already on WhatsApp's servers.
    ack: message.fromMe ? 1 : 0,
    quotedMsgId: linked?.id ?? null,
    participant: message.participant?.number ?? message.participant?.lid ?? null,
    remoteJid: message.group?.id ?? message.peer.number ?? message.peer.lid ?? null,
    vCard: message.vCard ?? null,
    // The channel's payload answers Baileys' getMessage (retries, quotes); anchor §2 keeps it the same way.
    dataJson: message.reactionTo || message.raw ? { reactionTo: message.reactionTo, raw: message.raw } : null,
    createdAt: message.timestamp,
  }
  // Reactions do not move the ticket's preview or unread count.
  const movesTicket = message.mediaType !== 'reactionMessage'
  const unread = !message.fromMe && !message.imported ? 1 : 0
  const preview = (body || media?.originalName || message.mediaType).slice(0, 255)
  // Insert and ticket update in one round trip; the update runs only when the insert did.
  const [inserted] = await tx<(StoredMessage & { unreadMessages: number | null })[]>`
    with m as (
      insert into messages ${tx(row as Record<string, any>)}
      on conflict (whatsapp_id, wid) where wid is not null do nothing
      returning ${tx.unsafe(RETURNING)}
    ), t as (
      update tickets set last_message = ${preview}, from_me = ${message.fromMe},
                         unread_messages = case when ${message.fromMe} then 0 else unread_messages + ${unread} end
       where id = ${input.ticket.id} and ${movesTicket} and exists (select 1 from m)
      returning unread_messages
    )
    select m.*, (select unread_messages from t) as unread_messages from m`
  if (!inserted) {
    const [winner] = await tx<StoredMessage[]>`
      select ${tx.unsafe(RETURNING)} from messages where whatsapp_id = ${input.whatsappId} and wid = ${message.externalId}`
    return { inserted: false, message: winner, ticketPatch: {} }
  }
  const { unreadMessages, ...stored } = inserted
  return { inserted: true, message: stored, ticketPatch: unreadMessages === null ? {} : { unreadMessages } }
}

function withMissingMediaNote(message: InboundMessage): string {
  const name = message.media?.fileName ?? message.mediaType
  const note = `[${name}: arquivo não recebido (tamanho acima do limite ou falha no download)]`
  return message.body ? `${message.body}\n${note}` : note
}
