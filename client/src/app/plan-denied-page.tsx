import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { LoadingScreen } from '../ui/message-card.tsx'
import { pushToast } from '../state/toasts.ts'

/** Plan gate and the super user's pages (spec part 2 §6): a toast, then home after 1 second. */
export default function PlanDeniedPage({ messageKey = 'planDenied' }: { messageKey?: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  useEffect(() => {
    pushToast('error', t(messageKey))
    const timer = setTimeout(() => navigate('/', { replace: true }), 1000)
    return () => clearTimeout(timer)
  }, [navigate, t, messageKey])
  return <LoadingScreen label={t(messageKey)} />
}
