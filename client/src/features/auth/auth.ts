import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { planAtom, tokenAtom, userAtom } from '../../state/auth.ts'
import { store } from '../../state/store.ts'
import { api, ApiError } from '../../lib/api.ts'
import { toastError } from '../../lib/errors.ts'
import { goTo } from '../../lib/navigation.ts'
import { landingPath } from '../../lib/access.ts'
import { endSession, rememberedUser, rememberUser, startSession, wipeLocalData } from '../../lib/session.ts'
import { isSubscriptionExpired } from './subscription.ts'
import type { LoginResult, PlanFlags, User } from '../../lib/types.ts'
import { refreshVersion } from '../../lib/version.ts'
import { rememberValue, useRemembered, whenReachable } from '../../lib/remembered.ts'
import { onRealtimeEvent } from '../../lib/realtime.ts'

/**
 * POST /auth/login. Keeps the session, stores the version and sends the user on: to /financeiro-aberto
 * when the subscription has expired (company 1 never expires), else to the user's landing page (spec part 1
 * §4 Session): straight there, not through / (which is the dashboard, a 403 for who may not see it).
 */
export async function login(email: string, password: string): Promise<void> {
  const result = await api<LoginResult>('/auth/login', { method: 'POST', json: { email, password }, auth: false })
  startSession(result.token, result.user)
  void refreshVersion()
  const dueDate = result.dueDate ?? result.user.company?.dueDate
  goTo(isSubscriptionExpired(result.user.companyId, dueDate, new Date()) ? '/financeiro-aberto' : landingPath(result.user))
}

/** DELETE /auth/logout, then the local data goes and the user lands on /login (a failed call still logs out). */
export async function logout(): Promise<void> {
  try {
    await api('/auth/logout', { method: 'DELETE' })
  } catch {
    // the session ends locally either way
  }
  await wipeLocalData()
  endSession()
  goTo('/login')
}

export interface SignupInput {
  name: string
  email: string
  password: string
  phone: string
  companyName: string
  planId: number
}

/** POST /auth/signup (part 2 §7). */
export async function signup(input: SignupInput): Promise<void> {
  await api('/auth/signup', { method: 'POST', json: input, auth: false })
}

export function fetchMe(): Promise<User> {
  return api<User>('/auth/me')
}

export function fetchPlanFlags(companyId: number): Promise<PlanFlags> {
  return api<PlanFlags>(`/companies/listPlan/${companyId}`)
}

function adoptUser(me: User): void {
  rememberUser(me)
  store.set(userAtom, me)
}

/**
 * Loads the session behind a stored token: the user (GET /auth/me, or the remembered one when the server
 * cannot be reached, replaced once it answers again) and, unless the subscription has expired, the plan
 * flags (remembered the same way). Answers 'ready' once the user is known.
 */
export function useSessionLoader(): 'anonymous' | 'loading' | 'ready' | 'error' {
  const token = useAtomValue(tokenAtom)
  const user = useAtomValue(userAtom)
  const [failed, setFailed] = useState(false)
  // Started offline with the remembered user: the server's view replaces it once the network is back.
  const [offlineStart, setOfflineStart] = useState(false)

  useEffect(() => {
    if (!token || user) return
    let live = true
    fetchMe()
      .then((me) => live && adoptUser(me))
      .catch((err) => {
        if (!live) return
        const remembered = err instanceof ApiError && err.code === 'ERR_NETWORK' ? rememberedUser() : null
        if (!remembered) {
          toastError(err)
          setFailed(true)
          return
        }
        setOfflineStart(true)
        store.set(userAtom, remembered)
      })
    return () => {
      live = false
    }
  }, [token, user])

  useEffect(() => {
    if (!offlineStart) return
    let live = true
    const refresh = () =>
      fetchMe().then(
        (me) => {
          if (!live) return
          adoptUser(me)
          setOfflineStart(false)
        },
        (err: unknown) => {
          if (live && err instanceof ApiError && err.code === 'ERR_NETWORK') stop = whenReachable(refresh)
        },
      )
    let stop = whenReachable(refresh)
    return () => {
      live = false
      stop()
    }
  }, [offlineStart])

  const companyId = user?.companyId
  const expired = user ? isSubscriptionExpired(user.companyId, user.company?.dueDate, new Date()) : false
  const { value: plan } = useRemembered(companyId && !expired ? `plan:${companyId}` : null, () => fetchPlanFlags(companyId!))
  useEffect(() => {
    if (plan) store.set(planAtom, plan)
  }, [plan])
  // The company or its plan changed (the super user moved it to another plan, or edited the plan): the
  // menus and gates take the new flags without a new login (issue 19).
  useEffect(() => {
    if (!companyId || expired) return
    return onRealtimeEvent((event, data) => {
      if (event !== `company-${companyId}-company` || (data as { action?: unknown } | null)?.action !== 'update') return
      fetchPlanFlags(companyId).then(
        (flags) => {
          rememberValue(`plan:${companyId}`, flags)
          store.set(planAtom, flags)
        },
        () => {},
      )
    })
  }, [companyId, expired])

  if (!token) return 'anonymous'
  if (user) return 'ready'
  return failed ? 'error' : 'loading'
}
