import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingScreen } from '../ui/message-card.tsx'
import { pushToast } from '../state/toasts.ts'
import { navigateTo } from '../lib/navigation.ts'

/** Plan gate and the super user's pages (spec part 2 §6): a toast, then home after 1 second. */
export default function PlanDeniedPage({ messageKey = 'planDenied' }: { messageKey?: string }) {
  const { t } = useTranslation()
  useEffect(() => {
    pushToast('error', t(messageKey))
    const timer = setTimeout(() => navigateTo('/', { replace: true }), 1000)
    return () => clearTimeout(timer)
  }, [t, messageKey])
  return <LoadingScreen label={t(messageKey)} />
}
