import type { Db } from '../../db/tenant.ts'
import { withSystem } from '../../db/tenant.ts'
import { hashRefreshToken } from '../../auth/tokens.ts'

/** DELETE /auth/logout: ends the session named by the refresh cookie and/or the access token. */
export async function logout(db: Db, now: Date, refreshToken?: string, sessionId?: string): Promise<void> {
  await withSystem(db, async (tx) => {
    if (refreshToken) {
      await tx`update auth_sessions set revoked_at = coalesce(revoked_at, ${now}), revoked_reason = coalesce(revoked_reason, 'logout')
                where id = (select session_id from refresh_tokens where token_hash = ${hashRefreshToken(refreshToken)})`
    }
    if (sessionId) {
      await tx`update auth_sessions set revoked_at = coalesce(revoked_at, ${now}), revoked_reason = coalesce(revoked_reason, 'logout')
                where id = ${sessionId}`
    }
  })
}
