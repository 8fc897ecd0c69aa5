import { createHmac, timingSafeEqual } from 'node:crypto'
import type { TokenKeys } from '../auth/tokens.ts'

/**
 * Signed media links: an <img> cannot send the bearer header, so GET /media/{companyId}/{fileName}
 * also accepts `?exp=<unix seconds>&sig=<base64url HMAC-SHA256>` made with the JWT signing key.
 * The signature covers the company, the file name and the expiry, so a link opens one file until exp.
 */
function signatureOf(keys: TokenKeys, companyId: number, fileName: string, exp: number): string {
  return createHmac('sha256', keys.key).update(`media:${companyId}/${fileName}:${exp}`).digest('base64url')
}

/** The path of a stored file with its exp and sig query parameters, valid until expiresAt. */
export function signMediaPath(keys: TokenKeys, companyId: number, fileName: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000)
  const sig = signatureOf(keys, companyId, fileName, exp)
  return `/media/${companyId}/${encodeURIComponent(fileName)}?exp=${exp}&sig=${sig}`
}

/** True when sig was made by signMediaPath for this file and exp has not passed at `now`. */
export function verifyMediaSignature(
  keys: TokenKeys,
  companyId: number,
  fileName: string,
  exp: number,
  sig: string,
  now: Date,
): boolean {
  if (!Number.isSafeInteger(exp) || exp * 1000 <= now.getTime()) return false
  const expected = Buffer.from(signatureOf(keys, companyId, fileName, exp))
  const given = Buffer.from(sig)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Absolute signed links under `publicUrl` (config PUBLIC_URL), valid `ttlMs` from each call: what an
 * outside receiver (an integration webhook) fetches a message's file with, without a session.
 */
export function publicMediaLinks(keys: TokenKeys, publicUrl: string, now: () => Date, ttlMs = 24 * 3600_000) {
  const root = publicUrl.replace(/\/+$/, '')
  return (companyId: number, fileName: string) => `${root}${signMediaPath(keys, companyId, fileName, new Date(now().getTime() + ttlMs))}`
}
