import { wipeLocalData as wipeUserDatabase } from '../../../sync/client/database.ts'
import { planAtom, tokenAtom, TOKEN_KEY, userAtom } from '../state/auth.ts'
import { closeLocalFirst, localFirstAtom, localUserKey } from '../state/local-first.ts'
import { local, PREFERENCE_KEYS } from '../state/storage.ts'
import { store } from '../state/store.ts'
import type { User } from './types.ts'

/** The last user the server confirmed, so that the app starts offline with a stored token. */
const USER_KEY = 'user'

export function readToken(): string | null {
  return local.get(TOKEN_KEY)
}

/** Keeps a new access token (login, refresh) in storage and in the auth atom. */
export function saveToken(token: string): void {
  local.set(TOKEN_KEY, token)
  store.set(tokenAtom, token)
}

export function startSession(token: string, user: User): void {
  saveToken(token)
  rememberUser(user)
  store.set(userAtom, user)
}

/** Keeps the user the server answered (login, GET /auth/me) for an offline start. */
export function rememberUser(user: User): void {
  local.set(USER_KEY, JSON.stringify(user))
}

/** The user kept by rememberUser, or null. */
export function rememberedUser(): User | null {
  try {
    const user = JSON.parse(local.get(USER_KEY) ?? 'null') as User | null
    return user && typeof user.id === 'number' && typeof user.companyId === 'number' ? user : null
  } catch {
    return null
  }
}

/** Forgets the session in memory and in storage; the route guard then shows /login. */
export function endSession(): void {
  local.remove(TOKEN_KEY)
  local.remove(USER_KEY)
  store.set(tokenAtom, null)
  store.set(userAtom, null)
  store.set(planAtom, null)
}

/**
 * Removes everything this browser keeps for the session: the user's local database and outbox (in every
 * tab: sync/client/database.ts wipeLocalData), localStorage and sessionStorage (device preferences such
 * as theme, language and volume survive). Callers await it before reloading or leaving.
 */
export async function wipeLocalData(): Promise<void> {
  const userKey = currentUserKey()
  await closeLocalFirst()
  if (userKey) {
    const { complete } = await wipeUserDatabase(userKey).catch(() => ({ complete: false }))
    if (!complete) console.warn(`local data of ${userKey} not fully deleted yet`)
  }
  const kept = PREFERENCE_KEYS.map((k) => [k, local.get(k)] as const)
  try {
    globalThis.localStorage?.clear()
    globalThis.sessionStorage?.clear()
  } catch {
    // storage unavailable: nothing to wipe
  }
  for (const [k, v] of kept) if (v !== null) local.set(k, v)
}

function currentUserKey(): string | null {
  const lf = store.get(localFirstAtom)
  if (lf.state !== 'closed') return lf.userKey
  const user = store.get(userAtom) ?? rememberedUser()
  return user ? localUserKey(user) : null
}

/**
 * The writes still in this user's outbox, or null when the outbox is not open in this tab (then nobody
 * can say it is empty, and the caller must keep it).
 */
export async function unsentWriteCount(): Promise<number | null> {
  const lf = store.get(localFirstAtom)
  if (lf.state !== 'open') return null
  return (await lf.handles.outbox.list().catch(() => null))?.length ?? null
}

/** Why the last session ended, for the login page: kept in sessionStorage, read once. */
const LOGOUT_REASON_KEY = 'logoutReason'

export interface LogoutReason {
  /** Another login took the session over, or the password changed (issue 16 item 6). */
  kind: 'sessionReplaced' | 'passwordChanged'
  /** Writes kept on this device, sent at this user's next login here. */
  unsent: number
}

export function rememberLogoutReason(reason: LogoutReason): void {
  try {
    globalThis.sessionStorage?.setItem(LOGOUT_REASON_KEY, JSON.stringify(reason))
  } catch {
    // storage unavailable: the login page just says nothing
  }
}

export function takeLogoutReason(): LogoutReason | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(LOGOUT_REASON_KEY)
    globalThis.sessionStorage?.removeItem(LOGOUT_REASON_KEY)
    const reason = raw ? (JSON.parse(raw) as LogoutReason) : null
    return (reason?.kind === 'sessionReplaced' || reason?.kind === 'passwordChanged') && typeof reason.unsent === 'number' ? reason : null
  } catch {
    return null
  }
}
