import { makeEventBuffer, type AnyMessageContent, type MiscMessageGenerationOptions, type WAMessage, type WAMessageKey } from 'baileys'
import pino from 'pino'
import type { SocketLike } from './baileys-driver.ts'

/**
 * A socket for driver tests whose event emitter is Baileys' own makeEventBuffer, so buffering,
 * flushing and ev.process behave as in a real socket; only the network side is replaced.
 */
export class FakeSocket {
  readonly ev = makeEventBuffer(pino({ level: 'silent' }))
  user: { id: string } | undefined = { id: '5511955550000:7@s.whatsapp.net' }
  readonly sent: { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }[] = []
  readonly read: WAMessageKey[] = []
  ended = 0
  loggedOut = 0
  pairingFor?: string

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) {
    this.sent.push({ jid, content, options })
    return { key: { remoteJid: jid, fromMe: true, id: options?.messageId ?? 'GENERATED1' } } as WAMessage
  }
  async readMessages(keys: WAMessageKey[]) {
    this.read.push(...keys)
  }
  async profilePictureUrl(jid: string): Promise<string | undefined> {
    if (jid.startsWith('5511')) return `https://pps.example/${jid}`
    throw new Error('item-not-found')
  }
  /** When set, the numbers WhatsApp knows (else any number not ending in 0). */
  registered?: Set<string>
  /** The numbers asked about, one entry per onWhatsApp call. */
  readonly numberLookups: string[][] = []
  async onWhatsApp(...numbers: string[]) {
    this.numberLookups.push(numbers)
    return numbers.map((n) => ({ jid: `${n}@s.whatsapp.net`, exists: this.registered ? this.registered.has(n) : !n.endsWith('0') }))
  }
  async requestPairingCode(phone: string) {
    this.pairingFor = phone
    return 'ABCD1234'
  }
  async updateMediaMessage(msg: WAMessage) {
    return msg
  }
  async end() {
    this.ended++
  }
  async logout() {
    this.loggedOut++
    this.close(401)
  }

  open() {
    this.ev.emit('connection.update', { connection: 'open' })
  }
  qr(code: string) {
    this.ev.emit('connection.update', { qr: code })
  }
  /** What Baileys emits when the socket closes: a Boom whose output.statusCode is the reason. */
  close(statusCode: number) {
    const error = Object.assign(new Error('Connection Closed'), { output: { statusCode } })
    this.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } })
  }

  asSocket(): SocketLike {
    return this as unknown as SocketLike
  }
}
