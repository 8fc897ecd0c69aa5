import type { ComponentType } from 'react'
import { Route, Routes } from 'react-router'
import { registeredRoutes, type RouteEntry } from './menu.ts'
import AllConnectionsPage from '../features/connections/all-connections-page.tsx'
import AppLayout from './shell/app-layout.tsx'
import ChatsPage from '../features/chats/chats-page.tsx'
import ConnectionsPage from '../features/connections/connections-page.tsx'
import ContactsImportPage from '../features/contacts/contacts-import-page.tsx'
import ContactsPage from '../features/contacts/contacts-page.tsx'
import ExpiredSubscriptionPage from '../features/auth/expired-subscription-page.tsx'
import HelpsPage from '../features/helps/helps-page.tsx'
import HomePage from '../features/home/home-page.tsx'
import LoginPage from '../features/auth/login-page.tsx'
import NotFoundPage from './not-found-page.tsx'
import QueuesPage from '../features/queues/queues-page.tsx'
import QuickMessagesPage from '../features/quick-messages/quick-messages-page.tsx'
import SchedulesPage from '../features/schedules/schedules-route.tsx'
import SettingsPage from '../features/settings/settings-page.tsx'
import SignupPage from '../features/auth/signup-page.tsx'
import TicketsPage from '../features/tickets/tickets-page.tsx'
import UsersPage from '../features/users/users-page.tsx'
import { hasCampaignFlag } from '../state/flags.ts'
import { PublicOnly, RequireActiveSubscription, RequireSession } from './guards.tsx'
import { RouteGate } from './route-gate.tsx'

/** Pages this build has, by route key (data/menu.ts marks them implemented). */
const PAGES: Record<string, ComponentType> = {
  home: HomePage,
  helps: HelpsPage,
  users: UsersPage,
  connections: ConnectionsPage,
  allConnections: AllConnectionsPage,
  tickets: TicketsPage,
  ticket: TicketsPage,
  contacts: ContactsPage,
  contactsImport: ContactsImportPage,
  quickMessages: QuickMessagesPage,
  chats: ChatsPage,
  chat: ChatsPage,
  schedules: SchedulesPage,
  queues: QueuesPage,
  settings: SettingsPage,
}

/** One route per path: the first entry of a path wins ('/' is the welcome card until the dashboard exists). */
function uniqueByPath(entries: RouteEntry[]): RouteEntry[] {
  const seen = new Set<string>()
  return entries.filter((e) => !seen.has(e.path) && seen.add(e.path))
}

export function AppRoutes() {
  const entries = uniqueByPath(registeredRoutes(hasCampaignFlag()))
  return (
    <Routes>
      <Route path="/login" element={<PublicOnly><LoginPage /></PublicOnly>} />
      <Route path="/signup" element={<PublicOnly><SignupPage /></PublicOnly>} />
      <Route element={<RequireSession />}>
        <Route path="/financeiro-aberto" element={<ExpiredSubscriptionPage />} />
        <Route element={<RequireActiveSubscription />}>
          <Route element={<AppLayout />}>
            {entries.map((e) => (
              <Route key={e.key} path={e.path} element={<RouteGate entry={e} page={PAGES[e.key]} />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  )
}
