import { describe, expect, test } from 'bun:test'
import { hasRole, type AccessUser } from '../lib/access.ts'
import { groupMenu, isMenuVisible, menuEntries, registeredRoutes, routeAccess, ROUTES, type MenuContext } from './menu.ts'
import { hasIcon } from '../ui/icon.tsx'
import { PLAN_FLAGS, type PlanFlag } from '../lib/types.ts'
import pt from '../i18n/pt.json'

const user = (over: Partial<AccessUser> = {}): AccessUser => ({
  profile: 'user',
  super: false,
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  ...over,
})
const allPlan = Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) as Record<PlanFlag, boolean>
const noPlan = Object.fromEntries(PLAN_FLAGS.map((f) => [f, false])) as Record<PlanFlag, boolean>
const ctx = (over: Partial<MenuContext> = {}): MenuContext => ({ user: user(), plan: allPlan, helpsCount: 0, cshow: false, ...over })
const keys = (c: MenuContext) => menuEntries(c, { includeUnimplemented: true }).map((e) => e.key)
const entry = (key: string) => ROUTES.find((e) => e.key === key)!

describe('route catalogue', () => {
  test('every route has a menu label', () => {
    const items = pt.menu.items as Record<string, string>
    expect(ROUTES.map((r) => r.key).filter((k) => typeof items[k] !== 'string')).toEqual([])
  })

  test('lists every route of both spec parts', () => {
    const paths = ROUTES.map((e) => e.path)
    for (const p of ['/', '/reports', '/moments', '/tickets', '/tickets/:uuid', '/quick-messages', '/auto-replies', '/kanban', '/contacts', '/contacts/import',
      '/schedules', '/tags', '/chats', '/chats/:uuid', '/helps', '/campaigns', '/contact-lists', '/campaigns-config', '/phrase-lists', '/flowbuilders',
      '/announcements', '/messages-api', '/users', '/queues', '/prompts', '/queue-integration', '/connections', '/allConnections', '/files', '/financeiro',
      '/settings', '/companies', '/campaign/:campaignId/report', '/contact-lists/:contactListId/contacts', '/flowbuilder/:id', '/tagsKanban', '/todolist']) {
      expect(paths).toContain(p)
    }
  })

  test('management holds the dashboard, reports and the real-time panel; the rest of the menu is administration', () => {
    const management = ROUTES.filter((e) => e.group === 'management').map((e) => e.key)
    expect(management).toEqual(['dashboard', 'reports', 'moments'])
    expect(entry('users').group).toBe('administration')
  })

  test('every route key is unique', () => {
    expect(new Set(ROUTES.map((e) => e.key)).size).toBe(ROUTES.length)
  })
})

describe('roles', () => {
  test('a plain user is no admin; showDashboard and allowRealTime open the management routes', () => {
    expect(hasRole(user(), 'dashboard')).toBe(false)
    expect(hasRole(user({ showDashboard: 'enabled' }), 'dashboard')).toBe(true)
    expect(hasRole(user({ allowRealTime: 'enabled' }), 'realtime')).toBe(true)
    expect(hasRole(user({ allowRealTime: 'enabled' }), 'dashboard')).toBe(false)
  })

  test('allowConnections gives the connections menu to a plain user', () => {
    expect(keys(ctx())).not.toContain('connections')
    expect(keys(ctx({ user: user({ allowConnections: 'enabled' }) }))).toContain('connections')
  })

  test('admins see administration entries; only super users see companies, announcements and all connections', () => {
    const admin = keys(ctx({ user: user({ profile: 'admin' }) }))
    expect(admin).toEqual(expect.arrayContaining(['users', 'queues', 'settings', 'financeiro', 'contacts', 'dashboard', 'reports', 'moments']))
    expect(admin).not.toContain('companies')
    expect(admin).not.toContain('announcements')
    expect(admin).not.toContain('allConnections')
    const superUser = keys(ctx({ user: user({ profile: 'admin', super: true }) }))
    expect(superUser).toEqual(expect.arrayContaining(['companies', 'announcements', 'allConnections']))
  })

  test('contacts need admin', () => {
    expect(keys(ctx())).not.toContain('contacts')
    expect(routeAccess(entry('contacts'), ctx())).toBe('forbidden')
  })
})

describe('plan gates', () => {
  test('plan-gated entries follow their flag', () => {
    const admin = user({ profile: 'admin' })
    const gated = ['kanban', 'schedules', 'chats', 'prompts', 'queueIntegration', 'messagesApi']
    expect(keys(ctx({ user: admin }))).toEqual(expect.arrayContaining(gated))
    const without = keys(ctx({ user: admin, plan: noPlan }))
    for (const k of gated) expect(without).not.toContain(k)
    expect(routeAccess(entry('kanban'), ctx({ user: admin, plan: noPlan }))).toBe('plan')
  })

  test('plan-gated entries stay hidden while the plan flags load', () => {
    expect(keys(ctx({ user: user({ profile: 'admin' }), plan: null }))).not.toContain('kanban')
  })

  test('the role is checked before the plan', () => {
    expect(routeAccess(entry('prompts'), ctx({ plan: noPlan }))).toBe('forbidden')
  })
})

describe('switches and flags', () => {
  test('helps show only when the help list is non-empty', () => {
    expect(isMenuVisible(entry('helps'), ctx({ helpsCount: 0 }))).toBe(false)
    expect(isMenuVisible(entry('helps'), ctx({ helpsCount: 2 }))).toBe(true)
  })

  test('campaign routes exist only with the cshow flag', () => {
    const admin = user({ profile: 'admin' })
    expect(keys(ctx({ user: admin }))).not.toContain('campaigns')
    expect(keys(ctx({ user: admin, cshow: true }))).toEqual(expect.arrayContaining(['campaigns', 'contactLists', 'campaignsConfig']))
    expect(registeredRoutes(false).some((e) => e.key === 'campaignReport')).toBe(false)
    expect(registeredRoutes(true).some((e) => e.key === 'campaignReport')).toBe(true)
  })
})

describe('the menu of this build', () => {
  test('shows only implemented pages: the dashboard, reports and live panel for who may see them, tickets, quick messages, schedules, tags, internal chat, to-do list, messages API, users, queues, contacts, connections, invoices and settings for admins, companies and announcements for the super user, and helps when there are helps', () => {
    const superUser = user({ profile: 'admin', super: true })
    const menu = (c: MenuContext) => menuEntries(c).map((e) => e.key).sort()
    const admin = ['autoReplies', 'chats', 'connections', 'contacts', 'dashboard', 'files', 'financeiro', 'flowbuilders', 'messagesApi', 'moments', 'phraseLists', 'prompts', 'queueIntegration', 'queues', 'quickMessages', 'reports', 'schedules', 'settings', 'tags', 'tickets', 'todolist', 'users']
    expect(menu(ctx({ user: superUser }))).toEqual(['allConnections', 'announcements', 'companies', ...admin].sort())
    expect(menu(ctx({ user: superUser, helpsCount: 1 }))).toEqual(['allConnections', 'announcements', 'companies', 'helps', ...admin].sort())
    expect(menu(ctx({ user: user({ profile: 'admin' }) }))).toEqual(admin)
    expect(menu(ctx({ user: user({ profile: 'admin' }), plan: { ...allPlan, useExternalApi: false } }))).toEqual(admin.filter((k) => k !== 'messagesApi'))
    expect(menu(ctx({ user: user({ profile: 'user', allowConnections: 'enabled' }) }))).toEqual(['chats', 'connections', 'quickMessages', 'schedules', 'tags', 'tickets', 'todolist'])
    expect(menu(ctx({ user: user({ profile: 'user' }) }))).toEqual(['chats', 'quickMessages', 'schedules', 'tags', 'tickets', 'todolist'])
    expect(menu(ctx({ user: user({ profile: 'user', showDashboard: 'enabled' }) }))).toEqual(['chats', 'dashboard', 'quickMessages', 'reports', 'schedules', 'tags', 'tickets', 'todolist'])
    expect(menu(ctx({ user: user({ profile: 'user', allowRealTime: 'enabled' }) }))).toEqual(['chats', 'moments', 'quickMessages', 'schedules', 'tags', 'tickets', 'todolist'])
  })

  test('/companies and /announcements send a user without the super flag home after the denial toast', () => {
    for (const key of ['companies', 'announcements']) {
      expect(entry(key).deniedHome).toBe(true)
      expect(routeAccess(entry(key), ctx({ user: user({ profile: 'admin' }) }))).toBe('forbidden')
      expect(routeAccess(entry(key), ctx({ user: user({ profile: 'admin', super: true }) }))).toBe('ok')
    }
  })

  test('/allConnections sends a user without the super flag to /tickets instead of the 403 page', () => {
    expect(entry('allConnections')).toMatchObject({ role: 'super', deniedTo: '/tickets' })
    expect(routeAccess(entry('allConnections'), ctx({ user: user({ profile: 'admin' }) }))).toBe('forbidden')
  })

  test('the internal chat is built, open to every user and hidden when the plan lacks useInternalChat', () => {
    expect(entry('chats')).toMatchObject({ path: '/chats', role: 'all', plan: 'useInternalChat', implemented: true })
    expect(entry('chat')).toMatchObject({ path: '/chats/:uuid', role: 'all', plan: 'useInternalChat', implemented: true })
    expect(routeAccess(entry('chat'), ctx())).toBe('ok')
    expect(routeAccess(entry('chats'), ctx({ plan: { ...allPlan, useInternalChat: false } }))).toBe('plan')
    expect(menuEntries(ctx({ plan: { ...allPlan, useInternalChat: false } })).map((e) => e.key)).not.toContain('chats')
  })

  test('the queues page is built and only admins open it', () => {
    expect(entry('queues')).toMatchObject({ path: '/queues', role: 'admin', implemented: true })
    expect(routeAccess(entry('queues'), ctx({ user: user({ profile: 'admin' }) }))).toBe('ok')
    expect(routeAccess(entry('queues'), ctx({ user: user({ profile: 'user' }) }))).toBe('forbidden')
  })

  test('the settings page is built and only admins open it; a plain user gets the no-access view', () => {
    expect(entry('settings')).toMatchObject({ path: '/settings', role: 'admin', implemented: true })
    expect(routeAccess(entry('settings'), ctx({ user: user({ profile: 'admin' }) }))).toBe('ok')
    expect(routeAccess(entry('settings'), ctx({ user: user({ profile: 'user' }) }))).toBe('forbidden')
  })

  test('the schedules calendar is built, open to every user and hidden when the plan lacks useSchedules', () => {
    expect(entry('schedules')).toMatchObject({ path: '/schedules', role: 'all', plan: 'useSchedules', implemented: true })
    expect(routeAccess(entry('schedules'), ctx())).toBe('ok')
    expect(routeAccess(entry('schedules'), ctx({ plan: { ...allPlan, useSchedules: false } }))).toBe('plan')
    expect(menuEntries(ctx({ plan: { ...allPlan, useSchedules: false } })).map((e) => e.key)).not.toContain('schedules')
  })

  test('quick messages are open to every user', () => {
    expect(entry('quickMessages')).toMatchObject({ path: '/quick-messages', role: 'all', implemented: true })
    expect(routeAccess(entry('quickMessages'), ctx())).toBe('ok')
  })

  test('the contacts import page is built but reached from the contacts page, not the menu', () => {
    expect(entry('contactsImport').implemented).toBe(true)
    expect(menuEntries(ctx({ user: user({ profile: 'admin' }) })).map((e) => e.key)).not.toContain('contactsImport')
    expect(routeAccess(entry('contactsImport'), ctx())).toBe('forbidden')
  })

  test('detail routes never appear in the menu', () => {
    const all = keys(ctx({ user: user({ profile: 'admin', super: true }), cshow: true }))
    for (const k of ['ticket', 'chat', 'contactsImport', 'flowbuilder', 'campaignReport', 'contactListItems', 'tagsKanban']) expect(all).not.toContain(k)
  })

  test('groups come out in order: management, administration', () => {
    const sections = groupMenu(menuEntries(ctx({ user: user({ profile: 'admin' }), helpsCount: 1 }), { includeUnimplemented: true }))
    expect(sections.map((s) => s.group)).toEqual(['management', 'administration'])
    expect(sections[0].entries.map((e) => e.key)).toEqual(['dashboard', 'reports', 'moments'])
  })
})

describe('menu icons (issue 17)', () => {
  test('every built menu entry has a drawn icon of its own, so the collapsed menu can be read', () => {
    const built = ROUTES.filter((r) => r.implemented && r.group)
    expect(built.filter((r) => !hasIcon(r.icon)).map((r) => r.key)).toEqual([])
    const icons = built.map((r) => r.icon)
    expect(icons.filter((icon, i) => icons.indexOf(icon) !== i)).toEqual([])
  })
})
