import { decodeJwt } from 'jose'
import { AppError } from '../domain/app-error.ts'

/** The token's exp in epoch ms; call it only after verifyAccessToken has checked the signature. */
export function tokenExpiry(token: string): number {
  const { exp } = decodeJwt(token)
  if (typeof exp !== 'number') throw new AppError('ERR_SESSION_EXPIRED', 'Token without expiry')
  return exp * 1000
}
