import type { Db } from '../../db/tenant.ts'
import { withSystem } from '../../db/tenant.ts'
import { hashRefreshToken, newRefreshToken, signAccessToken } from '../../auth/tokens.ts'
import { AppError } from '../app-error.ts'
import type { DomainEvent } from '../context.ts'
import { findUserView, type UserView } from '../users/user-view.ts'
import type { SessionDeps } from './sessions.ts'

/**
 * POST /auth/refresh_token: trades the refresh cookie for a new access token and a new refresh token.
 * Each refresh token works once; presenting a used one means it was copied, so the whole session ends.
 */
export async function refreshSession(
  db: Db,
  deps: SessionDeps,
  presented: string | undefined,
): Promise<{ token: string; user: UserView; refreshToken: string; events: DomainEvent[] }> {
  if (!presented) throw new AppError('ERR_INVALID_REFRESH_TOKEN', 'No refresh token')
  const now = deps.now()
  const outcome = await withSystem(db, async (tx) => {
    const [row] = await tx<
      { sessionId: string; usedAt: Date | null; revokedAt: Date | null; expiresAt: Date; userId: number; companyId: number }[]
    >`
      select r.session_id, r.used_at, s.revoked_at, s.expires_at, s.user_id, s.company_id
        from refresh_tokens r join auth_sessions s on s.id = r.session_id
       where r.token_hash = ${hashRefreshToken(presented)}
       for update of r, s`
    if (!row) return { error: 'unknown' as const }
    if (row.usedAt) {
      await tx`update auth_sessions set revoked_at = coalesce(revoked_at, ${now}), revoked_reason = coalesce(revoked_reason, 'refresh_reuse')
                where id = ${row.sessionId}`
      return { error: 'reuse' as const, row }
    }
    if (row.revokedAt || row.expiresAt <= now) return { error: 'ended' as const }
    await tx`update refresh_tokens set used_at = ${now} where token_hash = ${hashRefreshToken(presented)}`
    const next = newRefreshToken()
    await tx`insert into refresh_tokens (token_hash, company_id, session_id, created_at)
             values (${next.hash}, ${row.companyId}, ${row.sessionId}, ${now})`
    await tx`update auth_sessions set last_used_at = ${now} where id = ${row.sessionId}`
    const user = await findUserView(tx, row.userId)
    if (!user) return { error: 'ended' as const }
    return { user, row, refreshToken: next.token }
  })
  if ('error' in outcome) {
    // A reused token revokes the family in its own committed transaction, then the caller gets a 401.
    const message = outcome.error === 'reuse' ? 'Refresh token reused; session ended' : 'Session ended'
    throw new AppError('ERR_INVALID_REFRESH_TOKEN', message)
  }
  const { user, row, refreshToken } = outcome
  const token = await signAccessToken(deps.keys, { id: user.id, companyId: user.companyId, sid: row.sessionId }, now)
  return { token, user, refreshToken, events: [] }
}
