import { SignJWT, jwtVerify, errors } from 'jose'
import { createHash, randomBytes } from 'node:crypto'
import { AppError } from '../domain/app-error.ts'

/** What an access token carries: enough to open the tenant transaction; permissions are read fresh. */
export interface AccessClaims {
  id: number
  companyId: number
  sid: string
}

export interface TokenKeys {
  key: Uint8Array
  accessTtlSeconds: number
}

export function makeTokenKeys(secret: string, accessTtlSeconds: number): TokenKeys {
  return { key: new TextEncoder().encode(secret), accessTtlSeconds }
}

export async function signAccessToken(keys: TokenKeys, claims: AccessClaims, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  return new SignJWT({ companyId: claims.companyId, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.id))
    .setIssuedAt(iat)
    .setExpirationTime(iat + keys.accessTtlSeconds)
    .sign(keys.key)
}

export async function verifyAccessToken(keys: TokenKeys, token: string, now = new Date()): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, keys.key, {
      algorithms: ['HS256'],
      currentDate: now,
    })
    const id = Number(payload.sub)
    const companyId = Number(payload.companyId)
    const sid = typeof payload.sid === 'string' ? payload.sid : ''
    if (!Number.isInteger(id) || !Number.isInteger(companyId) || !sid) throw new AppError('ERR_SESSION_EXPIRED')
    return { id, companyId, sid }
  } catch (err) {
    if (err instanceof AppError) throw err
    if (err instanceof errors.JOSEError) throw new AppError('ERR_SESSION_EXPIRED', 'Invalid or expired token')
    throw err
  }
}

/** Opaque refresh token; only its hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashRefreshToken(token) }
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function randomSecret(bytes = 48): string {
  return randomBytes(bytes).toString('base64url')
}
