import { z } from 'zod'
import type { Ack, ChannelEvent, InboundMedia, InboundMessage, MediaType } from '../types.ts'

/**
 * WhatsApp Cloud API webhook bodies (channels.md §3.3-3.5) → our ChannelEvents. Pure: the only effect
 * is the media `fetch` closure, which calls back into the driver. Unknown message kinds become text that
 * names the kind: a customer's message is never dropped.
 */

const mediaPart = z.object({
  id: z.string(),
  mime_type: z.string().default('application/octet-stream'),
  caption: z.string().optional(),
  filename: z.string().optional(),
  sha256: z.string().optional(),
  voice: z.boolean().optional(),
  animated: z.boolean().optional(),
})

const message = z.looseObject({
  from: z.string().optional(),
  id: z.string(),
  timestamp: z.string(),
  type: z.string(),
  context: z.looseObject({ from: z.string().optional(), id: z.string().optional(), forwarded: z.boolean().optional() }).optional(),
})
type CloudMessage = z.infer<typeof message>

const status = z.looseObject({
  id: z.string(),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  errors: z.array(z.looseObject({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() })).optional(),
})

const value = z.looseObject({
  messaging_product: z.string().optional(),
  metadata: z.object({ phone_number_id: z.string(), display_phone_number: z.string().optional() }),
  contacts: z.array(z.looseObject({ wa_id: z.string().optional(), profile: z.object({ name: z.string().optional() }).optional() })).optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
})
export type CloudValue = z.infer<typeof value>

export const cloudWebhookSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      id: z.string(),
      changes: z.array(z.object({ field: z.string(), value: z.unknown() })),
    }),
  ),
})

/** One `messages` change addressed to one phone number. */
export interface CloudChange {
  phoneNumberId: string
  value: CloudValue
}

/** The `messages` changes of a webhook body, in delivery order; null for a foreign envelope. */
export function parseCloudWebhook(body: unknown): CloudChange[] | null {
  const parsed = cloudWebhookSchema.safeParse(body)
  if (!parsed.success) return null
  const envelope = parsed.data
  const out: CloudChange[] = []
  for (const entry of envelope.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue
      const parsed = value.safeParse(change.value)
      if (parsed.success) out.push({ phoneNumberId: parsed.data.metadata.phone_number_id, value: parsed.data })
    }
  }
  return out
}

/** How the events reach the media bytes: the driver resolves the id and downloads with its token. */
export interface CloudMediaSource {
  downloadMedia(mediaId: string): Promise<Uint8Array>
}

/** Messages first, then statuses, each in the order Meta listed them. */
export function cloudEvents(v: CloudValue, source: CloudMediaSource): ChannelEvent[] {
  const names = new Map((v.contacts ?? []).map((c) => [c.wa_id, c.profile?.name]))
  const events: ChannelEvent[] = []
  for (const raw of v.messages ?? []) {
    const parsed = message.safeParse(raw)
    if (parsed.success) events.push({ kind: 'message', message: toInbound(parsed.data, names, source) })
  }
  for (const raw of v.statuses ?? []) {
    const parsed = status.safeParse(raw)
    const ack = parsed.success ? ackOf[parsed.data.status] : undefined
    if (!parsed.success || ack === undefined) continue
    const err = parsed.data.errors?.[0]
    events.push({
      kind: 'ack',
      externalId: parsed.data.id,
      ack,
      ...(ack === -1 ? { error: err ? `${err.code ?? ''} ${err.title ?? err.message ?? ''}`.trim() : 'failed' } : {}),
    })
  }
  return events
}

const ackOf: Record<string, Ack> = { sent: 1, delivered: 2, read: 3, played: 4, failed: -1 }

const mediaKinds: Record<string, MediaType> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  sticker: 'sticker',
  document: 'application',
}

type Content = Pick<InboundMessage, 'body' | 'mediaType'> & Partial<Pick<InboundMessage, 'media' | 'vCard' | 'reactionTo'>>

function toInbound(m: CloudMessage, names: Map<string | undefined, string | undefined>, source: CloudMediaSource): InboundMessage {
  const content = contentOf(m, source)
  const quoted = m.type !== 'reaction' ? m.context?.id : undefined
  const name = names.get(m.from)
  return {
    externalId: m.id,
    fromMe: false,
    timestamp: new Date(Number(m.timestamp) * 1000),
    peer: { number: m.from, ...(name ? { name } : {}) },
    ...content,
    ...(quoted ? { quotedExternalId: quoted } : {}),
    raw: m,
  }
}

function contentOf(m: CloudMessage, source: CloudMediaSource): Content {
  const part = (m as Record<string, unknown>)[m.type]
  const kind = mediaKinds[m.type]
  if (kind) {
    const media = mediaPart.safeParse(part)
    if (media.success) return mediaContent(kind, media.data, source)
  }
  switch (m.type) {
    case 'text':
      return text(str(part, 'body'))
    case 'location':
      return locationContent(part)
    case 'contacts':
      return contactsContent(part)
    case 'reaction': {
      const r = z.object({ message_id: z.string(), emoji: z.string().optional() }).safeParse(part)
      if (r.success) return { body: r.data.emoji ?? '', mediaType: 'reactionMessage', reactionTo: r.data.message_id }
      break
    }
    case 'interactive':
      return text(interactiveTitle(part))
    case 'button':
      return text(str(part, 'text') || str(part, 'payload'))
  }
  return text(unsupportedNote(m))
}

function text(body: string): Content {
  return { body, mediaType: 'text' }
}

function str(part: unknown, key: string): string {
  const v = (part as Record<string, unknown> | undefined)?.[key]
  return typeof v === 'string' ? v : ''
}

function mediaContent(kind: MediaType, p: z.infer<typeof mediaPart>, source: CloudMediaSource): Content {
  const media: InboundMedia = {
    mimeType: p.mime_type,
    ...(p.filename ? { fileName: p.filename } : {}),
    fetch: () => source.downloadMedia(p.id),
  }
  return { body: p.caption ?? p.filename ?? '', mediaType: kind, media }
}

function locationContent(part: unknown): Content {
  const loc = z
    .object({ latitude: z.number(), longitude: z.number(), name: z.string().optional(), address: z.string().optional() })
    .safeParse(part)
  if (!loc.success) return text('[location]')
  const { latitude, longitude, name, address } = loc.data
  const lines = [name, address, `https://maps.google.com/maps?q=${latitude},${longitude}`].filter(Boolean)
  return { body: lines.join('\n'), mediaType: 'locationMessage' }
}

const sharedContact = z.looseObject({
  name: z.looseObject({ formatted_name: z.string().optional(), first_name: z.string().optional(), last_name: z.string().optional() }).optional(),
  phones: z.array(z.looseObject({ phone: z.string().optional(), wa_id: z.string().optional(), type: z.string().optional() })).optional(),
})

function contactsContent(part: unknown): Content {
  const list = z.array(sharedContact).safeParse(part)
  if (!list.success || !list.data.length) return text('[contacts]')
  const cards = list.data.map((c) => {
    const name = c.name?.formatted_name ?? [c.name?.first_name, c.name?.last_name].filter(Boolean).join(' ')
    const tels = (c.phones ?? []).map(
      (p) => `TEL;type=${p.type ?? 'CELL'}${p.wa_id ? `;waid=${p.wa_id}` : ''}:${p.phone ?? p.wa_id ?? ''}`,
    )
    return { name, card: ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, ...tels, 'END:VCARD'].join('\n') }
  })
  return { body: cards.map((c) => c.name).join(', '), mediaType: 'contactMessage', vCard: cards.map((c) => c.card).join('\n') }
}

function interactiveTitle(part: unknown): string {
  const i = part as Record<string, Record<string, unknown> | string | undefined> | undefined
  const reply = (i?.button_reply ?? i?.list_reply) as Record<string, unknown> | undefined
  if (reply && typeof reply.title === 'string') return reply.title
  const nfm = i?.nfm_reply as Record<string, unknown> | undefined
  if (nfm) return typeof nfm.body === 'string' && nfm.body ? nfm.body : String(nfm.response_json ?? '')
  return `[interactive: ${typeof i?.type === 'string' ? i.type : 'unknown'}]`
}

function unsupportedNote(m: CloudMessage): string {
  const errors = (m as { errors?: { title?: string }[] }).errors
  const why = errors?.[0]?.title ? ` (${errors[0].title})` : ''
  return `[unsupported message: ${m.type}]${why}`
}
