import { proto, type LIDMapping, type MessageUserReceiptUpdate, type WACallEvent, type WAMessageUpdate } from 'baileys'
import type { Ack, ChannelEvent } from '../types.ts'
import { digitsOnly, isIgnoredJid, jidUser, peerFromJids } from './jid.ts'
import { textOf } from './map-message.ts'

const Status = proto.WebMessageInfo.Status

/** Baileys' WebMessageInfo.Status (ERROR 0 … PLAYED 5) as our ack (-1 failed … 4 played). */
export function statusToAck(status: number | null | undefined): Ack | undefined {
  switch (status) {
    case Status.ERROR:
      return -1
    case Status.PENDING:
      return 0
    case Status.SERVER_ACK:
      return 1
    case Status.DELIVERY_ACK:
      return 2
    case Status.READ:
      return 3
    case Status.PLAYED:
      return 4
    default:
      return undefined
  }
}

/**
 * One messages.update entry: a status change (ack), a delete-for-everyone by the other side (Baileys
 * reports it as message null + stub REVOKE) or an edit (update.message.editedMessage).
 */
export function mapMessageUpdate({ key, update }: WAMessageUpdate): ChannelEvent[] {
  if (!key?.id || isIgnoredJid(key.remoteJid)) return []
  const events: ChannelEvent[] = []
  const ack = statusToAck(update.status)
  if (ack !== undefined) {
    const error = ack === -1 ? errorOf(update.messageStubParameters) : undefined
    events.push({ kind: 'ack', externalId: key.id, ack, ...(error && { error }) })
  }
  if (update.message === null && update.messageStubType === proto.WebMessageInfo.StubType.REVOKE) {
    events.push({ kind: 'revoke', externalId: key.id })
  }
  const edited = update.message?.editedMessage?.message
  if (edited) {
    // Baileys emits the new content directly; older senders wrap it in a MESSAGE_EDIT protocolMessage.
    const content = edited.protocolMessage?.editedMessage ?? edited
    events.push({ kind: 'edit', externalId: key.id, body: textOf(content) })
  }
  return events
}

function errorOf(params: unknown): string | undefined {
  return Array.isArray(params) && params.length > 0 ? String(params[0]) : undefined
}

/** Group and broadcast receipts (per participant) as acks: the furthest state the receipt reports. */
export function mapReceiptUpdate({ key, receipt }: MessageUserReceiptUpdate): ChannelEvent[] {
  if (!key?.id || isIgnoredJid(key.remoteJid)) return []
  const ack: Ack | undefined = receipt.playedTimestamp ? 4 : receipt.readTimestamp ? 3 : receipt.receiptTimestamp ? 2 : undefined
  return ack === undefined ? [] : [{ kind: 'ack', externalId: key.id, ack }]
}

/** An incoming call offer; ringing, accept, reject and terminate updates carry nothing we record. */
export function mapCall(call: WACallEvent): ChannelEvent[] {
  if (call.status !== 'offer') return []
  const pn = call.callerPn && !call.callerPn.includes('@') ? `${call.callerPn}@s.whatsapp.net` : call.callerPn
  const peer = peerFromJids(call.from, pn)
  if (!peer.lid && !peer.number) return []
  return [{ kind: 'call', peer, callId: call.id, timestamp: call.date }]
}

/** lid-mapping.update: Baileys gives jids, though bare users are accepted too. */
export function mapLidMapping({ lid, pn }: LIDMapping): ChannelEvent[] {
  const lidUser = lid.includes('@') ? jidUser(lid) : lid
  const pnUser = pn.includes('@') ? jidUser(pn) : pn
  if (!lidUser || !pnUser) return []
  return [{ kind: 'lidMapping', lid: lidUser, number: digitsOnly(pnUser) }]
}
