import { z } from 'zod'
import type { Ack, ChannelEvent, InboundMessage, MediaType } from '../types.ts'

/**
 * Messenger (`object: 'page'`) and Instagram (`object: 'instagram'`) webhook bodies (channels.md §4.2)
 * → our ChannelEvents. Pure apart from the attachment `fetch` closures. Messenger reports delivery and
 * read as a watermark ("everything before this time"), which has no message id: those come out as
 * Watermark items that the caller resolves against stored messages.
 */

export type MetaObject = 'page' | 'instagram'

const idRef = z.object({ id: z.string() })

const attachment = z.looseObject({
  type: z.string(),
  payload: z.looseObject({ url: z.string().optional(), title: z.string().optional(), sticker_id: z.number().optional() }).nullish(),
})

const messagingItem = z.looseObject({
  sender: idRef,
  recipient: idRef,
  timestamp: z.number().optional(),
  message: z
    .looseObject({
      mid: z.string(),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      is_deleted: z.boolean().optional(),
      is_unsupported: z.boolean().optional(),
      attachments: z.array(attachment).optional(),
      reply_to: z.looseObject({ mid: z.string().optional() }).optional(),
    })
    .optional(),
  postback: z.looseObject({ mid: z.string().optional(), title: z.string().optional(), payload: z.string().optional() }).optional(),
  delivery: z.object({ mids: z.array(z.string()).optional(), watermark: z.number().optional() }).optional(),
  read: z.object({ mid: z.string().optional(), watermark: z.number().optional() }).optional(),
  reaction: z
    .object({ mid: z.string(), action: z.string().optional(), reaction: z.string().optional(), emoji: z.string().optional() })
    .optional(),
  message_edit: z.object({ mid: z.string(), text: z.string().optional() }).optional(),
})
type MessagingItem = z.infer<typeof messagingItem>

export const metaWebhookSchema = z.object({
  object: z.enum(['page', 'instagram']),
  entry: z.array(z.looseObject({ id: z.string(), messaging: z.array(z.unknown()).optional() })),
})

/** The events of one entry: one Page or one Instagram account. */
export interface MetaEntry {
  object: MetaObject
  /** The page id (Messenger) or the Instagram account id. */
  accountId: string
  items: MessagingItem[]
}

/** The entries of a webhook body; null for a foreign envelope. Items that are not messaging events are skipped. */
export function parseMetaWebhook(body: unknown): MetaEntry[] | null {
  const parsed = metaWebhookSchema.safeParse(body)
  if (!parsed.success) return null
  const envelope = parsed.data
  return envelope.entry.map((e) => ({
    object: envelope.object,
    accountId: e.id,
    items: (e.messaging ?? []).flatMap((raw) => {
      const parsed = messagingItem.safeParse(raw)
      return parsed.success ? [parsed.data] : []
    }),
  }))
}

/** "Every message we sent to this person up to this time reached ack". */
export interface Watermark {
  kind: 'watermark'
  peerId: string
  ack: Ack
  upTo: Date
}

export type MetaItem = ChannelEvent | Watermark

/** Attachment CDN links expire: the pipeline downloads at once through this. */
export type AttachmentFetcher = (url: string) => Promise<Uint8Array>

export function metaEvents(entry: MetaEntry, download: AttachmentFetcher): MetaItem[] {
  return entry.items.flatMap((item) => itemEvents(entry, item, download))
}

function itemEvents(entry: MetaEntry, item: MessagingItem, download: AttachmentFetcher): MetaItem[] {
  const at = new Date(item.timestamp ?? Date.now())
  if (item.message?.is_deleted) return [{ kind: 'revoke', externalId: item.message.mid }]
  if (item.message) return messageEvents(entry, item, at, download)
  if (item.postback) {
    const externalId = item.postback.mid ?? `postback:${item.sender.id}:${item.timestamp ?? 0}`
    return [message(item, at, externalId, { body: item.postback.title ?? item.postback.payload ?? '', mediaType: 'text' })]
  }
  if (item.reaction) {
    const r = item.reaction
    const removed = r.action === 'unreact'
    return [
      message(item, at, `reaction:${r.mid}:${item.sender.id}:${removed ? 'unreact' : 'react'}:${item.timestamp ?? 0}`, {
        body: removed ? '' : (r.emoji ?? r.reaction ?? ''),
        mediaType: 'reactionMessage',
        reactionTo: r.mid,
      }),
    ]
  }
  if (item.message_edit?.text !== undefined) return [{ kind: 'edit', externalId: item.message_edit.mid, body: item.message_edit.text }]
  if (item.delivery) return receipts(item, item.delivery.mids ?? [], item.delivery.watermark, 2)
  if (item.read) return receipts(item, item.read.mid ? [item.read.mid] : [], item.read.watermark, 3)
  return []
}

function receipts(item: MessagingItem, mids: string[], watermark: number | undefined, ack: Ack): MetaItem[] {
  const out: MetaItem[] = mids.map((externalId) => ({ kind: 'ack', externalId, ack }))
  // The receipt's sender is the customer who received our messages.
  if (watermark !== undefined && !mids.length) out.push({ kind: 'watermark', peerId: item.sender.id, ack, upTo: new Date(watermark) })
  return out
}

type Content = Pick<InboundMessage, 'body' | 'mediaType'> & Partial<Pick<InboundMessage, 'media' | 'reactionTo'>>

function message(item: MessagingItem, at: Date, externalId: string, content: Content): ChannelEvent {
  const fromMe = Boolean(item.message?.is_echo)
  // An echo is sent by the page/account itself: the customer is its recipient.
  const peerId = fromMe ? item.recipient.id : item.sender.id
  const quoted = item.message?.reply_to?.mid
  return {
    kind: 'message',
    message: {
      externalId,
      fromMe,
      timestamp: at,
      peer: { number: peerId },
      ...content,
      ...(quoted ? { quotedExternalId: quoted } : {}),
      raw: item,
    },
  }
}

function messageEvents(entry: MetaEntry, item: MessagingItem, at: Date, download: AttachmentFetcher): ChannelEvent[] {
  const m = item.message!
  const attachments = m.attachments ?? []
  if (!attachments.length) {
    const body = m.text ?? (m.is_unsupported ? `[unsupported ${entry.object === 'instagram' ? 'Instagram' : 'Messenger'} message]` : '')
    return [message(item, at, m.mid, { body, mediaType: 'text' })]
  }
  // One stored message per attachment; the first keeps the mid so echoes of our own sends dedupe.
  return attachments.map((a, i) =>
    message(item, at, i === 0 ? m.mid : `${m.mid}:${i}`, attachmentContent(a, i === 0 ? (m.text ?? '') : '', download)),
  )
}

const mediaTypeOf: Record<string, MediaType> = { image: 'image', video: 'video', audio: 'audio', file: 'application' }
const defaultMime: Record<string, string> = {
  image: 'image/jpeg',
  video: 'video/mp4',
  audio: 'audio/mp4',
  file: 'application/octet-stream',
}

function attachmentContent(a: z.infer<typeof attachment>, caption: string, download: AttachmentFetcher): Content {
  const url = a.payload?.url
  const kind = mediaTypeOf[a.type]
  if (!kind || !url) {
    // share, story_mention, ig_reel, fallback...: keep what the customer shared as text.
    const what = [a.payload?.title, url].filter(Boolean).join(' ')
    return { body: [caption, `[${a.type}]${what ? ` ${what}` : ''}`].filter(Boolean).join('\n'), mediaType: 'text' }
  }
  const fileName = fileNameOf(url)
  return {
    body: caption,
    mediaType: a.type === 'image' && a.payload?.sticker_id ? 'sticker' : kind,
    media: { mimeType: mimeOf(fileName) ?? defaultMime[a.type], ...(fileName ? { fileName } : {}), fetch: () => download(url) },
  }
}

function fileNameOf(url: string): string | undefined {
  try {
    const last = new URL(url).pathname.split('/').pop() ?? ''
    return /\.[a-z0-9]{2,5}$/i.test(last) ? decodeURIComponent(last) : undefined
  } catch {
    return undefined
  }
}

const mimeByExt: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp',
  mp4: 'video/mp4', mov: 'video/quicktime', mp3: 'audio/mpeg', m4a: 'audio/mp4', aac: 'audio/aac', ogg: 'audio/ogg',
  pdf: 'application/pdf', txt: 'text/plain',
}

function mimeOf(fileName: string | undefined): string | undefined {
  return fileName ? mimeByExt[fileName.split('.').pop()!.toLowerCase()] : undefined
}
