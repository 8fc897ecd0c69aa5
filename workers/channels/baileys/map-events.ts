import type { BaileysEventMap } from 'baileys'
import type { ChannelEvent } from '../types.ts'
import { isJidGroup } from 'baileys'
import { mapUpsertMessage, type MapMessageOptions } from './map-message.ts'
import type { HistoryWindow } from './socket-config.ts'
import { mapAddressBook } from './map-address-book.ts'
import { mapCall, mapLidMapping, mapMessageUpdate, mapReceiptUpdate } from './map-updates.ts'

/**
 * Every channel event in one batch of Baileys events (ev.process), in the order they must reach the
 * pipeline: LID mappings first so a message finds its merged contact, then messages in arrival order,
 * then acks/edits/revokes that may refer to them, then calls. connection.update and creds.update are the
 * driver's own business and are not mapped here.
 *
 * Both upsert types are messages: 'notify' is live, 'append' is what arrived while we were offline
 * (and our own sends echoed back, which the pipeline dedupes by externalId). The address book comes
 * last: it only feeds the contact import.
 */
export function mapBaileysEvents(events: Partial<BaileysEventMap>, opts: MapMessageOptions & { history?: HistoryWindow }): ChannelEvent[] {
  const out: ChannelEvent[] = []
  const history = events['messaging-history.set']
  for (const mapping of history?.lidPnMappings ?? []) out.push(...mapLidMapping(mapping))
  if (events['lid-mapping.update']) out.push(...mapLidMapping(events['lid-mapping.update']))
  if (history && opts.history) out.push(...mapHistory(history, opts, opts.history))
  const upsert = events['messages.upsert']
  if (upsert) {
    for (const msg of upsert.messages) out.push(...mapUpsertMessage(msg, opts))
  }
  for (const update of events['messages.update'] ?? []) out.push(...mapMessageUpdate(update))
  for (const receipt of events['message-receipt.update'] ?? []) out.push(...mapReceiptUpdate(receipt))
  for (const call of events.call ?? []) out.push(...mapCall(call))
  out.push(...mapAddressBook(events))
  return out
}

/**
 * A history batch of an import (spec part 2 §3 import fields): the messages inside the window, oldest
 * first, as imported messages, then the import's progress. Outside an import history is ignored.
 */
export function mapHistory(
  history: BaileysEventMap['messaging-history.set'],
  opts: MapMessageOptions,
  window: HistoryWindow,
): ChannelEvent[] {
  const inside = history.messages
    .filter((m) => {
      const at = Number(m.messageTimestamp ?? 0) * 1000
      return at >= window.from.getTime() && at <= window.to.getTime() && (window.groups || !isJidGroup(m.key?.remoteJid ?? undefined))
    })
    .sort((a, b) => Number(a.messageTimestamp ?? 0) - Number(b.messageTimestamp ?? 0))
  const out: ChannelEvent[] = []
  for (const msg of inside) out.push(...mapUpsertMessage(msg, { ...opts, imported: true }))
  const finished = history.isLatest === true || history.progress === 100
  const last = inside.at(-1)?.messageTimestamp
  out.push({
    kind: 'importProgress',
    total: finished ? inside.length : inside.length + 1,
    done: inside.length,
    date: last ? new Date(Number(last) * 1000) : undefined,
  })
  return out
}
