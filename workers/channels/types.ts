/**
 * The one interface every channel driver implements (ARCHITECTURE "Layout": baileys, whatsappapi,
 * facebook, instagram, simulator) and the normalised events drivers hand to the inbound pipeline.
 * Drivers know their wire format; nothing past this file does.
 */

export type ChannelKind = 'whatsapp' | 'whatsappapi' | 'facebook' | 'instagram' | 'simulator'

/** Connection status values (spec part 2 §4 "Connection status"). */
export type ConnectionStatus = 'qrcode' | 'DISCONNECTED' | 'CONNECTED' | 'PAIRING' | 'TIMEOUT' | 'OPENING'

/** Message kinds as stored in messages.media_type. */
export type MediaType =
  | 'text'
  | 'image'
  | 'audio'
  | 'video'
  | 'application'
  | 'sticker'
  | 'locationMessage'
  | 'contactMessage'
  | 'reactionMessage'
  | 'call_log'
  | 'template'

/** ack values: 0 pending (clock), 1 sent, 2 delivered, 3 read, 4 played, 5 read (played voice); -1 failed. */
export type Ack = -1 | 0 | 1 | 2 | 3 | 4 | 5

/** Who a message is with, as the channel names them. At least one of number and lid is set for WhatsApp. */
export interface PeerIdentity {
  /** Digits only for WhatsApp (country + area + number); the page-scoped id for Facebook and Instagram. */
  number?: string
  /** WhatsApp's privacy identity: the user part of a `...@lid` jid. */
  lid?: string
  /** The push name / profile name, when the channel gives one. */
  name?: string
  /** A profile picture URL, when the channel gives one. */
  pictureUrl?: string
}

/** One person of the phone's address book ('contacts') or chat list ('chats'). */
export interface AddressBookEntry extends PeerIdentity {
  source: 'contacts' | 'chats'
}

/** Media attached to an inbound message. Exactly one of data and fetch is given. */
export interface InboundMedia {
  mimeType: string
  fileName?: string
  /** Declared size in bytes when known before download (lets the pipeline refuse oversized media early). */
  size?: number
  data?: Uint8Array
  /** Downloads the bytes (expiring CDN links: called once, right away, by the pipeline). */
  fetch?: () => Promise<Uint8Array>
}

/** A message as a channel delivered it, in either direction (fromMe: sent from the phone or an echo of ours). */
export interface InboundMessage {
  /** The channel's message id (WhatsApp key id, wamid, Meta mid): the dedupe key with the connection. */
  externalId: string
  fromMe: boolean
  timestamp: Date
  /** The other side of the chat (for groups: the group, with the author in `participant`). */
  peer: PeerIdentity
  group?: { id: string; name?: string }
  /** The group member who wrote the message. */
  participant?: PeerIdentity
  body: string
  mediaType: MediaType
  media?: InboundMedia
  /** The message this one quotes (its externalId on the same connection). */
  quotedExternalId?: string
  vCard?: string
  /** For reactionMessage: the externalId of the message reacted to. */
  reactionTo?: string
  /** Arrived from a history import rather than live. */
  imported?: boolean
  /** The channel's own payload, kept for getMessage (Baileys) and debugging. */
  raw?: unknown
}

/** Everything a driver reports. */
export type ChannelEvent =
  | { kind: 'message'; message: InboundMessage }
  /** Delivery state of a message we sent (or one sent from the phone). Acks only move forward. */
  | { kind: 'ack'; externalId: string; ack: Ack; error?: string }
  | { kind: 'edit'; externalId: string; body: string }
  | { kind: 'revoke'; externalId: string }
  /** `linked`: this open follows a QR scan or pairing code (a new link, when WhatsApp sends the history). */
  | { kind: 'status'; status: ConnectionStatus; qrcode?: string; number?: string; retries?: number; linked?: true }
  /** A LID learned together with its phone number (WhatsApp lid-mapping events, message keys with both). */
  | { kind: 'lidMapping'; lid: string; number: string }
  | { kind: 'call'; peer: PeerIdentity; callId: string; timestamp: Date }
  | { kind: 'importProgress'; total: number; done: number; date?: Date }
  /** People the phone knows: its address book and its chat list (POST /contacts/import, /contacts/import/chats). */
  | { kind: 'addressBook'; entries: AddressBookEntry[] }

/** What the outbound queue asks a driver to send. */
export interface OutboundMessage {
  /** Our messages.id, for logs and for drivers that can choose their own id (Baileys). */
  messageId: number
  /** The id to use on the wire when the driver supports choosing it; stored on the row before sending. */
  externalId?: string
  /**
   * numberChecked: `number` is the form WhatsApp answered for this contact before (contact_wa_numbers), so
   * the driver need not look it up again.
   */
  to: PeerIdentity & { group?: string; numberChecked?: boolean }
  kind: 'text' | 'media' | 'location' | 'vcard' | 'reaction' | 'edit' | 'delete' | 'template'
  body: string
  media?: { path: string; mimeType: string; fileName: string; asVoice?: boolean }
  quoted?: { externalId: string; fromMe: boolean; body: string }
  location?: { latitude: number; longitude: number; name?: string; address?: string }
  vCard?: string
  /** reaction, edit and delete act on this message of ours/theirs. */
  target?: { externalId: string; fromMe: boolean }
  /** Cloud API templates (the only thing allowed outside the 24-hour window). */
  template?: { name: string; language: string; components?: unknown[] }
  /** When the contact last wrote on this connection (24-hour window checks of Meta channels). */
  lastInboundAt?: Date | null
}

export interface SendResult {
  externalId: string
  /** The ack the channel confirmed synchronously (1 = accepted by the server). */
  ack: Ack
  /** The number WhatsApp knows the contact by, when the driver had to look it up (kept for next time). */
  resolvedNumber?: string
}

/** A send the driver refuses for a reason a retry cannot fix (window closed, invalid number). */
export class PermanentSendError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * One live connection to a channel. Socket channels (Baileys) connect in start(); webhook channels
 * (Cloud API, Meta) have nothing to connect and receive their events through the webhook routes.
 */
export interface ChannelDriver {
  readonly kind: ChannelKind
  start(): Promise<void>
  /** Closes the connection and keeps the credentials (a restart reconnects without a new QR). */
  stop(): Promise<void>
  /** Ends the session at the channel and forgets the credentials. */
  logout(): Promise<void>
  send(message: OutboundMessage): Promise<SendResult>
  markRead?(peer: PeerIdentity, externalIds: string[]): Promise<void>
  profilePicture?(peer: PeerIdentity): Promise<string | null>
  /** The WhatsApp number as the channel knows it, or null when it is not on the channel. */
  checkNumber?(number: string): Promise<string | null>
}

/** What a driver gets from its host. */
export interface DriverContext {
  connection: { id: number; companyId: number; channel: ChannelKind; config: Record<string, unknown> }
  /** Hands an event to the inbound pipeline; resolves once it is stored (drivers await it before acking the channel). */
  emit(event: ChannelEvent): Promise<void>
  /**
   * Keeps an event that failed to store several times for inspection (channel_event_failures), so the
   * driver can move on; rejects when even that cannot be written (the database is down: keep trying).
   */
  setAside?(event: ChannelEvent, error: unknown, attempts: number): Promise<void>
  now(): Date
  log(message: string, err?: unknown): void
}
