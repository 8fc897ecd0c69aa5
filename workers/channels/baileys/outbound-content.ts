import type { AnyMessageContent, MiscMessageGenerationOptions, proto, WAMessage, WAMessageKey } from 'baileys'
import { PermanentSendError, type OutboundMessage } from '../types.ts'
import { jidForPeer } from './jid.ts'

export interface BaileysSend {
  jid: string
  content: AnyMessageContent
  options: MiscMessageGenerationOptions
}

/**
 * What sock.sendMessage gets for one outbound message. `quotedContent` is the stored proto of the
 * quoted message when we have it, so the reply preview shows the original (media included).
 */
export function buildSend(message: OutboundMessage, quotedContent?: proto.IMessage): BaileysSend {
  const jid = jidForPeer(message.to)
  const options: MiscMessageGenerationOptions = {}
  // Choosing the id lets the queue store it before sending, so a crash mid-send cannot duplicate it.
  if (message.externalId) options.messageId = message.externalId
  if (message.quoted) options.quoted = quotedMessage(jid, message.quoted, quotedContent)
  return { jid, content: contentOf(message, jid), options }
}

function quotedMessage(jid: string, quoted: NonNullable<OutboundMessage['quoted']>, content?: proto.IMessage): WAMessage {
  return {
    key: { remoteJid: jid, fromMe: quoted.fromMe, id: quoted.externalId },
    message: content ?? { conversation: quoted.body },
  }
}

function targetKey(jid: string, message: OutboundMessage): WAMessageKey {
  if (!message.target) throw new PermanentSendError('ERR_INVALID_MESSAGE', `${message.kind} needs a target message`)
  return { remoteJid: jid, fromMe: message.target.fromMe, id: message.target.externalId }
}

function contentOf(message: OutboundMessage, jid: string): AnyMessageContent {
  switch (message.kind) {
    case 'text':
      return { text: message.body }
    case 'media':
      return mediaContent(message)
    case 'location': {
      const loc = message.location
      if (!loc) throw new PermanentSendError('ERR_INVALID_MESSAGE', 'location message without a location')
      return { location: { degreesLatitude: loc.latitude, degreesLongitude: loc.longitude, name: loc.name, address: loc.address } }
    }
    case 'vcard': {
      const vcard = message.vCard ?? message.body
      return { contacts: { displayName: displayNameOf(vcard), contacts: [{ vcard }] } }
    }
    case 'reaction':
      return { react: { text: message.body, key: targetKey(jid, message) } }
    case 'edit':
      return { text: message.body, edit: targetKey(jid, message) }
    case 'delete':
      return { delete: targetKey(jid, message) }
    case 'template':
      throw new PermanentSendError('ERR_UNSUPPORTED', 'templates exist only on the WhatsApp Cloud API')
  }
}

function mediaContent(message: OutboundMessage): AnyMessageContent {
  const media = message.media
  if (!media) throw new PermanentSendError('ERR_INVALID_MESSAGE', 'media message without a file')
  // Baileys streams a local path given as url, encrypting as it reads instead of loading the file.
  const file = { url: media.path }
  const caption = message.body || undefined
  const mimetype = media.mimeType
  if (mimetype.startsWith('image/')) return { image: file, caption, mimetype }
  if (mimetype.startsWith('video/')) return { video: file, caption, mimetype }
  if (mimetype.startsWith('audio/')) {
    // Phones play voice notes only as ogg/opus; the file must already be encoded that way.
    return { audio: file, mimetype: media.asVoice ? 'audio/ogg; codecs=opus' : mimetype, ptt: !!media.asVoice }
  }
  return { document: file, mimetype, fileName: media.fileName, caption }
}

function displayNameOf(vcard: string): string {
  return /^FN[^:]*:(.*)$/m.exec(vcard)?.[1]?.trim() ?? ''
}
