import {
  type BinaryNode,
  Curve,
  NOISE_MODE,
  NOISE_WA_HEADER,
  WA_CERT_DETAILS,
  aesDecryptGCM,
  aesEncryptGCM,
  decodeBinaryNode,
  encodeBinaryNode,
  getBinaryNodeChild,
  getBinaryNodeChildren,
  hkdf,
  proto,
  sha256,
} from 'baileys'
import type { ServerWebSocket } from 'bun'

/** The root the peers sign their certificates with, and WhatsApp's, put back when the last peer stops. */
const TEST_ROOT = Curve.generateKeyPair()
const WHATSAPP_ROOT = Buffer.from(WA_CERT_DETAILS.PUBLIC_KEY)
let peersRunning = 0

/**
 * A WhatsApp server on 127.0.0.1 for the Baileys driver's tests over a real socket: it speaks the wire
 * format a Baileys client expects (WebSocket frames with a 3-byte length; the Noise XX handshake
 * `Noise_XX_25519_AESGCM_SHA256` with a certificate chain; then AES-GCM frames carrying WhatsApp's binary
 * XML nodes). It logs a registered device in (`<success>`), answers `usync` queries from its own list of
 * registered numbers (contact: `<contact type="in"/>` for a number on WhatsApp, `type="out"` otherwise,
 * as WhatsApp's `onWhatsApp` lookup; devices: the phone, device 0; lid: a LID per number), hands out
 * pre-key bundles so the client opens real Signal sessions, acks the messages it receives, and answers
 * the other `iq`s (pre-key count, digest, ping, props...) with an empty result. Queries, logins and
 * messages are recorded for the test to inspect.
 *
 * The certificate chain must be signed by WhatsApp's root key, whose private half only WhatsApp has: the
 * peers sign with a test root and install its public key in Baileys' `WA_CERT_DETAILS` while any runs
 * (as a test CA is installed for a TLS test server), putting WhatsApp's back when the last one stops.
 */
export function startWhatsAppPeer(opts: { registered: Iterable<string> }) {
  const registered = new Set(opts.registered)
  if (peersRunning++ === 0) WA_CERT_DETAILS.PUBLIC_KEY.set(TEST_ROOT.public)
  const contactQueries: string[][] = []
  const logins: { username: string; device: number }[] = []
  const received: BinaryNode[] = []
  const messages: { to: string; id: string }[] = []

  const behaviour: PeerBehaviour = {
    async answer(conn, ws, node) {
      received.push(node)
      if (node.tag === 'message') {
        messages.push({ to: node.attrs.to, id: node.attrs.id })
        return conn.send(ws, { tag: 'ack', attrs: { class: 'message', id: node.attrs.id, from: node.attrs.to, t: String(Math.floor(Date.now() / 1000)) } })
      }
      if (node.tag !== 'iq') return
      const reply = (content?: BinaryNode[]) =>
        conn.send(ws, { tag: 'iq', attrs: { id: node.attrs.id, type: 'result', from: node.attrs.to ?? 's.whatsapp.net' }, content })
      const usync = getBinaryNodeChild(node, 'usync')
      if (node.attrs.xmlns === 'usync' && usync && getBinaryNodeChild(getBinaryNodeChild(usync, 'query'), 'contact')) {
        const phones = getBinaryNodeChildren(getBinaryNodeChild(usync, 'list'), 'user').map((u) => String(getBinaryNodeChild(u, 'contact')?.content ?? ''))
        const numbers = phones.map((p) => p.replace(/\D/g, ''))
        contactQueries.push(numbers)
        const users = numbers.map((n) => ({
          tag: 'user',
          attrs: { jid: `${n}@s.whatsapp.net` },
          content: [{ tag: 'contact', attrs: { type: registered.has(n) ? 'in' : 'out' } }],
        }))
        return reply([{ tag: 'usync', attrs: {}, content: [{ tag: 'list', attrs: {}, content: users }] }])
      }
      const query = usync ? getBinaryNodeChild(usync, 'query') : undefined
      if (node.attrs.xmlns === 'usync' && query && (getBinaryNodeChild(query, 'devices') || getBinaryNodeChild(query, 'lid'))) {
        // Devices: each registered number has its phone (device 0), a number not on WhatsApp none. LID:
        // the account's hidden id, which Signal sessions are opened with.
        const users = getBinaryNodeChildren(getBinaryNodeChild(usync, 'list'), 'user').map((u) => {
          const number = userOf(u.attrs.jid)
          const content: BinaryNode[] = []
          if (getBinaryNodeChild(query, 'devices')) {
            const devices = registered.has(number) ? [{ tag: 'device', attrs: { id: '0' } }] : []
            content.push({ tag: 'devices', attrs: {}, content: [{ tag: 'device-list', attrs: {}, content: devices }] })
          }
          if (getBinaryNodeChild(query, 'lid') && registered.has(number)) content.push({ tag: 'lid', attrs: { val: `${lidOf(number)}@lid` } })
          return { tag: 'user', attrs: { jid: u.attrs.jid }, content }
        })
        return reply([{ tag: 'usync', attrs: {}, content: [{ tag: 'list', attrs: {}, content: users }] }])
      }
      const keyRequest = node.attrs.xmlns === 'encrypt' ? getBinaryNodeChild(node, 'key') : undefined
      if (keyRequest) {
        // The pre-key bundles a sender needs to open a Signal session with each device asked for.
        const users = getBinaryNodeChildren(keyRequest, 'user').map((u) => preKeyBundle(u.attrs.jid))
        return reply([{ tag: 'list', attrs: {}, content: users }])
      }
      if (node.attrs.xmlns === 'encrypt' && getBinaryNodeChild(node, 'count')) return reply([{ tag: 'count', attrs: { value: '1000' } }])
      if (node.attrs.xmlns === 'encrypt' && getBinaryNodeChild(node, 'digest')) return reply([{ tag: 'digest', attrs: {} }])
      return reply()
    },
    loggedIn(payload) {
      logins.push({ username: String(payload.username ?? ''), device: payload.device ?? 0 })
    },
  }

  const server = Bun.serve<PeerConnection>({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req, srv) {
      if (srv.upgrade(req, { data: new PeerConnection(TEST_ROOT, behaviour) })) return undefined
      return new Response('websocket only', { status: 400 })
    },
    websocket: {
      async message(ws, data) {
        const conn = ws.data
        for (const frame of conn.frames(Buffer.from(data as Uint8Array))) await conn.handle(ws, frame)
      },
    },
  })

  return {
    url: `ws://127.0.0.1:${server.port}/ws/chat`,
    /** The numbers asked of `onWhatsApp`, one list per query, digits only. */
    contactQueries,
    /** The devices that logged in: their phone number and device number. */
    logins,
    /** Every node the clients sent after the handshake. */
    received,
    /** The messages sent: to whom (the JID on the wire) and their id. */
    messages,
    stop() {
      server.stop(true)
      if (--peersRunning === 0) WA_CERT_DETAILS.PUBLIC_KEY.set(WHATSAPP_ROOT)
    },
  }
}

type Ws = ServerWebSocket<PeerConnection>
type KeyPair = { private: Uint8Array; public: Uint8Array }

/** What the server does once a client is through the handshake. */
interface PeerBehaviour {
  answer(conn: PeerConnection, ws: Ws, node: BinaryNode): Promise<void>
  loggedIn(payload: proto.ClientPayload): void
}

/** One client connection: the Noise handshake's symmetric state, then the transport keys. */
class PeerConnection {
  private inBytes = Buffer.alloc(0)
  private introSeen = false
  private hash: Buffer = Buffer.from(NOISE_MODE)
  private salt: Buffer = this.hash
  private key: Buffer = this.hash
  private counter = 0
  private readonly ephemeral: KeyPair = Curve.generateKeyPair()
  private readonly static: KeyPair = Curve.generateKeyPair()
  private transport: { enc: Buffer; dec: Buffer; write: number; read: number } | null = null

  constructor(
    private readonly root: KeyPair,
    private readonly behaviour: PeerBehaviour,
  ) {}

  /** Splits what arrived into frames (the first message starts with the client's 'WA' intro header). */
  *frames(data: Buffer): Generator<Buffer> {
    this.inBytes = Buffer.concat([this.inBytes, data])
    if (!this.introSeen && this.inBytes.length >= NOISE_WA_HEADER.length) {
      if (!this.inBytes.subarray(0, NOISE_WA_HEADER.length).equals(NOISE_WA_HEADER)) throw new Error('no WhatsApp intro header')
      this.inBytes = this.inBytes.subarray(NOISE_WA_HEADER.length)
      this.introSeen = true
    }
    while (this.introSeen && this.inBytes.length >= 3) {
      const size = (this.inBytes[0] << 16) | (this.inBytes[1] << 8) | this.inBytes[2]
      if (this.inBytes.length < size + 3) return
      const frame = this.inBytes.subarray(3, size + 3)
      this.inBytes = this.inBytes.subarray(size + 3)
      yield frame
    }
  }

  async handle(ws: Ws, frame: Buffer): Promise<void> {
    if (this.transport) return this.behaviour.answer(this, ws, await decodeBinaryNode(this.decryptTransport(frame)))
    const message = proto.HandshakeMessage.decode(frame)
    if (message.clientHello?.ephemeral) return this.serverHello(ws, Buffer.from(message.clientHello.ephemeral))
    if (message.clientFinish) return this.clientFinish(ws, message.clientFinish)
  }

  async send(ws: Ws, node: BinaryNode): Promise<void> {
    const t = this.transport!
    const data = aesEncryptGCM(encodeBinaryNode(node), t.enc, iv(t.write++), Buffer.alloc(0))
    ws.sendBinary(framed(data))
  }

  private serverHello(ws: Ws, clientEphemeral: Buffer) {
    this.authenticate(NOISE_WA_HEADER)
    this.authenticate(clientEphemeral)
    this.authenticate(this.ephemeral.public)
    this.mixIntoKey(Curve.sharedKey(this.ephemeral.private, clientEphemeral))
    const staticEnc = this.encrypt(this.static.public)
    this.mixIntoKey(Curve.sharedKey(this.static.private, clientEphemeral))
    const payload = this.encrypt(this.certificateChain())
    const hello = proto.HandshakeMessage.encode({ serverHello: { ephemeral: this.ephemeral.public, static: staticEnc, payload } }).finish()
    ws.sendBinary(framed(hello))
  }

  private async clientFinish(ws: Ws, finish: proto.HandshakeMessage.IClientFinish) {
    const clientStatic = this.decrypt(Buffer.from(finish.static!))
    this.mixIntoKey(Curve.sharedKey(this.ephemeral.private, clientStatic))
    const payload = proto.ClientPayload.decode(this.decrypt(Buffer.from(finish.payload!)))
    const [write, read] = this.split(new Uint8Array(0))
    // The client encrypts with the first half and decrypts with the second.
    this.transport = { enc: read, dec: write, write: 0, read: 0 }
    this.behaviour.loggedIn(payload)
    await this.send(ws, { tag: 'success', attrs: { t: String(Math.floor(Date.now() / 1000)) } })
  }

  /** WhatsApp's chain: an intermediate signed by the root, a leaf for this server's static key signed by the intermediate. */
  private certificateChain(): Uint8Array {
    const intermediate = Curve.generateKeyPair()
    const details = (serial: number, issuerSerial: number, key: Uint8Array) =>
      proto.CertChain.NoiseCertificate.Details.encode({ serial, issuerSerial, key, notBefore: 0, notAfter: 4102444800 }).finish()
    const intermediateDetails = details(1, WA_CERT_DETAILS.SERIAL, intermediate.public)
    const leafDetails = details(2, 1, this.static.public)
    return proto.CertChain.encode({
      intermediate: { details: intermediateDetails, signature: Curve.sign(this.root.private, intermediateDetails) },
      leaf: { details: leafDetails, signature: Curve.sign(intermediate.private, leafDetails) },
    }).finish()
  }

  private authenticate(data: Uint8Array) {
    this.hash = sha256(Buffer.concat([this.hash, data]))
  }

  private split(data: Uint8Array): [Buffer, Buffer] {
    const key = hkdf(Buffer.from(data), 64, { salt: this.salt, info: '' })
    return [Buffer.from(key.subarray(0, 32)), Buffer.from(key.subarray(32))]
  }

  private mixIntoKey(data: Uint8Array) {
    const [write, read] = this.split(data)
    this.salt = write
    this.key = read
    this.counter = 0
  }

  private encrypt(plaintext: Uint8Array): Buffer {
    const result = aesEncryptGCM(plaintext, this.key, iv(this.counter++), this.hash)
    this.authenticate(result)
    return result
  }

  private decrypt(ciphertext: Buffer): Buffer {
    const result = aesDecryptGCM(ciphertext, this.key, iv(this.counter++), this.hash)
    this.authenticate(ciphertext)
    return result
  }

  private decryptTransport(frame: Buffer): Buffer {
    const t = this.transport!
    return aesDecryptGCM(frame, t.dec, iv(t.read++), Buffer.alloc(0))
  }
}

const userOf = (jid: string) => jid.split('@')[0].split(':')[0]
/** The LID the peer gives a number: any stable number distinct from the phone number. */
export const lidOf = (number: string) => `9${number.slice(-10)}`

/** A device's pre-key bundle as WhatsApp answers it: registration id, identity, signed pre-key (signed by the identity) and a one-time pre-key. */
function preKeyBundle(jid: string): BinaryNode {
  const identity = Curve.generateKeyPair()
  const signed = Curve.generateKeyPair()
  const oneTime = Curve.generateKeyPair()
  const uint = (value: number, bytes: number) => Buffer.from(Array.from({ length: bytes }, (_, i) => (value >> (8 * (bytes - 1 - i))) & 0xff))
  const child = (tag: string, content: Uint8Array) => ({ tag, attrs: {}, content })
  return {
    tag: 'user',
    attrs: { jid },
    content: [
      child('registration', uint(4242, 4)),
      child('type', Buffer.from([5])),
      child('identity', identity.public),
      { tag: 'skey', attrs: {}, content: [child('id', uint(1, 3)), child('value', signed.public), child('signature', Curve.sign(identity.private, Buffer.concat([Buffer.from([5]), signed.public])))] },
      { tag: 'key', attrs: {}, content: [child('id', uint(7, 3)), child('value', oneTime.public)] },
    ],
  }
}

function iv(counter: number): Uint8Array {
  const out = new Uint8Array(12)
  new DataView(out.buffer).setUint32(8, counter)
  return out
}

function framed(data: Uint8Array): Buffer {
  const out = Buffer.alloc(3 + data.byteLength)
  out[0] = (data.byteLength >>> 16) & 0xff
  out[1] = (data.byteLength >>> 8) & 0xff
  out[2] = data.byteLength & 0xff
  out.set(data, 3)
  return out
}
