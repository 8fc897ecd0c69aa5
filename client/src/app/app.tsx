import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { BrowserRouter, useNavigate } from 'react-router'
import { ToastList } from '../ui/toast-list.tsx'
import { UpdatePrompt } from './shell/update-prompt.tsx'
import { setNavigator } from '../lib/navigation.ts'
import { applyUpdate, dismissUpdate } from '../lib/service-worker.ts'
import { useBranding } from '../lib/public-settings.ts'
import { notificationsAtom } from '../state/notifications.ts'
import { themeAtom } from '../state/theme.ts'
import { dismissToast, toastsAtom } from '../state/toasts.ts'
import { updateAvailableAtom } from '../state/ui.ts'
import { AppRoutes } from './routes.tsx'
import { useDocumentEffects } from './use-document-effects.ts'

/** Lets the data layer navigate (api 401/402, realtime) through the router. */
function NavigatorBridge() {
  const navigate = useNavigate()
  useEffect(() => {
    setNavigator((to, opts) => navigate(to, opts))
    return () => setNavigator(null)
  }, [navigate])
  return null
}

function Overlays() {
  const { t } = useTranslation()
  const toasts = useAtomValue(toastsAtom)
  const updateAvailable = useAtomValue(updateAvailableAtom)
  return (
    <>
      <ToastList toasts={toasts} onDismiss={dismissToast} closeLabel={t('common.close')} />
      {updateAvailable && <UpdatePrompt text={t('update.available')} updateLabel={t('update.action')} laterLabel={t('update.later')} onUpdate={applyUpdate} onDismiss={dismissUpdate} />}
    </>
  )
}

export function App() {
  const theme = useAtomValue(themeAtom)
  const branding = useBranding()
  const unread = useAtomValue(notificationsAtom).length
  useDocumentEffects(theme, branding, unread)
  return (
    // Navigations render in the click's own task, not as a transition: every screen reads the local
    // database, so there is nothing to wait for, and a transition painted one more frame of the old
    // screen first (the click's other state updates) before the new one (bench/ui.ts, opening a chat).
    // Lazy pages keep their own "Carregando…" boundary.
    <BrowserRouter useTransitions={false}>
      <NavigatorBridge />
      <AppRoutes />
      <Overlays />
    </BrowserRouter>
  )
}
