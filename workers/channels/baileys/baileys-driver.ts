import {
  downloadMediaMessage,
  makeWASocket,
  type BaileysEventMap,
  type ConnectionState,
  type proto,
  type UserFacingSocketConfig,
  type WASocket,
  type WAVersion,
} from 'baileys'
import pino from 'pino'
import type { Db } from '../../../server/db/tenant.ts'
import { PermanentSendError, type ChannelDriver, type ChannelEvent, type DriverContext, type OutboundMessage, type PeerIdentity, type SendResult } from '../types.ts'
import { loadAuthState, type PostgresAuthState } from './auth-state.ts'
import { brazilianVariants, digitsOnly, jidForPeer, jidUser } from './jid.ts'
import { mapBaileysEvents } from './map-events.ts'
import { buildSend } from './outbound-content.ts'
import { decideReconnect } from './reconnect-policy.ts'
import { socketConfig, type HistoryWindow } from './socket-config.ts'

export { DEFAULT_WA_VERSION } from './socket-config.ts'

/** QR codes shown without a scan before the connection gives up (anchor §2). */
export const MAX_QR_CODES = 3

/** The part of a Baileys socket the driver uses: the seam tests replace. */
export type SocketLike = Pick<
  WASocket,
  'ev' | 'user' | 'end' | 'logout' | 'sendMessage' | 'readMessages' | 'profilePictureUrl' | 'onWhatsApp' | 'requestPairingCode' | 'updateMediaMessage'
>

export interface BaileysDriverOptions {
  db: Db
  /** Overrides wss://web.whatsapp.com/ws/chat (tests point it at a loopback server). */
  waWebSocketUrl?: string
  version?: WAVersion
  mediaMaxBytes: number
  /** Our stored copy of a sent message, for Baileys' retry re-encryption; undefined on a miss, never a placeholder. */
  getMessage: (externalId: string) => Promise<proto.IMessage | undefined>
  /** Digits of the phone to link by pairing code instead of QR. */
  pairingNumber?: string
  random?: () => number
  setTimeout?: (fn: () => void, ms: number) => unknown
  clearTimeout?: (handle: unknown) => void
  makeSocket?: (config: UserFacingSocketConfig) => SocketLike
  logLevel?: 'silent' | 'error' | 'warn'
  /** The connection imports its history within this window (enableImportMessage). */
  history?: HistoryWindow
}

type Events = Partial<BaileysEventMap>

/**
 * One WhatsApp Web session. Owns at most one socket at a time; every socket gets a generation number
 * and events from a socket that is no longer current are dropped, so a late close of an old socket
 * can never schedule a second reconnect. The host must hold the connection's lease while this runs.
 */
/** Failed stores of one event before it is set aside (about 7.5 s of backoff). */
export const SET_ASIDE_AFTER = 5

export class BaileysDriver implements ChannelDriver {
  readonly kind = 'whatsapp' as const
  private sock?: SocketLike
  private auth?: PostgresAuthState
  private generation = 0
  private running = false
  private open = false
  private attempt = 0
  private qrCount = 0
  private qrSession = false
  private everOpened = false
  private pairingRequested = false
  private timer: unknown
  private detach?: () => void
  private queue: Promise<void> = Promise.resolve()
  private readonly logger

  constructor(
    private readonly ctx: DriverContext,
    private readonly opts: BaileysDriverOptions,
  ) {
    this.logger = pino({ level: opts.logLevel ?? 'silent' })
  }

  async start(): Promise<void> {
    if (this.running) return
    this.running = true
    this.attempt = 0
    await this.ctx.emit({ kind: 'status', status: 'OPENING' })
    await this.connect()
  }

  async stop(): Promise<void> {
    this.running = false
    this.cancelTimer()
    await this.closeSocket()
  }

  async logout(): Promise<void> {
    this.running = false
    this.cancelTimer()
    const sock = this.sock
    const wasOpen = this.open
    this.generation++
    this.detach?.()
    this.detach = undefined
    this.sock = undefined
    this.open = false
    // logout() tells WhatsApp to unlink this device; it needs a live socket, so without one we only forget.
    if (sock && wasOpen) await sock.logout().catch((err) => this.ctx.log('baileys logout failed', err))
    else await sock?.end(undefined)
    const auth = this.auth ?? (await loadAuthState(this.opts.db, this.owner()))
    await auth.clear()
  }

  async send(message: OutboundMessage): Promise<SendResult> {
    const sock = this.liveSocket()
    const resolvedNumber = await this.resolveNumber(message)
    const to = resolvedNumber ? { ...message.to, number: resolvedNumber } : message.to
    const quoted = message.quoted ? await this.opts.getMessage(message.quoted.externalId) : undefined
    const { jid, content, options } = buildSend({ ...message, to }, quoted)
    const sent = await sock.sendMessage(jid, content, options)
    const externalId = sent?.key.id ?? message.externalId
    if (!externalId) throw new Error('baileys returned no message id')
    return resolvedNumber ? { externalId, ack: 1, resolvedNumber } : { externalId, ack: 1 }
  }

  /**
   * Before the first send to a contact known only by number (no LID, never checked), asks WhatsApp which
   * form of it exists, with and without the Brazilian ninth digit (issue 15 item 6): a message to the
   * wrong form is accepted by the server and never delivered. On neither form: ERR_WAPP_CHECK_CONTACT.
   */
  private async resolveNumber(message: OutboundMessage): Promise<string | undefined> {
    const { number, lid, group, numberChecked } = message.to
    if (!number || lid || group || numberChecked) return undefined
    const variants = brazilianVariants(number)
    const results = (await this.liveSocket().onWhatsApp(...variants)) ?? []
    for (const v of variants) {
      const hit = results.find((r) => r.exists && digitsOnly(jidUser(r.jid) ?? '') === v)
      if (hit) return v
    }
    const any = results.find((r) => r.exists)
    const user = any ? jidUser(any.jid) : undefined
    if (user) return digitsOnly(user)
    throw new PermanentSendError('ERR_WAPP_CHECK_CONTACT', `${number} is not on WhatsApp`)
  }

  async markRead(peer: PeerIdentity, externalIds: string[]): Promise<void> {
    const remoteJid = jidForPeer(peer)
    await this.liveSocket().readMessages(externalIds.map((id) => ({ remoteJid, id, fromMe: false })))
  }

  async profilePicture(peer: PeerIdentity): Promise<string | null> {
    try {
      return (await this.liveSocket().profilePictureUrl(jidForPeer(peer), 'image')) ?? null
    } catch {
      // WhatsApp answers with an error when there is no picture or privacy hides it.
      return null
    }
  }

  async checkNumber(number: string): Promise<string | null> {
    const results = await this.liveSocket().onWhatsApp(digitsOnly(number))
    const hit = results?.find((r) => r.exists)
    const user = hit ? jidUser(hit.jid) : undefined
    return user ? digitsOnly(user) : null
  }

  private owner() {
    return { companyId: this.ctx.connection.companyId, whatsappId: this.ctx.connection.id }
  }

  private liveSocket(): SocketLike {
    if (!this.sock || !this.open) throw new Error('WhatsApp connection is not open')
    return this.sock
  }

  private async connect(): Promise<void> {
    if (!this.running) return
    const gen = ++this.generation
    this.open = false
    this.qrCount = 0
    this.qrSession = false
    this.everOpened = false
    this.pairingRequested = false
    try {
      // Reloaded on every connect: after a failed key commit the database is the truth, not memory.
      const auth = await loadAuthState(this.opts.db, this.owner())
      if (gen !== this.generation || !this.running) return
      this.auth = auth
      const config = socketConfig(auth, this.logger, this.opts)
      const sock = (this.opts.makeSocket ?? makeWASocket)(config)
      this.sock = sock
      this.detach = sock.ev.process((events) => this.enqueue(gen, events))
    } catch (err) {
      this.ctx.log('baileys connect failed', err)
      await this.onClose(gen, undefined)
    }
  }

  /** Baileys does not await ev.process handlers, so batches are chained to keep messages in order. */
  private enqueue(gen: number, events: Events): Promise<void> {
    this.queue = this.queue
      .then(() => this.handle(gen, events))
      .catch((err) => this.ctx.log('baileys event handling failed', err))
    return this.queue
  }

  private async handle(gen: number, events: Events): Promise<void> {
    if (gen !== this.generation) return
    if (events['creds.update']) {
      // A failed save must not drop the messages of the same batch; the next creds.update saves again.
      await this.auth?.saveCreds().catch((err) => this.ctx.log('baileys could not save creds', err))
    }
    const sock = this.sock!
    const mapped = mapBaileysEvents(events, {
      mediaMaxBytes: this.opts.mediaMaxBytes,
      now: () => this.ctx.now(),
      history: this.opts.history,
      download: async (msg) =>
        new Uint8Array(await downloadMediaMessage(msg, 'buffer', {}, { logger: this.logger, reuploadRequest: sock.updateMediaMessage })),
    })
    for (const event of mapped) await this.emit(event)
    if (events['connection.update']) await this.onConnectionUpdate(gen, events['connection.update'])
  }

  /**
   * Hands an event to the pipeline and waits until it is stored: WhatsApp has already been told the
   * message arrived, so giving up would lose it. A failing store is retried with backoff while the session
   * runs, holding back later events so per-chat order stays; after SET_ASIDE_AFTER tries the event is set
   * aside for inspection (channel_event_failures) and the connection moves on, so one event that always
   * fails cannot freeze the number (issue 15 item 4). When even that write fails (the database is down)
   * the retries go on: nothing is dropped.
   */
  private async emit(event: ChannelEvent): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.ctx.emit(event)
        return
      } catch (err) {
        this.ctx.log(`baileys: storing a ${event.kind} event failed (attempt ${attempt + 1})`, err)
        if (!this.running) return
        if (attempt + 1 >= SET_ASIDE_AFTER && this.ctx.setAside) {
          const setAside = await this.ctx.setAside(event, err, attempt + 1).then(() => true, () => false)
          if (setAside) {
            this.ctx.log(`baileys: a ${event.kind} event set aside after ${attempt + 1} failed stores`)
            return
          }
        }
        const delay = Math.min(500 * 2 ** attempt, 30_000)
        await new Promise<void>((resolve) => (this.opts.setTimeout ?? setTimeout)(resolve, delay))
        if (!this.running) return
      }
    }
  }

  private async onConnectionUpdate(gen: number, update: Partial<ConnectionState>): Promise<void> {
    if (gen !== this.generation || !this.running) return
    if (update.qr) await this.onQr(update.qr)
    if (update.connection === 'open') {
      this.open = true
      this.everOpened = true
      this.attempt = 0
      const number = digitsOnly(jidUser(this.sock?.user?.id) ?? '')
      await this.emit({ kind: 'status', status: 'CONNECTED', number, qrcode: '', ...(this.qrSession && { linked: true as const }) })
    }
    if (update.connection === 'close') {
      const error = update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined
      await this.onClose(gen, error?.output?.statusCode)
    }
  }

  private async onQr(qr: string): Promise<void> {
    this.qrSession = true
    this.qrCount++
    if (this.qrCount > MAX_QR_CODES) {
      this.running = false
      await this.closeSocket()
      // Creds that never paired are worthless; dropping them makes the next start a clean QR session.
      if (this.auth && !this.auth.state.creds.registered) await this.auth.clear()
      await this.emit({ kind: 'status', status: 'DISCONNECTED', qrcode: '' })
      return
    }
    if (!this.opts.pairingNumber) {
      await this.emit({ kind: 'status', status: 'qrcode', qrcode: qr })
      return
    }
    if (this.pairingRequested) return
    // The first QR means the socket is up and unregistered: the moment WhatsApp accepts a code request.
    this.pairingRequested = true
    try {
      const code = await this.sock!.requestPairingCode(digitsOnly(this.opts.pairingNumber))
      await this.emit({ kind: 'status', status: 'PAIRING', qrcode: code })
    } catch (err) {
      this.ctx.log('baileys pairing code request failed', err)
    }
  }

  private async onClose(gen: number, statusCode: number | undefined): Promise<void> {
    if (gen !== this.generation || !this.running) return
    const decision = decideReconnect({
      statusCode,
      attempt: this.attempt,
      everOpened: this.everOpened,
      qrSession: this.qrSession,
      random: this.opts.random ?? Math.random,
    })
    this.ctx.log(`baileys closed (${statusCode ?? 'no code'}): ${decision.reason} → ${decision.action}`)
    await this.closeSocket()
    if (decision.action === 'stop' || decision.action === 'wipe-and-stop') {
      this.running = false
      if (decision.action === 'wipe-and-stop') await this.auth?.clear()
      await this.emit({ kind: 'status', status: 'DISCONNECTED', qrcode: '' })
      return
    }
    this.attempt++
    await this.emit({ kind: 'status', status: 'OPENING', retries: this.attempt })
    if (decision.action === 'restart-now') await this.connect()
    else this.schedule(decision.delayMs)
  }

  private schedule(delayMs: number): void {
    this.cancelTimer()
    const set = this.opts.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms))
    this.timer = set(() => {
      this.timer = undefined
      void this.connect()
    }, delayMs)
  }

  private cancelTimer(): void {
    if (this.timer === undefined) return
    const clear = this.opts.clearTimeout ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>))
    clear(this.timer)
    this.timer = undefined
  }

  /** Ends the current socket without logging out; its late events fall to the generation check. */
  private async closeSocket(): Promise<void> {
    const sock = this.sock
    this.sock = undefined
    this.open = false
    this.generation++
    this.detach?.()
    this.detach = undefined
    if (!sock) return
    await sock.end(undefined).catch(() => {})
  }
}
