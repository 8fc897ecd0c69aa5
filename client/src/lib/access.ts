import type { User } from './types.ts'

/** Who may open a route (spec part 1 §6, part 2 §6); plan gates are separate (part 2 §6 plan gates). */
export type Role =
  | 'all'
  | 'admin' // profile admin or super
  | 'super'
  | 'dashboard' // admin, or showDashboard enabled
  | 'realtime' // admin, or allowRealTime enabled
  | 'connections' // admin, or allowConnections enabled

export type AccessUser = Pick<User, 'profile' | 'super' | 'showDashboard' | 'allowRealTime' | 'allowConnections'>

const on = (v: string | undefined) => v === 'enabled' || v === 'enable'
const isAdmin = (u: AccessUser) => u.profile === 'admin' || u.super

/** Part 1 §6: showDashboard / allowRealTime make a user an admin for the management menu; allowConnections for connections. */
export function hasRole(user: AccessUser, role: Role): boolean {
  switch (role) {
    case 'all':
      return true
    case 'admin':
      return isAdmin(user)
    case 'super':
      return user.super
    case 'dashboard':
      return isAdmin(user) || on(user.showDashboard)
    case 'realtime':
      return isAdmin(user) || on(user.allowRealTime)
    case 'connections':
      return isAdmin(user) || on(user.allowConnections)
  }
}

/**
 * Where a signed-in user lands (spec part 1 §4 Session: login leads to the tickets): admins, super users
 * and users with showDashboard on / (the dashboard's place), everyone else straight on /tickets.
 */
export function landingPath(user: Pick<User, 'profile' | 'super' | 'showDashboard'> | null): string {
  if (!user || user.super || user.profile === 'admin' || user.showDashboard === 'enabled') return '/'
  return '/tickets'
}
