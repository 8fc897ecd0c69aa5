import { randomUUID } from 'node:crypto'
import type { Tx } from '../../db/connect.ts'
import type { DomainEvent } from '../context.ts'
import { newRefreshToken, signAccessToken, type TokenKeys } from '../../auth/tokens.ts'

export interface SessionDeps {
  keys: TokenKeys
  now: () => Date
  refreshTtlSeconds: number
}

export interface IssuedTokens {
  token: string
  refreshToken: string
  sessionId: string
}

/** Opens a session (the refresh-token family) for a user and issues its first pair of tokens. */
export async function openSession(
  tx: Tx,
  deps: SessionDeps,
  user: { id: number; companyId: number },
  userAgent: string | undefined,
): Promise<IssuedTokens> {
  const now = deps.now()
  const sessionId = randomUUID()
  const expiresAt = new Date(now.getTime() + deps.refreshTtlSeconds * 1000)
  await tx`insert into auth_sessions (id, company_id, user_id, user_agent, created_at, last_used_at, expires_at)
           values (${sessionId}, ${user.companyId}, ${user.id}, ${userAgent?.slice(0, 300) ?? null}, ${now}, ${now}, ${expiresAt})`
  const refresh = newRefreshToken()
  await tx`insert into refresh_tokens (token_hash, company_id, session_id, created_at)
           values (${refresh.hash}, ${user.companyId}, ${sessionId}, ${now})`
  const token = await signAccessToken(deps.keys, { id: user.id, companyId: user.companyId, sid: sessionId }, now)
  return { token, refreshToken: refresh.token, sessionId }
}

/** Ends sessions of a user; returns the ids ended so that their clients can be told. */
export async function revokeSessions(
  tx: Tx,
  userId: number,
  reason: string,
  now: Date,
  exceptSessionId?: string,
): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    update auth_sessions set revoked_at = ${now}, revoked_reason = ${reason}
     where user_id = ${userId} and revoked_at is null
       ${exceptSessionId ? tx`and id <> ${exceptSessionId}` : tx``}
    returning id`
  return rows.map((r) => r.id)
}

/**
 * A new password ends the user's sessions (issue 16 item 6): all but the one making the change when the
 * user changed it, all of them when someone else reset it. Each ended session's clients are told why.
 */
export async function endSessionsForNewPassword(
  ctx: { tx: Tx; now: () => Date; emit: (e: DomainEvent) => void },
  user: { id: number; companyId: number },
  keepSessionId?: string,
): Promise<void> {
  const ended = await revokeSessions(ctx.tx, user.id, 'password_changed', ctx.now(), keepSessionId)
  for (const sessionId of ended) {
    ctx.emit({ type: 'auth.password_changed', companyId: user.companyId, payload: { userId: user.id, sessionId } })
  }
}
