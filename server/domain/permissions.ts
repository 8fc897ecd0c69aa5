import type { AuthContext, PlanFeature } from './auth/auth-context.ts'
import { AppError } from './app-error.ts'

const isAdmin = (a: AuthContext) => a.user.profile === 'admin' || a.user.super
const on = (v: string) => v === 'enabled' || v === 'enable'

/**
 * Every server-side permission, by name (spec part 1 §6, part 2 §6). Routes guard with these names and
 * the permission-matrix test walks the same table.
 */
export const permissionRules = {
  /** Company administration: users, queues, settings, invoices, tags, files, prompts, integrations. */
  admin: isAdmin,
  /** Companies, plans, helps, announcements, branding, all-companies connections. */
  super: (a: AuthContext) => a.user.super,
  'dashboard:view': (a: AuthContext) => isAdmin(a) || on(a.user.showDashboard),
  'realtime:view': (a: AuthContext) => isAdmin(a) || on(a.user.allowRealTime),
  'connections:view': (a: AuthContext) => isAdmin(a) || on(a.user.allowConnections),
  'tickets:showAll': (a: AuthContext) => isAdmin(a) || on(a.user.allUserChat),
  'tickets:group': (a: AuthContext) => a.user.allowGroup,
  'tickets:noQueue': (a: AuthContext) => isAdmin(a) || on(a.user.allTicket),
  'tickets:closePending': (a: AuthContext) => isAdmin(a) || on(a.user.userClosePendingTicket),
  'tickets:history': (a: AuthContext) => isAdmin(a) || on(a.user.allHistoric),
  'tickets:delete': isAdmin,
  'contacts:delete': isAdmin,
} as const

export type Permission = keyof typeof permissionRules

export function can(auth: AuthContext, permission: Permission): boolean {
  return permissionRules[permission](auth)
}

export function assertCan(auth: AuthContext, permission: Permission): void {
  if (!can(auth, permission)) throw new AppError('ERR_NO_PERMISSION', `Missing permission ${permission}`)
}

/** The ten plan switches are enforced here, not only by hiding menu items. */
export function assertPlanFeature(auth: AuthContext, feature: PlanFeature): void {
  if (!auth.plan[feature]) {
    throw new AppError('ERR_PLAN_FEATURE_DISABLED', `The company's plan does not include ${feature}`, { feature })
  }
}

/** The user may act on a record of another user only as an admin. */
export function assertSelfOrAdmin(auth: AuthContext, userId: number): void {
  if (auth.user.id !== userId && !isAdmin(auth)) throw new AppError('ERR_NO_PERMISSION')
}
