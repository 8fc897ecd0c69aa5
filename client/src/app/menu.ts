import { hasRole, type AccessUser, type Role } from '../lib/access.ts'
import type { PlanFlag, PlanFlags } from '../lib/types.ts'

/**
 * Every route of both spec parts (part 1 §2 route list, part 2 §2) with its menu group, who may open it
 * and whether this build has its page. Pure: the side menu and the route table read it, tests walk it.
 */

export type MenuGroup = 'management' | 'administration'

export interface RouteEntry {
  /** i18n key under menu.items and a stable id. */
  key: string
  path: string
  /** Side-menu group; null for routes that are not menu entries (detail pages, sub-pages). */
  group: MenuGroup | null
  role: Role
  plan?: PlanFlag
  /** Registered only when the local flag cshow is present (part 2 §2). */
  cshow?: boolean
  /** The menu entry shows only when the help list is non-empty (part 2 §2). */
  needsHelps?: boolean
  /** This build has the page; other routes show a "not available yet" page and stay out of the menu. */
  implemented: boolean
  icon: string
  /** Where a user without the role is sent instead of the 403 page (spec part 2 §6: /allConnections → /tickets). */
  deniedTo?: string
  /** A user without the role gets the denial toast and goes home after 1 s (spec part 2 §6: /companies, /announcements). */
  deniedHome?: boolean
}

const r = (key: string, path: string, group: MenuGroup | null, role: Role, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  key,
  path,
  group,
  role,
  implemented: false,
  icon: 'dot',
  ...extra,
})

export const ROUTES: RouteEntry[] = [
  // Management (part 1 §2): dashboard, reports, real-time panel.
  r('dashboard', '/', 'management', 'dashboard', { implemented: true, icon: 'dashboard' }),
  r('reports', '/reports', 'management', 'dashboard', { implemented: true, icon: 'chart' }),
  r('moments', '/moments', 'management', 'realtime', { implemented: true, icon: 'monitor' }),
  // Administration: everything else.
  r('tickets', '/tickets', 'administration', 'all', { implemented: true, icon: 'chat' }),
  r('ticket', '/tickets/:uuid', null, 'all', { implemented: true }),
  r('quickMessages', '/quick-messages', 'administration', 'all', { implemented: true, icon: 'bolt' }),
  r('autoReplies', '/auto-replies', 'administration', 'admin', { implemented: true, icon: 'reply' }),
  r('kanban', '/kanban', 'administration', 'all', { plan: 'useKanban', icon: 'kanban' }),
  r('tagsKanban', '/tagsKanban', null, 'dashboard', { plan: 'useKanban' }),
  r('contacts', '/contacts', 'administration', 'admin', { implemented: true, icon: 'contacts' }),
  r('contactsImport', '/contacts/import', null, 'admin', { implemented: true }),
  r('schedules', '/schedules', 'administration', 'all', { plan: 'useSchedules', implemented: true, icon: 'schedule' }),
  r('tags', '/tags', 'administration', 'all', { implemented: true, icon: 'tag' }),
  r('chats', '/chats', 'administration', 'all', { plan: 'useInternalChat', implemented: true, icon: 'forum' }),
  r('chat', '/chats/:uuid', null, 'all', { plan: 'useInternalChat', implemented: true }),
  r('todolist', '/todolist', 'administration', 'all', { implemented: true, icon: 'checklist' }),
  r('helps', '/helps', 'administration', 'all', { needsHelps: true, implemented: true, icon: 'help' }),
  r('campaigns', '/campaigns', 'administration', 'admin', { plan: 'useCampaigns', cshow: true, implemented: true, icon: 'send' }),
  r('campaignReport', '/campaign/:campaignId/report', null, 'admin', { plan: 'useCampaigns', cshow: true, implemented: true }),
  r('contactLists', '/contact-lists', 'administration', 'admin', { plan: 'useCampaigns', cshow: true, implemented: true, icon: 'person' }),
  r('contactListItems', '/contact-lists/:contactListId/contacts', null, 'admin', { plan: 'useCampaigns', cshow: true, implemented: true }),
  r('campaignsConfig', '/campaigns-config', 'administration', 'admin', { plan: 'useCampaigns', cshow: true, implemented: true, icon: 'construction' }),
  r('phraseLists', '/phrase-lists', 'administration', 'admin', { implemented: true, icon: 'campaign' }),
  r('flowbuilders', '/flowbuilders', 'administration', 'admin', { implemented: true, icon: 'flow' }),
  r('flowbuilder', '/flowbuilder/:id', null, 'admin', { implemented: true }),
  r('announcements', '/announcements', 'administration', 'super', { implemented: true, icon: 'megaphone', deniedHome: true }),
  r('messagesApi', '/messages-api', 'administration', 'admin', { plan: 'useExternalApi', implemented: true, icon: 'code' }),
  r('users', '/users', 'administration', 'admin', { implemented: true, icon: 'people' }),
  r('queues', '/queues', 'administration', 'admin', { implemented: true, icon: 'queue' }),
  r('prompts', '/prompts', 'administration', 'admin', { plan: 'useOpenAi', implemented: true, icon: 'sparkle' }),
  r('queueIntegration', '/queue-integration', 'administration', 'admin', { plan: 'useIntegrations', implemented: true, icon: 'plug' }),
  r('connections', '/connections', 'administration', 'connections', { implemented: true, icon: 'sync' }),
  r('allConnections', '/allConnections', 'administration', 'super', { implemented: true, icon: 'lan', deniedTo: '/tickets' }),
  r('files', '/files', 'administration', 'admin', { implemented: true, icon: 'folder' }),
  r('financeiro', '/financeiro', 'administration', 'admin', { implemented: true, icon: 'money' }),
  r('settings', '/settings', 'administration', 'admin', { implemented: true, icon: 'settings' }),
  r('companies', '/companies', 'administration', 'super', { implemented: true, icon: 'business', deniedHome: true }),
]

export interface MenuContext {
  user: AccessUser
  /** null while the plan flags are loading: plan-gated entries stay hidden. */
  plan: Pick<PlanFlags, PlanFlag> | null
  helpsCount: number
  cshow: boolean
}

export type Access = 'ok' | 'forbidden' | 'plan'

/** May this user open the route? 'plan' when only the company's plan is missing the feature. */
export function routeAccess(entry: RouteEntry, ctx: MenuContext): Access {
  if (!hasRole(ctx.user, entry.role)) return 'forbidden'
  if (entry.plan && !ctx.plan?.[entry.plan]) return 'plan'
  return 'ok'
}

/** Routes that exist for this browser at all (the cshow ones only with the flag). */
export function registeredRoutes(cshow: boolean, routes: RouteEntry[] = ROUTES): RouteEntry[] {
  return routes.filter((e) => !e.cshow || cshow)
}

/** Whether an entry belongs in the side menu for this user, page built or not. */
export function isMenuVisible(entry: RouteEntry, ctx: MenuContext): boolean {
  if (entry.cshow && !ctx.cshow) return false
  if (entry.needsHelps && ctx.helpsCount <= 0) return false
  return routeAccess(entry, ctx) === 'ok'
}

export interface MenuOptions {
  /** Also list routes whose page this build lacks (for tests and for a future full menu). */
  includeUnimplemented?: boolean
}

/** The side menu: visible entries in order, top-level ones first, then by group. */
export function menuEntries(ctx: MenuContext, opts: MenuOptions = {}, routes: RouteEntry[] = ROUTES): RouteEntry[] {
  return routes.filter(
    (e) => e.group !== null && (opts.includeUnimplemented || e.implemented) && isMenuVisible(e, ctx),
  )
}

export interface MenuSection {
  group: MenuGroup | null
  entries: RouteEntry[]
}

export function groupMenu(entries: RouteEntry[]): MenuSection[] {
  const order: (MenuGroup | null)[] = [null, 'management', 'administration']
  return order.map((group) => ({ group, entries: entries.filter((e) => e.group === group) })).filter((s) => s.entries.length > 0)
}
