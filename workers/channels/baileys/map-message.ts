import { getContentType, normalizeMessageContent, proto, toNumber, type WAMessage } from 'baileys'
import type { ChannelEvent, InboundMessage, MediaType, PeerIdentity } from '../types.ts'
import { isGroupJid, isIgnoredJid, jidUser, peerFromJids } from './jid.ts'

export { normaliseBrazilNumber } from './jid.ts'

export interface MapMessageOptions {
  /** Media declared larger than this is not downloaded; the message arrives as text saying so. */
  mediaMaxBytes: number
  /** Downloads and decrypts the media of this message (the driver binds Baileys' downloadMediaMessage). */
  download: (msg: WAMessage) => Promise<Uint8Array>
  /** For messages without a timestamp. */
  now: () => Date
  imported?: boolean
}

type Content = proto.IMessage

const MEDIA_KINDS = {
  imageMessage: 'image',
  videoMessage: 'video',
  audioMessage: 'audio',
  documentMessage: 'application',
  stickerMessage: 'sticker',
} as const satisfies Record<string, MediaType>

type MediaKey = keyof typeof MEDIA_KINDS

/**
 * Turns one messages.upsert entry into our events: a message (preceded by lidMapping events when the
 * key names a LID together with its phone number), an edit, a revoke, or nothing for chats we ignore
 * and for system traffic (decryption stubs, key distribution, history-sync notices).
 */
export function mapUpsertMessage(msg: WAMessage, opts: MapMessageOptions): ChannelEvent[] {
  const { key } = msg
  if (!key?.id || isIgnoredJid(key.remoteJid)) return []
  const content = unwrapEnvelopes(msg.message)
  if (!content) return []

  const edit = editOf(content)
  if (edit) return [edit]
  const protocol = content.protocolMessage
  if (protocol) {
    if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE && protocol.key?.id) {
      return [{ kind: 'revoke', externalId: protocol.key.id }]
    }
    return []
  }

  const body = bodyOf(normalizeMessageContent(content) ?? content, msg, opts)
  if (!body) return []
  const group = isGroupJid(key.remoteJid)
  const name = key.fromMe ? undefined : msg.pushName
  const participant = group ? peerFromJids(key.participant, key.participantAlt, name) : undefined
  const peer: PeerIdentity = group ? { number: jidUser(key.remoteJid) } : peerFromJids(key.remoteJid, key.remoteJidAlt, name)
  const seconds = toNumber(msg.messageTimestamp as number)
  const message: InboundMessage = {
    externalId: key.id,
    fromMe: !!key.fromMe,
    timestamp: seconds ? new Date(seconds * 1000) : opts.now(),
    peer,
    ...(group && { group: { id: jidUser(key.remoteJid)! } }),
    ...(participant && { participant }),
    ...body,
    ...(opts.imported && { imported: true }),
    raw: msg,
  }
  return [...lidMappings(group ? participant : peer), { kind: 'message', message }]
}

function lidMappings(peer: PeerIdentity | undefined): ChannelEvent[] {
  return peer?.lid && peer.number ? [{ kind: 'lidMapping', lid: peer.lid, number: peer.number }] : []
}

/**
 * Strips disappearing-message and view-once envelopes but keeps editedMessage, which
 * normalizeMessageContent would also unwrap and so turn an edit into a new message.
 */
function unwrapEnvelopes(content: Content | null | undefined): Content | undefined {
  let current = content ?? undefined
  for (let i = 0; i < 5 && current; i++) {
    const inner =
      current.ephemeralMessage ?? current.viewOnceMessage ?? current.viewOnceMessageV2 ?? current.viewOnceMessageV2Extension
    if (!inner?.message) break
    current = inner.message
  }
  return current
}

function editOf(content: Content): ChannelEvent | undefined {
  const protocol = content.editedMessage?.message?.protocolMessage ?? content.protocolMessage
  if (protocol?.type !== proto.Message.ProtocolMessage.Type.MESSAGE_EDIT || !protocol.key?.id) return undefined
  return { kind: 'edit', externalId: protocol.key.id, body: textOf(protocol.editedMessage) }
}

/** The visible text of a message content, for edits and quoted bodies. */
export function textOf(content: Content | null | undefined): string {
  const c = normalizeMessageContent(content ?? undefined)
  if (!c) return ''
  return (
    c.conversation ??
    c.extendedTextMessage?.text ??
    c.imageMessage?.caption ??
    c.videoMessage?.caption ??
    c.documentMessage?.caption ??
    ''
  )
}

type Body = Pick<InboundMessage, 'body' | 'mediaType' | 'media' | 'quotedExternalId' | 'vCard' | 'reactionTo'>

function bodyOf(c: Content, msg: WAMessage, opts: MapMessageOptions): Body | undefined {
  const type = getContentType(c)
  if (!type) return undefined
  const quotedExternalId = contextOf(c[type])?.stanzaId ?? undefined
  const withQuote = (b: Body): Body => (quotedExternalId ? { ...b, quotedExternalId } : b)
  if (type === 'conversation') return withQuote({ body: c.conversation ?? '', mediaType: 'text' })
  if (type === 'extendedTextMessage') return withQuote({ body: c.extendedTextMessage?.text ?? '', mediaType: 'text' })
  if (type in MEDIA_KINDS) return withQuote(mediaBody(type as MediaKey, c, msg, opts))
  if (type === 'locationMessage' || type === 'liveLocationMessage') return withQuote(locationBody(c))
  if (type === 'contactMessage') {
    const card = c.contactMessage!
    return withQuote({ body: card.displayName ?? '', mediaType: 'contactMessage', vCard: card.vcard ?? '' })
  }
  if (type === 'contactsArrayMessage') {
    const cards = c.contactsArrayMessage?.contacts ?? []
    return withQuote({
      body: cards.map((x) => x.displayName ?? '').join(', '),
      mediaType: 'contactMessage',
      vCard: cards.map((x) => x.vcard ?? '').join('\n'),
    })
  }
  if (type === 'reactionMessage') {
    const r = c.reactionMessage!
    if (!r.key?.id) return undefined
    // An empty text is WhatsApp's way of removing the reaction.
    return { body: r.text ?? '', mediaType: 'reactionMessage', reactionTo: r.key.id }
  }
  const replyText =
    c.buttonsResponseMessage?.selectedDisplayText ??
    c.listResponseMessage?.title ??
    c.templateButtonReplyMessage?.selectedDisplayText ??
    c.pollCreationMessage?.name ??
    c.pollCreationMessageV3?.name
  if (replyText) return withQuote({ body: replyText, mediaType: 'text' })
  return undefined
}

function contextOf(part: unknown): proto.IContextInfo | undefined {
  return part && typeof part === 'object' && 'contextInfo' in part ? ((part as { contextInfo?: proto.IContextInfo }).contextInfo ?? undefined) : undefined
}

function mediaBody(type: MediaKey, c: Content, msg: WAMessage, opts: MapMessageOptions): Body {
  const part = c[type] as proto.Message.IDocumentMessage & proto.Message.IImageMessage
  const caption = part.caption ?? ''
  const size = part.fileLength ? toNumber(part.fileLength as number) : undefined
  const fileName = type === 'documentMessage' ? (part.fileName ?? undefined) : undefined
  if (size !== undefined && size > opts.mediaMaxBytes) {
    const what = fileName ?? MEDIA_KINDS[type]
    const note = `[${what}: ${size} bytes, too large to download (limit ${opts.mediaMaxBytes})]`
    return { body: caption ? `${caption}\n${note}` : note, mediaType: 'text' }
  }
  return {
    body: caption,
    mediaType: MEDIA_KINDS[type],
    media: {
      mimeType: part.mimetype ?? 'application/octet-stream',
      ...(fileName && { fileName }),
      ...(size !== undefined && { size }),
      fetch: () => opts.download(msg),
    },
  }
}

function locationBody(c: Content): Body {
  const loc = c.locationMessage ?? c.liveLocationMessage!
  const lat = loc.degreesLatitude ?? 0
  const lng = loc.degreesLongitude ?? 0
  const named = 'name' in loc ? [loc.name, loc.address] : []
  // A maps link renders everywhere (agents' UI, exports) without a map widget.
  const lines = [...named.filter(Boolean), `https://maps.google.com/maps?q=${lat},${lng}`]
  return { body: lines.join('\n'), mediaType: 'locationMessage' }
}
