import type { BaileysEventMap } from 'baileys'
import type { ChannelEvent } from '../types.ts'
import { mapUpsertMessage, type MapMessageOptions } from './map-message.ts'
import { mapCall, mapLidMapping, mapMessageUpdate, mapReceiptUpdate } from './map-updates.ts'

/**
 * Every channel event in one batch of Baileys events (ev.process), in the order they must reach the
 * pipeline: LID mappings first so a message finds its merged contact, then messages in arrival order,
 * then acks/edits/revokes that may refer to them, then calls. connection.update and creds.update are the
 * driver's own business and are not mapped here.
 *
 * Both upsert types are messages: 'notify' is live, 'append' is what arrived while we were offline
 * (and our own sends echoed back, which the pipeline dedupes by externalId).
 */
export function mapBaileysEvents(events: Partial<BaileysEventMap>, opts: MapMessageOptions): ChannelEvent[] {
  const out: ChannelEvent[] = []
  if (events['lid-mapping.update']) out.push(...mapLidMapping(events['lid-mapping.update']))
  const upsert = events['messages.upsert']
  if (upsert) {
    for (const msg of upsert.messages) out.push(...mapUpsertMessage(msg, opts))
  }
  for (const update of events['messages.update'] ?? []) out.push(...mapMessageUpdate(update))
  for (const receipt of events['message-receipt.update'] ?? []) out.push(...mapReceiptUpdate(receipt))
  for (const call of events.call ?? []) out.push(...mapCall(call))
  return out
}
