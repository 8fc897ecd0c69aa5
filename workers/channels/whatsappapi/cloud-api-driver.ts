import { basename } from 'node:path'
import { readMediaFile } from '../read-media.ts'
import { downloadBytes, graphCall, hoursSince, type GraphEndpoint } from '../meta/graph-client.ts'
import { PermanentSendError, type ChannelDriver, type OutboundMessage, type PeerIdentity, type SendResult } from '../types.ts'
import type { CloudMediaSource } from './webhook.ts'

export interface CloudApiConfig extends GraphEndpoint {
  phoneNumberId: string
  accessToken: string
}

export interface CloudApiOptions {
  now?: () => Date
  fetch?: typeof fetch
}

interface SendAnswer {
  messages?: { id: string }[]
}

/** Hours a customer's message keeps free-form replies open (channels.md §3.8). */
export const CLOUD_WINDOW_HOURS = 24

/**
 * WhatsApp Cloud API (channels.md §3): stateless HTTP, so start/stop have nothing to do; inbound comes
 * through POST /webhooks/whatsappapi. The 24-hour window is checked here rather than left to Meta, whose
 * refusal arrives later as a failed status.
 */
export class CloudApiDriver implements ChannelDriver, CloudMediaSource {
  readonly kind = 'whatsappapi' as const
  private readonly now: () => Date
  private readonly fetchFn: typeof fetch

  constructor(
    readonly config: CloudApiConfig,
    opts: CloudApiOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date())
    this.fetchFn = opts.fetch ?? fetch
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  async logout(): Promise<void> {}

  async send(message: OutboundMessage): Promise<SendResult> {
    if (message.kind === 'edit' || message.kind === 'delete') {
      throw new PermanentSendError('ERR_CHANNEL_ACTION_UNSUPPORTED', `The WhatsApp Cloud API cannot ${message.kind} a sent message`)
    }
    this.assertWindowOpen(message)
    const to = message.to.number
    if (!to) throw new PermanentSendError('ERR_WAPP_INVALID_CONTACT', 'The contact has no WhatsApp number')
    const payload = await this.payloadFor(message)
    const context = message.quoted && message.kind !== 'reaction' ? { context: { message_id: message.quoted.externalId } } : {}
    const answer = await this.call<SendAnswer>(`/${this.config.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      ...payload,
      ...context,
    })
    const id = answer.messages?.[0]?.id
    if (!id) throw new PermanentSendError('ERR_SENDING_WAPP_MSG', 'Graph accepted the message without an id')
    return { externalId: id, ack: 1 }
  }

  async markRead(_peer: PeerIdentity, externalIds: string[]): Promise<void> {
    for (const id of externalIds) {
      await this.call(`/${this.config.phoneNumberId}/messages`, { messaging_product: 'whatsapp', status: 'read', message_id: id })
    }
  }

  /** Resolves a media id to its short-lived URL and downloads it with the bearer token (channels.md §3.7). */
  async downloadMedia(mediaId: string): Promise<Uint8Array> {
    const info = await graphCall<{ url: string }>(this.config, { path: `/${mediaId}`, token: this.config.accessToken }, this.fetchFn)
    return downloadBytes(info.url, this.config.accessToken, this.fetchFn)
  }

  /** Uploads a local file and answers the media id to send it by. */
  async uploadMedia(path: string, mimeType: string, fileName?: string): Promise<string> {
    const bytes = await readMediaFile(path)
    const form = new FormData()
    form.set('messaging_product', 'whatsapp')
    form.set('type', mimeType)
    form.set('file', new File([bytes], fileName ?? basename(path), { type: mimeType }))
    const answer = await graphCall<{ id: string }>(
      this.config,
      { path: `/${this.config.phoneNumberId}/media`, form, token: this.config.accessToken },
      this.fetchFn,
    )
    return answer.id
  }

  private assertWindowOpen(message: OutboundMessage) {
    if (message.kind === 'template') return
    const hours = hoursSince(message.lastInboundAt, this.now())
    if (hours === null || hours >= CLOUD_WINDOW_HOURS) {
      throw new PermanentSendError(
        'ERR_WAPP_WINDOW_CLOSED',
        'More than 24 hours since the contact last wrote: only an approved template can be sent',
      )
    }
  }

  private async payloadFor(m: OutboundMessage): Promise<Record<string, unknown>> {
    switch (m.kind) {
      case 'text':
        return { type: 'text', text: { body: m.body, preview_url: /https?:\/\//.test(m.body) } }
      case 'media':
        return this.mediaPayload(m)
      case 'location':
        if (!m.location) throw new PermanentSendError('ERR_SENDING_WAPP_MSG', 'Location missing')
        return { type: 'location', location: m.location }
      case 'vcard':
        return { type: 'contacts', contacts: vCardToContacts(m.vCard ?? m.body) }
      case 'reaction':
        if (!m.target) throw new PermanentSendError('ERR_SENDING_WAPP_MSG', 'Reaction without a target')
        return { type: 'reaction', reaction: { message_id: m.target.externalId, emoji: m.body } }
      case 'template':
        if (!m.template) throw new PermanentSendError('ERR_SENDING_WAPP_MSG', 'Template missing')
        return {
          type: 'template',
          template: {
            name: m.template.name,
            language: { code: m.template.language },
            ...(m.template.components ? { components: m.template.components } : {}),
          },
        }
      default:
        throw new PermanentSendError('ERR_CHANNEL_ACTION_UNSUPPORTED', `Unsupported message kind ${m.kind}`)
    }
  }

  private async mediaPayload(m: OutboundMessage): Promise<Record<string, unknown>> {
    if (!m.media) throw new PermanentSendError('ERR_SENDING_WAPP_MSG', 'Media missing')
    const type = cloudMediaType(m.media.mimeType)
    const id = await this.uploadMedia(m.media.path, m.media.mimeType, m.media.fileName)
    const caption = m.body && (type === 'image' || type === 'video' || type === 'document') ? { caption: m.body } : {}
    const fileName = type === 'document' ? { filename: m.media.fileName } : {}
    return { type, [type]: { id, ...caption, ...fileName } }
  }

  private call<T>(path: string, json: unknown): Promise<T> {
    return graphCall<T>(this.config, { method: 'POST', path, json, token: this.config.accessToken }, this.fetchFn)
  }
}

/** The Cloud API message type for a file (webp images go as stickers, the only way WhatsApp shows them). */
export function cloudMediaType(mimeType: string): 'image' | 'video' | 'audio' | 'sticker' | 'document' {
  const mime = mimeType.split(';')[0].trim().toLowerCase()
  if (mime === 'image/webp') return 'sticker'
  if (mime === 'image/jpeg' || mime === 'image/png') return 'image'
  if (mime.startsWith('video/')) return 'video'
  if (mime.startsWith('audio/')) return 'audio'
  return 'document'
}

/** A vCard (one or more cards) as the Cloud API's contacts array; phones keep their waid when given. */
export function vCardToContacts(vCard: string): Record<string, unknown>[] {
  const cards = vCard.split(/END:VCARD/i).filter((c) => /BEGIN:VCARD/i.test(c))
  return cards.map((card) => {
    const lines = card.split(/\r?\n/)
    const fn = lines.find((l) => /^FN[:;]/i.test(l))?.replace(/^FN[^:]*:/i, '').trim() || 'Contato'
    const phones = lines
      .filter((l) => /^(item\d+\.)?TEL/i.test(l))
      .map((l) => {
        const waid = /waid=(\d+)/i.exec(l)?.[1]
        return { phone: l.slice(l.lastIndexOf(':') + 1).trim(), type: 'CELL', ...(waid ? { wa_id: waid } : {}) }
      })
    return { name: { formatted_name: fn, first_name: fn.split(' ')[0] }, phones }
  })
}
