import { useAtomValue } from 'jotai'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { LoadingScreen } from '../ui/message-card.tsx'
import { routeAccess, type RouteEntry } from './menu.ts'
import ForbiddenPage from './forbidden-page.tsx'
import NotReadyPage from './not-ready-page.tsx'
import PlanDeniedPage from './plan-denied-page.tsx'
import { planAtom, userAtom } from '../state/auth.ts'
import { campaignFlagAtom } from '../state/flags.ts'

/** Applies a route's rules: 403 page for roles, the plan gate for plan features, else its page. */
export function RouteGate({ entry, page: Page }: { entry: RouteEntry; page?: ComponentType }) {
  const { t } = useTranslation()
  const user = useAtomValue(userAtom)
  const plan = useAtomValue(planAtom)
  const cshow = useAtomValue(campaignFlagAtom)
  if (!user) return null
  if (entry.plan && plan === null) return <LoadingScreen label={t('common.loading')} />
  const access = routeAccess(entry, { user, plan, helpsCount: 0, cshow })
  if (access === 'forbidden') {
    if (entry.deniedTo) return <Navigate to={entry.deniedTo} replace />
    return entry.deniedHome ? <PlanDeniedPage messageKey="accessDenied" /> : <ForbiddenPage />
  }
  if (access === 'plan') return <PlanDeniedPage />
  if (!entry.implemented || !Page) return <NotReadyPage titleKey={`menu.items.${entry.key}`} />
  return <Page />
}
