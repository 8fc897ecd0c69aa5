import type { Db } from '../../db/tenant.ts'
import { withSystem } from '../../db/tenant.ts'
import { verifyPassword } from '../../auth/password.ts'
import { AppError } from '../app-error.ts'
import type { DomainEvent } from '../context.ts'
import { findUserView, type UserView } from '../users/user-view.ts'
import { findCompanySettings } from '../company-settings/company-settings.ts'
import { openSession, revokeSessions, type SessionDeps } from './sessions.ts'
import { isWithinWorkingHours } from '../routing/schedule-rules.ts'
import { assertMayTryLogin, clearLoginFailures, recordLoginFailure } from './login-throttle.ts'

export interface LoginInput {
  email: string
  password: string
  userAgent?: string
  /** Where the request came from (server/middleware/client-address.ts); '' when unknown. */
  clientAddress?: string
}

export interface LoginResult {
  token: string
  user: UserView
  companieSettings: Record<string, unknown> | null
  dueDate: string | null
  profileImage: string | null
}

/**
 * POST /auth/login (spec part 1 §7). A client that keeps failing waits (login-throttle.ts: by client
 * address and by address and account, never the account for everyone). A new login ends the user's other sessions.
 */
export async function login(
  db: Db,
  deps: SessionDeps,
  input: LoginInput,
): Promise<{ result: LoginResult; refreshToken: string; events: DomainEvent[] }> {
  const now = deps.now()
  const email = input.email.trim().toLowerCase()
  const address = input.clientAddress ?? ''

  const found = await withSystem(db, async (tx) => {
    await assertMayTryLogin(tx, address, email, now)
    const [user] = await tx<
      { id: number; companyId: number; passwordHash: string; super: boolean; status: boolean; profile: string; startWork: string | null; endWork: string | null; timezone: string | null }[]
    >`
      select u.id, u.company_id, u.password_hash, u.super, c.status, u.profile, u.start_work, u.end_work, c.timezone
        from users u join companies c on c.id = u.company_id
       where lower(u.email) = ${email}`
    return user ?? null
  })

  // Hashing outside any transaction: it is slow on purpose and must not hold a connection.
  const ok = found ? await verifyPassword(input.password, found.passwordHash) : await verifyPassword(input.password, DUMMY_HASH)
  if (!found || !ok) {
    await withSystem(db, (tx) => recordLoginFailure(tx, address, email, now))
    throw new AppError('ERR_INVALID_CREDENTIALS', 'Invalid email or password')
  }
  if (!found.status && !found.super) throw new AppError('ERR_COMPANY_INACTIVE', 'This company is inactive')
  // Working hours bind attendants only: an admin outside them could otherwise lock the company out (docs/decisions.md).
  const bound = !found.super && found.profile !== 'admin'
  if (bound && !isWithinWorkingHours(found.startWork, found.endWork, now, found.timezone ?? 'UTC')) {
    throw new AppError('ERR_OUT_OF_HOURS', `Login is allowed from ${found.startWork} to ${found.endWork}`)
  }

  return withSystem(db, async (tx) => {
    await clearLoginFailures(tx, address, email)
    const ended = await revokeSessions(tx, found.id, 'replaced', now)
    const issued = await openSession(tx, deps, found, input.userAgent)
    await tx`update companies set last_login = ${now} where id = ${found.companyId}`
    const user = (await findUserView(tx, found.id))!
    const companieSettings = await findCompanySettings(tx, found.companyId)
    const events: DomainEvent[] = ended.map((sessionId) => ({
      type: 'auth.session_replaced',
      companyId: found.companyId,
      payload: { userId: found.id, sessionId },
    }))
    return {
      result: { token: issued.token, user, companieSettings, dueDate: user.company.dueDate, profileImage: user.profileImage },
      refreshToken: issued.refreshToken,
      events,
    }
  })
}

// Verifying against a fixed hash when the email is unknown keeps response times alike for known and unknown emails.
const DUMMY_HASH = await Bun.password.hash('not-a-real-password-' + crypto.randomUUID())
