import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { DrawerFooter, DrawerHeader, SideDrawer } from '../../ui/side-drawer.tsx'
import { RoutedSideMenu } from './side-menu.tsx'
import { SubscriptionBanner } from './subscription-banner.tsx'
import { Greeting, TopBar } from './top-bar.tsx'
import { appNameOf, logoFor } from '../../lib/branding.ts'
import { useConnectionsWarning } from '../../features/connections/index.ts'
import { useLocalFirstSession } from '../../lib/local-first.ts'
import { useRealtime } from '../../lib/realtime.ts'
import { formatDay } from '../../lib/format.ts'
import { subscriptionWarningDays } from '../../features/auth/index.ts'
import { useAppVersion } from '../../lib/version.ts'
import { userAtom } from '../../state/auth.ts'
import { brandingAtom } from '../../state/branding.ts'
import { themeAtom } from '../../state/theme.ts'
import { realtimeStateAtom, useMediaQuery, WIDE_QUERY } from '../../state/ui.ts'
import { TopBarActions } from './top-bar-actions.tsx'
import { useTicketNotifications } from '../../features/tickets/index.ts'
import { useDrawer } from './use-drawer.ts'
import { useMenuContext, useMenuSections } from './use-menu-sections.ts'
import { navigateTo } from '../../lib/navigation.ts'

/** The logged-in shell (spec part 1 §2 Layout): drawer with the menu and version, top bar, page outlet. */
export default function AppLayout() {
  const { t } = useTranslation()
  const user = useAtomValue(userAtom)
  const branding = useAtomValue(brandingAtom)
  const theme = useAtomValue(themeAtom)
  const wide = useMediaQuery(WIDE_QUERY)
  const drawer = useDrawer(wide, user?.defaultMenu)
  const sections = useMenuSections(useMenuContext())
  const version = useAppVersion()
  const live = useAtomValue(realtimeStateAtom)
  useRealtime()
  useLocalFirstSession()
  useTicketNotifications()
  const connectionsWarning = useConnectionsWarning()
  if (!user) return null

  const isAdmin = user.profile === 'admin' || user.super
  const dueDate = user.company?.dueDate
  const warnDays = subscriptionWarningDays(user.companyId, dueDate, new Date())
  const collapsed = wide && !drawer.open
  const go = (path: string) => {
    navigateTo(path)
    if (!wide) drawer.close()
  }
  const appName = appNameOf(branding)

  return (
    <div className="flex h-full overflow-hidden">
      <SideDrawer
        wide={wide}
        open={drawer.open}
        onClose={drawer.close}
        label={t('layout.menu')}
        header={<DrawerHeader logoUrl={logoFor(theme, branding)} appName={appName} collapsed={collapsed} onHome={() => go('/')} />}
        footer={<DrawerFooter version={version} collapsed={collapsed} live={live} liveLabel={t(`realtime.state.${live}`)} />}
      >
        <RoutedSideMenu
          sections={sections}
          collapsed={collapsed}
          onNavigate={go}
          badges={{ '/connections': connectionsWarning ? t('connections.attention') : undefined }}
        />
      </SideDrawer>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          menuLabel={t('layout.toggleMenu')}
          onToggleMenu={drawer.toggle}
          greeting={
            <Greeting
              hello={t('layout.hello', { name: user.name })}
              welcome={t('layout.welcome', { company: user.company?.name ?? '' })}
              dueLine={isAdmin && dueDate ? t('layout.activeUntil', { date: formatDay(dueDate) }) : undefined}
            />
          }
          actions={<TopBarActions compact={false} />}
        />
        {warnDays !== null && (
          <SubscriptionBanner text={warnDays === 0 ? t('subscription.dueToday') : t('subscription.warning', { count: warnDays, date: formatDay(dueDate) })} />
        )}
        <main className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
