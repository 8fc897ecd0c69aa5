import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { LoadingScreen } from '../ui/message-card.tsx'
import { pushToast } from '../state/toasts.ts'

/** Plan gate (spec part 2 §6): a toast, then home after 1 second. */
export default function PlanDeniedPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  useEffect(() => {
    pushToast('error', t('planDenied'))
    const timer = setTimeout(() => navigate('/', { replace: true }), 1000)
    return () => clearTimeout(timer)
  }, [navigate, t])
  return <LoadingScreen label={t('planDenied')} />
}
