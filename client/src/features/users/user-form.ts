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
  queueIds: number[]
  /** The default connection (spec part 1 §3 User whatsappId), null for none. */
  whatsappId: number | null
  /** Working hours, HH:MM (login outside them is refused for plain users: docs/decisions.md). */
  startWork: string
  endWork: string
  farewellMessage: string
  /** A new avatar to upload after the save (edit only: the upload needs the user's id; online only). */
  avatar: File | null
}

/** Spec defaults for a new user: profile user, hours 00:00-23:59, every switch off (allTicket disable). */
export function newUserValues(): UserFormValues {
  return {
    name: '',
    email: '',
    password: '',
    profile: 'user',
    permissions: Object.fromEntries(USER_PERMISSIONS.map((p) => [p, false])) as Record<UserPermission, boolean>,
    queueIds: [],
    whatsappId: null,
    startWork: '00:00',
    endWork: '23:59',
    farewellMessage: '',
    avatar: null,
  }
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
// queueIds and whatsappId only get the server's refusals (an unknown queue or connection).
type UserField = 'name' | 'email' | 'password' | 'startWork' | 'endWork' | 'farewellMessage' | 'queueIds' | 'whatsappId'

/** User form (spec part 1 §5): name 2-50, email valid, password 5-50 (optional on edit), hours HH:MM. */
export function userFormProblems(v: UserFormValues, mode: 'create' | 'edit'): Partial<Record<UserField, string>> {
  const problems: Partial<Record<UserField, string>> = {}
  const name = lengthProblem(v.name, 2, 50)
  const email = emailProblem(v.email)
  const password = lengthProblem(v.password, 5, 50, mode === 'create', false)
  if (name) problems.name = name
  if (email) problems.email = email
  if (password) problems.password = password
  if (!TIME.test(v.startWork)) problems.startWork = 'queues.errors.invalidTime'
  if (!TIME.test(v.endWork)) problems.endWork = 'queues.errors.invalidTime'
  if (v.farewellMessage.length > 5000) problems.farewellMessage = 'validation.tooLong'
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
    queueIds: v.queueIds,
    whatsappId: v.whatsappId,
    startWork: v.startWork,
    endWork: v.endWork,
    farewellMessage: v.farewellMessage,
  }
}
