import { useAtomValue } from 'jotai'
import type { ComponentType } from 'react'
import { Route, Routes } from 'react-router'
import { registeredRoutes, type RouteEntry } from './menu.ts'
import { AnnouncementsPage } from '../features/announcements/index.ts'
import { CampaignReportPage, CampaignsPage } from '../features/campaigns/index.ts'
import { LoginPage, SignupPage } from '../features/auth/index.ts'
import { CampaignsConfigPage } from '../features/campaign-settings/index.ts'
import { ExpiredSubscriptionPage, InvoicesPage } from '../features/billing/index.ts'
import { ChatsPage } from '../features/chats/index.ts'
import { CompaniesPage } from '../features/companies/index.ts'
import { AllConnectionsPage, ConnectionsPage } from '../features/connections/index.ts'
import { ContactsImportPage, ContactsPage } from '../features/contacts/index.ts'
import { ContactListItemsPage, ContactListsPage } from '../features/contact-lists/index.ts'
import { DashboardPage } from '../features/dashboard/index.ts'
import { FlowCanvasPage, FlowsPage } from '../features/flows/index.ts'
import { HelpsPage } from '../features/helps/index.ts'
import { IntegrationsPage } from '../features/integrations/index.ts'
import { FileListsPage } from '../features/file-lists/index.ts'
import { AutoRepliesPage } from '../features/auto-replies/index.ts'
import { PromptsPage } from '../features/prompts/index.ts'
import { MessagesApiPage } from '../features/messages-api/index.ts'
import { MomentsPage } from '../features/moments/index.ts'
import { PhraseListsPage } from '../features/phrase-lists/index.ts'
import { QueuesPage } from '../features/queues/index.ts'
import { QuickMessagesPage } from '../features/quick-messages/index.ts'
import { ReportsPage } from '../features/reports/index.ts'
import { SchedulesPage } from '../features/schedules/index.ts'
import { SettingsPage } from '../features/settings/index.ts'
import { TicketsPage } from '../features/tickets/index.ts'
import { TagsPage } from '../features/tags/index.ts'
import { TodoListPage } from '../features/todolist/index.ts'
import { UsersPage } from '../features/users/index.ts'
import AppLayout from './shell/app-layout.tsx'
import NotFoundPage from './not-found-page.tsx'
import { campaignFlagAtom } from '../state/flags.ts'
import { PublicOnly, RequireActiveSubscription, RequireSession } from './guards.tsx'
import { RouteGate } from './route-gate.tsx'

/** Pages this build has, by route key (menu.ts marks them implemented). */
const PAGES: Record<string, ComponentType> = {
  dashboard: DashboardPage,
  reports: ReportsPage,
  moments: MomentsPage,
  helps: HelpsPage,
  users: UsersPage,
  connections: ConnectionsPage,
  allConnections: AllConnectionsPage,
  tickets: TicketsPage,
  ticket: TicketsPage,
  contacts: ContactsPage,
  contactsImport: ContactsImportPage,
  contactLists: ContactListsPage,
  contactListItems: ContactListItemsPage,
  quickMessages: QuickMessagesPage,
  chats: ChatsPage,
  chat: ChatsPage,
  schedules: SchedulesPage,
  queues: QueuesPage,
  settings: SettingsPage,
  todolist: TodoListPage,
  tags: TagsPage,
  messagesApi: MessagesApiPage,
  financeiro: InvoicesPage,
  companies: CompaniesPage,
  announcements: AnnouncementsPage,
  campaigns: CampaignsPage,
  campaignReport: CampaignReportPage,
  campaignsConfig: CampaignsConfigPage,
  flowbuilders: FlowsPage,
  flowbuilder: FlowCanvasPage,
  phraseLists: PhraseListsPage,
  queueIntegration: IntegrationsPage,
  files: FileListsPage,
  autoReplies: AutoRepliesPage,
  prompts: PromptsPage,
}

/** One route per path: the first entry of a path wins. */
function uniqueByPath(entries: RouteEntry[]): RouteEntry[] {
  const seen = new Set<string>()
  return entries.filter((e) => !seen.has(e.path) && seen.add(e.path))
}

export function AppRoutes() {
  // The cshow routes come and go with the flag, without a reload (docs/decisions.md "Campaign gates").
  const entries = uniqueByPath(registeredRoutes(useAtomValue(campaignFlagAtom)))
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
