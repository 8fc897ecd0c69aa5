import { basename } from 'node:path'
import { readMediaFile } from '../read-media.ts'
import { downloadBytes, graphCall, hoursSince, type GraphEndpoint } from './graph-client.ts'
import { PermanentSendError, type ChannelDriver, type OutboundMessage, type PeerIdentity, type SendResult } from '../types.ts'

export interface MetaConfig extends GraphEndpoint {
  channel: 'facebook' | 'instagram'
  pageId: string
  pageAccessToken: string
  igUserId?: string
}

export interface MetaOptions {
  now?: () => Date
  fetch?: typeof fetch
}

export interface MetaProfile {
  name?: string
  pictureUrl?: string
}

/** The standard window, and the HUMAN_AGENT tag's extension of it (channels.md §4.3). */
export const META_WINDOW_HOURS = 24
export const HUMAN_AGENT_WINDOW_HOURS = 7 * 24

type Messaging = { messaging_type: 'RESPONSE' } | { messaging_type: 'MESSAGE_TAG'; tag: 'HUMAN_AGENT' }

/**
 * Facebook Messenger and Instagram Direct through the Send API with a Page token. Inbound arrives on
 * POST /webhooks/facebook. Meta cannot quote, edit or delete a sent message, and has no templates.
 */
export class MetaDriver implements ChannelDriver {
  readonly kind: 'facebook' | 'instagram'
  private readonly now: () => Date
  private readonly fetchFn: typeof fetch

  constructor(
    readonly config: MetaConfig,
    opts: MetaOptions = {},
  ) {
    this.kind = config.channel
    this.now = opts.now ?? (() => new Date())
    this.fetchFn = opts.fetch ?? fetch
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  async logout(): Promise<void> {}

  async send(message: OutboundMessage): Promise<SendResult> {
    if (message.kind === 'edit' || message.kind === 'delete' || message.kind === 'template') {
      throw new PermanentSendError('ERR_CHANNEL_ACTION_UNSUPPORTED', `${this.kind} cannot send a ${message.kind}`)
    }
    const messaging = this.messagingFor(message.lastInboundAt)
    const recipient = { id: this.recipientOf(message.to) }
    if (message.kind === 'reaction') return this.react(message, recipient)
    const answer = await this.sendApi<{ message_id?: string }>({ recipient, ...messaging, message: await this.contentOf(message) })
    if (!answer.message_id) throw new PermanentSendError('ERR_SENDING_WAPP_MSG', 'The Send API answered without a message id')
    return { externalId: answer.message_id, ack: 1 }
  }

  /** The messaging type a reply needs now; throws once even HUMAN_AGENT's 7 days are over. */
  messagingFor(lastInboundAt: Date | null | undefined): Messaging {
    const hours = hoursSince(lastInboundAt, this.now())
    if (hours !== null && hours < META_WINDOW_HOURS) return { messaging_type: 'RESPONSE' }
    if (hours !== null && hours < HUMAN_AGENT_WINDOW_HOURS) return { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }
    throw new PermanentSendError('ERR_WAPP_WINDOW_CLOSED', `More than 7 days since the contact last wrote on ${this.kind}`)
  }

  async markRead(peer: PeerIdentity): Promise<void> {
    await this.sendApi({ recipient: { id: this.recipientOf(peer) }, sender_action: 'mark_seen' })
  }

  async profilePicture(peer: PeerIdentity): Promise<string | null> {
    if (!peer.number) return null
    return (await this.fetchProfile(peer.number)).pictureUrl ?? null
  }

  /** The name and picture of a PSID/IGSID (channels.md §4.4); allowed once the person wrote to us. */
  async fetchProfile(psid: string): Promise<MetaProfile> {
    const fields = this.kind === 'instagram' ? 'name,username,profile_pic' : 'first_name,last_name,name,profile_pic'
    const p = await graphCall<{ name?: string; first_name?: string; last_name?: string; username?: string; profile_pic?: string }>(
      this.config,
      { path: `/${encodeURIComponent(psid)}`, query: { fields }, token: this.config.pageAccessToken, tokenInQuery: true },
      this.fetchFn,
    )
    const name = p.name || [p.first_name, p.last_name].filter(Boolean).join(' ') || p.username
    return { ...(name ? { name } : {}), ...(p.profile_pic ? { pictureUrl: p.profile_pic } : {}) }
  }

  /** Attachment URLs are public CDN links; no token goes with them. */
  downloadAttachment(url: string): Promise<Uint8Array> {
    return downloadBytes(url, undefined, this.fetchFn)
  }

  private recipientOf(peer: PeerIdentity): string {
    if (!peer.number) throw new PermanentSendError('ERR_WAPP_INVALID_CONTACT', `The contact has no ${this.kind} id`)
    return peer.number
  }

  private async react(message: OutboundMessage, recipient: { id: string }): Promise<SendResult> {
    if (!message.target) throw new PermanentSendError('ERR_SENDING_WAPP_MSG', 'Reaction without a target')
    await this.sendApi({
      recipient,
      sender_action: message.body ? 'react' : 'unreact',
      payload: { message_id: message.target.externalId, ...(message.body ? { reaction: message.body } : {}) },
    })
    // Sender actions get no message id back; ours keeps the reaction addressable and unique.
    return { externalId: `reaction:${message.target.externalId}:${message.messageId}`, ack: 1 }
  }

  private async contentOf(m: OutboundMessage): Promise<Record<string, unknown>> {
    switch (m.kind) {
      case 'media': {
        if (!m.media) throw new PermanentSendError('ERR_SENDING_WAPP_MSG', 'Media missing')
        const type = metaAttachmentType(m.media.mimeType)
        const attachmentId = await this.uploadAttachment(type, m.media.path, m.media.mimeType, m.media.fileName)
        return { attachment: { type, payload: { attachment_id: attachmentId } } }
      }
      case 'location': {
        // The Send API dropped location messages: a map link carries the same.
        const l = m.location
        if (!l) throw new PermanentSendError('ERR_SENDING_WAPP_MSG', 'Location missing')
        return { text: [l.name, l.address, `https://maps.google.com/maps?q=${l.latitude},${l.longitude}`].filter(Boolean).join('\n') }
      }
      case 'vcard':
        return { text: vCardAsText(m.vCard ?? m.body) }
      default:
        return { text: m.body }
    }
  }

  /** Uploads a local file for the Attachment Upload API and answers its attachment id. */
  private async uploadAttachment(type: string, path: string, mimeType: string, fileName?: string): Promise<string> {
    const bytes = await readMediaFile(path)
    const form = new FormData()
    form.set('message', JSON.stringify({ attachment: { type, payload: { is_reusable: true } } }))
    form.set('filedata', new File([bytes], fileName ?? basename(path), { type: mimeType }))
    const answer = await graphCall<{ attachment_id: string }>(
      this.config,
      { method: 'POST', path: '/me/message_attachments', form, token: this.config.pageAccessToken, tokenInQuery: true },
      this.fetchFn,
    )
    return answer.attachment_id
  }

  private sendApi<T = unknown>(json: Record<string, unknown>): Promise<T> {
    return graphCall<T>(
      this.config,
      { method: 'POST', path: '/me/messages', json, token: this.config.pageAccessToken, tokenInQuery: true },
      this.fetchFn,
    )
  }
}

export function metaAttachmentType(mimeType: string): 'image' | 'video' | 'audio' | 'file' {
  const mime = mimeType.toLowerCase()
  if (mime.startsWith('image/')) return 'image'
  if (mime.startsWith('video/')) return 'video'
  if (mime.startsWith('audio/')) return 'audio'
  return 'file'
}

function vCardAsText(vCard: string): string {
  const lines = vCard.split(/\r?\n/)
  const name = lines.find((l) => /^FN[:;]/i.test(l))?.replace(/^FN[^:]*:/i, '').trim()
  const phones = lines.filter((l) => /^(item\d+\.)?TEL/i.test(l)).map((l) => l.slice(l.lastIndexOf(':') + 1).trim())
  return [name, ...phones].filter(Boolean).join('\n') || vCard
}
