import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet } from 'react-router'
import { LoadingScreen } from '../ui/message-card.tsx'
import { isSubscriptionExpired, useSessionLoader } from '../features/auth/index.ts'
import { tokenAtom, userAtom } from '../state/auth.ts'
import { landingPath } from '../lib/access.ts'

/** Public routes (/login, /signup): an authenticated user goes to their landing page (spec part 1 §2 Route guard). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const token = useAtomValue(tokenAtom)
  const user = useAtomValue(userAtom)
  return token ? <Navigate to={landingPath(user)} replace /> : children
}

/** Private routes: no session goes to /login; a stored token waits for its user (GET /auth/me). */
export function RequireSession() {
  const { t } = useTranslation()
  const status = useSessionLoader()
  if (status === 'anonymous') return <Navigate to="/login" replace />
  if (status === 'error') return <LoadingScreen label="" error={t('session.loadFailed')} retryLabel={t('common.retry')} onRetry={() => location.reload()} />
  if (status === 'loading') return <LoadingScreen label={t('common.loading')} />
  return <Outlet />
}

/** An expired subscription only reaches /financeiro-aberto (spec part 2 §4 Subscription expiry). */
export function RequireActiveSubscription() {
  const user = useAtomValue(userAtom)
  if (user && isSubscriptionExpired(user.companyId, user.company?.dueDate, new Date())) return <Navigate to="/financeiro-aberto" replace />
  return <Outlet />
}
