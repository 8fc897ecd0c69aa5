import type { Tx } from '../../db/connect.ts'
import { hashPassword } from '../../auth/password.ts'
import { endSessionsForNewPassword } from '../auth/sessions.ts'
import { withSystemScope } from '../../db/tenant.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { can } from '../permissions.ts'
import { settingValue } from '../settings/settings.ts'
import { assertEmailFree, insertUserRow, userWritableFields } from './insert-user.ts'
import { findUserView, type UserView } from './user-view.ts'

/** Fields only an admin may set (spec part 1 §5: profile, queues, connection, working hours, permissions tab). */
export const adminOnlyUserFields = [
  'profile', 'queueIds', 'whatsappId', 'startWork', 'endWork', 'allTicket', 'allowGroup', 'allHistoric',
  'allUserChat', 'userClosePendingTicket', 'showDashboard', 'allowRealTime', 'allowConnections',
] as const

export interface UserInput {
  name?: string
  email?: string
  password?: string
  super?: boolean
  companyId?: number
  queueIds?: number[]
  whatsappId?: number | null
  [field: string]: unknown
}

/** POST /users: admin only, within the plan's user count; a super user may create in another company. */
export async function createUser(ctx: DomainCtx, input: UserInput & { name: string; email: string; password: string }): Promise<UserView> {
  const { tx, auth } = ctx
  if (input.super && !auth.user.super) throw new AppError('ERR_NO_PERMISSION', 'Only a super user grants super')
  if (!auth.user.super && (await settingValue(tx, 'userCreation')) === 'disabled') {
    throw new AppError('ERR_USER_CREATION_DISABLED', 'User creation is disabled')
  }
  const companyId = auth.user.super && input.companyId ? input.companyId : auth.user.companyId
  const run = async () => {
    await assertUserLimit(tx, companyId)
    await assertReferences(tx, companyId, input)
    const id = await insertUserRow(tx, companyId, input)
    if (input.queueIds) await setUserQueues(tx, companyId, id, input.queueIds)
    return (await findUserView(tx, id))!
  }
  const user = companyId === auth.user.companyId ? await run() : await withSystemScope(tx, run)
  ctx.emit({ type: 'user', companyId, payload: { action: 'create', user } })
  return user
}

/**
 * PUT /users/{id}: a user edits their own name, email, password and preferences; admin-only fields
 * may be sent unchanged by anyone but changed only by an admin. Only a super user edits a super user.
 */
export async function updateUser(ctx: DomainCtx, userId: number, input: UserInput): Promise<UserView> {
  const { tx, auth } = ctx
  const current = await findUserView(tx, userId)
  if (!current) throw new AppError('ERR_NO_USER_FOUND')
  const isAdmin = can(auth, 'admin')
  if (auth.user.id !== userId && !isAdmin) throw new AppError('ERR_NO_PERMISSION')
  if ((current.super || input.super) && !auth.user.super) throw new AppError('ERR_NO_PERMISSION', 'Only a super user edits a super user')
  if (!isAdmin) assertNoAdminChanges(current, input)
  if (input.email && input.email !== current.email) await assertEmailFree(tx, input.email, userId)
  await assertReferences(tx, current.companyId, input)

  const patch: Record<string, unknown> = {}
  for (const f of ['name', 'email', 'farewellMessage', 'color', 'defaultTheme', 'defaultMenu', 'defaultTicketsManagerWidth', ...userWritableFields]) {
    if (input[f] !== undefined) patch[f] = input[f]
  }
  if (input.super !== undefined && auth.user.super) patch.super = input.super
  if (input.password) patch.passwordHash = await hashPassword(input.password)
  if (Object.keys(patch).length) await tx`update users set ${tx(patch)} where id = ${userId}`
  if (input.password) await endSessionsForNewPassword(ctx, { id: userId, companyId: current.companyId }, auth.user.id === userId ? auth.sessionId : undefined)
  if (input.queueIds && isAdmin) await setUserQueues(tx, current.companyId, userId, input.queueIds)
  const user = (await findUserView(tx, userId))!
  ctx.emit({ type: 'user', companyId: current.companyId, payload: { action: 'update', user } })
  return user
}

/** DELETE /users/{id}: admin only; nobody deletes themselves, and only a super user deletes a super user. */
export async function deleteUser(ctx: DomainCtx, userId: number): Promise<void> {
  const { tx, auth } = ctx
  if (userId === auth.user.id) throw new AppError('ERR_CANNOT_DELETE_SELF', 'You cannot delete your own user')
  const [row] = await tx<{ super: boolean; companyId: number }[]>`select super, company_id from users where id = ${userId}`
  if (!row) throw new AppError('ERR_NO_USER_FOUND')
  if (row.super && !auth.user.super) throw new AppError('ERR_NO_PERMISSION')
  await tx`delete from users where id = ${userId}`
  ctx.emit({ type: 'user', companyId: row.companyId, payload: { action: 'delete', userId } })
}

/** PUT /users/toggleChangeWidht/{id}: saves the ticket list width (404-700) for the user. */
export async function saveTicketsWidth(ctx: DomainCtx, userId: number, width: number): Promise<UserView> {
  if (ctx.auth.user.id !== userId && !can(ctx.auth, 'admin')) throw new AppError('ERR_NO_PERMISSION')
  const [row] = await ctx.tx`update users set default_tickets_manager_width = ${width} where id = ${userId} returning id`
  if (!row) throw new AppError('ERR_NO_USER_FOUND')
  return (await findUserView(ctx.tx, userId))!
}

function assertNoAdminChanges(current: UserView, input: UserInput) {
  const currentQueueIds = current.queues.map((q) => q.id).sort((a, b) => a - b)
  for (const f of adminOnlyUserFields) {
    if (input[f] === undefined) continue
    const before = f === 'queueIds' ? currentQueueIds : (current as unknown as Record<string, unknown>)[f]
    const after = f === 'queueIds' ? [...(input.queueIds ?? [])].sort((a, b) => a - b) : input[f]
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      throw new AppError('ERR_NO_PERMISSION', `Only an admin changes ${f}`, { field: f })
    }
  }
}

async function assertUserLimit(tx: Tx, companyId: number) {
  const [r] = await tx<{ used: number; allowed: number | null }[]>`
    select (select count(*)::int from users where company_id = ${companyId}) as used,
           (select p.users from companies c join plans p on p.id = c.plan_id where c.id = ${companyId}) as allowed`
  if (r.allowed !== null && r.used >= r.allowed) {
    throw new AppError('ERR_PLAN_LIMIT_USERS', `The plan allows ${r.allowed} users`, { limit: r.allowed })
  }
}

/** Queues and the default connection must belong to the user's company. */
async function assertReferences(tx: Tx, companyId: number, input: UserInput) {
  if (input.queueIds?.length) {
    const ids = [...new Set(input.queueIds)]
    const [r] = await tx<{ n: number }[]>`select count(*)::int as n from queues where company_id = ${companyId} and id = any(${ids})`
    if (r.n !== ids.length) throw new AppError('ERR_VALIDATION', 'Unknown queue', { fields: [{ field: 'queueIds', message: 'Unknown queue' }] })
  }
  if (input.whatsappId) {
    const [w] = await tx`select 1 from whatsapps where company_id = ${companyId} and id = ${input.whatsappId}`
    if (!w) throw new AppError('ERR_NO_WAPP_FOUND', 'Unknown connection', { field: 'whatsappId' })
  }
}

async function setUserQueues(tx: Tx, companyId: number, userId: number, queueIds: number[]) {
  await tx`delete from user_queues where user_id = ${userId}`
  for (const queueId of new Set(queueIds)) {
    await tx`insert into user_queues (company_id, user_id, queue_id) values (${companyId}, ${userId}, ${queueId})`
  }
}
