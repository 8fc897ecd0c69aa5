import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Meta's webhook signature (channels.md §3.2): `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw
 * body, keyed with the app secret>`. Checked on the raw bytes, since re-serialising parsed JSON changes
 * Meta's \uXXXX escapes and so the MAC.
 */
export function isValidMetaSignature(appSecret: string | undefined, rawBody: Uint8Array, header: string | undefined): boolean {
  if (!appSecret || !header) return false
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim())
  if (!match) return false
  const expected = createHmac('sha256', appSecret).update(rawBody).digest()
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'))
}

/** The header value Meta would send for this body (tests sign their payloads with it). */
export function metaSignature(appSecret: string, rawBody: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`
}

/** Meta's subscription check (channels.md §3.1): the challenge to echo, or null to refuse. */
export function verifySubscription(verifyToken: string | undefined, query: Record<string, string | undefined>): string | null {
  const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = query
  if (!verifyToken || mode !== 'subscribe' || token === undefined || challenge === undefined) return null
  const a = Buffer.from(token)
  const b = Buffer.from(verifyToken)
  return a.length === b.length && timingSafeEqual(a, b) ? challenge : null
}
