import type { z } from 'zod'
import type { createUserSchema, updateUserSchema } from '../../../../server/routes/users.schema.ts'
import { emailProblem, lengthProblem, type Problems } from '../../lib/validation.ts'

/** The permission switches of the user dialog (spec part 1 §3 User, part 2 §3), in the dialog's order. */
export const USER_PERMISSIONS = [
  'allTicket', 'allowGroup', 'allHistoric', 'allUserChat', 'userClosePendingTicket', 'showDashboard', 'allowRealTime', 'allowConnections',
] as const
export type UserPermission = (typeof USER_PERMISSIONS)[number]

export interface UserFormValues {
  name: string
  email: string
  /** Required for a new user; empty on edit keeps the current one. */
  password: string
  profile: 'admin' | 'user'
  permissions: Record<UserPermission, boolean>
}

/** Spec defaults for a new user: profile user, every switch off (allTicket disable). */
export function newUserValues(): UserFormValues {
  return { name: '', email: '', password: '', profile: 'user', permissions: Object.fromEntries(USER_PERMISSIONS.map((p) => [p, false])) as Record<UserPermission, boolean> }
}

/** User form (spec part 1 §5): name 2-50, email valid, password 5-50 (optional on edit). */
export function userFormProblems(v: UserFormValues, mode: 'create' | 'edit'): Problems<'name' | 'email' | 'password'> {
  const problems: Problems<'name' | 'email' | 'password'> = {}
  const name = lengthProblem(v.name, 2, 50)
  const email = emailProblem(v.email)
  const password = lengthProblem(v.password, 5, 50, mode === 'create', false)
  if (name) problems.name = name
  if (email) problems.email = email
  if (password) problems.password = password
  return problems
}

export type CreateUserBody = z.input<typeof createUserSchema>
export type UpdateUserBody = z.input<typeof updateUserSchema>

/** The body POST /users and PUT /users/{id} accept (server/routes/users.schema.ts). */
export function userRequestBody(v: UserFormValues): CreateUserBody {
  const p = v.permissions
  const toggle = (on: boolean) => (on ? 'enabled' : 'disabled')
  return {
    name: v.name.trim(),
    email: v.email.trim().toLowerCase(),
    password: v.password,
    profile: v.profile,
    allTicket: p.allTicket ? 'enable' : 'disable',
    allowGroup: p.allowGroup,
    allHistoric: toggle(p.allHistoric),
    allUserChat: toggle(p.allUserChat),
    userClosePendingTicket: toggle(p.userClosePendingTicket),
    showDashboard: toggle(p.showDashboard),
    allowRealTime: toggle(p.allowRealTime),
    allowConnections: toggle(p.allowConnections),
  }
}
