import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import { optimisticSelect, queueWrite } from '../../../../sync/client/optimistic.ts'
import { userAtom } from '../../state/auth.ts'
import { store } from '../../state/store.ts'
import { api } from '../../lib/api.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import { outboxControls } from '../../lib/outbox-save.ts'
import { containsPattern, folded, type LocalWriter } from '../../lib/local-sql.ts'
import type { User } from '../../lib/types.ts'
import { USER_PERMISSIONS, userRequestBody, type UpdateUserBody, type UserFormValues, type UserPermission } from './user-form.ts'
import type { ProfileValues } from '../../lib/validation.ts'

const COLUMN: Record<UserPermission, string> = {
  allTicket: 'all_ticket',
  allowGroup: 'allow_group',
  allHistoric: 'all_historic',
  allUserChat: 'all_user_chat',
  userClosePendingTicket: 'user_close_pending_ticket',
  showDashboard: 'show_dashboard',
  allowRealTime: 'allow_real_time',
  allowConnections: 'allow_connections',
}

/** A row of the users list: synced, or a local write the server has not confirmed yet. */
export interface UserListItem {
  /** Stable React key: the id, or the client id of a user created here and not yet synced. */
  key: string
  id: number | null
  /** The latest local write on this row (its outbox id), when pending. */
  clientId: string | null
  name: string
  email: string
  profile: 'admin' | 'user'
  super: boolean
  permissions: Record<UserPermission, boolean>
  queueIds: number[]
  whatsappId: number | null
  startWork: string
  endWork: string
  farewellMessage: string
  pending: boolean
  /** The server refused the pending write (ERR_* code): retry or discard it. */
  error: string | null
}

type UserListRow = Record<string, unknown> & { id: number | null; client_id: string | null; pending: boolean; error: string | null }

/**
 * The users list over the local database (synced rows with pending writes laid over them): search by
 * name or email in lowercase (spec part 2 §5 "All lists with search"), sorted like GET /users/.
 */
export function userListQuery(filter: { search: string }): SqlQuery {
  const search = filter.search.trim()
  const columns = ['id', 'client_id', 'pending', 'error', 'name', 'email', 'profile', 'super', 'whatsapp_id', 'start_work', 'end_work', 'farewell_message', ...Object.values(COLUMN)].map((c) => `u.${c}`)
  const where = search ? `where ${folded('u.name')} like $1 or ${folded('u.email')} like $1` : ''
  // A user's queues come from user_queues (synced company-wide), ordered for a stable dialog.
  const queueIds = `(select coalesce(array_agg(q.queue_id order by q.queue_id), '{}') from user_queues q where q.user_id = u.id) as queue_ids`
  return {
    sql: `select ${columns.join(', ')}, ${queueIds} from (${optimisticSelect('users')}) u ${where} order by lower(u.name), u.id nulls last, u.client_id`,
    params: search ? [containsPattern(search)] : [],
  }
}

const isOn = (v: unknown) => v === true || v === 'enable' || v === 'enabled'

export function toUserListItem(row: UserListRow): UserListItem {
  const permissions = Object.fromEntries(USER_PERMISSIONS.map((p) => [p, isOn(row[COLUMN[p]])])) as Record<UserPermission, boolean>
  return {
    key: row.id !== null ? String(row.id) : `local-${row.client_id}`,
    id: row.id,
    clientId: row.client_id,
    name: String(row.name ?? ''),
    email: String(row.email ?? ''),
    profile: row.profile === 'admin' ? 'admin' : 'user',
    super: row.super === true,
    permissions,
    queueIds: Array.isArray(row.queue_ids) ? row.queue_ids.map(Number) : [],
    whatsappId: typeof row.whatsapp_id === 'number' ? row.whatsapp_id : null,
    startWork: typeof row.start_work === 'string' ? row.start_work : '00:00',
    endWork: typeof row.end_work === 'string' ? row.end_work : '23:59',
    farewellMessage: typeof row.farewell_message === 'string' ? row.farewell_message : '',
    pending: row.pending,
    error: row.error,
  }
}

const connectionQuery: SqlQuery = { sql: 'select id, name from whatsapps order by lower(name), id', params: [] }

/** The company's connections (local database), for the default-connection select. */
export function useConnectionOptions(): { id: number; name: string }[] {
  const db = useLocalFirst()?.db ?? null
  return useLiveQuery<{ id: number; name: string }>(db, connectionQuery).rows
}

/** The users list from the local database, live: it changes as sync and local writes change it. */
export function useUserList(search: string): { users: UserListItem[]; loading: boolean; error: unknown } {
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(() => userListQuery({ search }), [search])
  const { rows, loading, error } = useLiveQuery<UserListRow>(db, query)
  const users = useMemo(() => rows.map(toUserListItem), [rows])
  return { users, loading, error }
}

export function userFormValuesOf(user: UserListItem): UserFormValues {
  return {
    name: user.name,
    email: user.email,
    password: '',
    profile: user.profile,
    permissions: { ...user.permissions },
    queueIds: [...user.queueIds],
    whatsappId: user.whatsappId,
    startWork: user.startWork,
    endWork: user.endWork,
    farewellMessage: user.farewellMessage,
    avatar: null,
  }
}

/** The columns of the local users row a body sets (snake_case, as the synced table has them). */
export function userRowValue(body: UpdateUserBody): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  if (body.name !== undefined) row.name = body.name
  if (body.email !== undefined) row.email = body.email
  if (body.profile !== undefined) row.profile = body.profile
  if (body.whatsappId !== undefined) row.whatsapp_id = body.whatsappId
  if (body.startWork !== undefined) row.start_work = body.startWork
  if (body.endWork !== undefined) row.end_work = body.endWork
  if (body.farewellMessage !== undefined) row.farewell_message = body.farewellMessage
  for (const p of USER_PERMISSIONS) if (body[p] !== undefined) row[COLUMN[p]] = body[p]
  return row
}

/** POST /users through the outbox; the new user shows at once, marked pending. */
export function queueCreateUser(w: LocalWriter, companyId: number, values: UserFormValues): Promise<string> {
  const body = userRequestBody(values)
  return queueWrite(w, { method: 'POST', path: '/users', body }, { table: 'users', op: 'insert', value: { ...userRowValue(body), company_id: companyId, super: false } })
}

/** PUT /users/{id} through the outbox; an empty password keeps the current one. */
export function queueUpdateUser(w: LocalWriter, id: number, values: UserFormValues): Promise<string> {
  const { password, ...rest } = userRequestBody(values)
  const body: UpdateUserBody = password ? { ...rest, password } : rest
  return queueWrite(w, { method: 'PUT', path: `/users/${id}`, body }, { table: 'users', op: 'update', rowKey: { id }, value: userRowValue(body) })
}

/** DELETE /users/{id} through the outbox; the row hides at once. */
export function queueDeleteUser(w: LocalWriter, id: number): Promise<string> {
  return queueWrite(w, { method: 'DELETE', path: `/users/${id}` }, { table: 'users', op: 'delete', rowKey: { id } })
}

/** The Users page's writes, bound to this tab's database and outbox (null until they are open). */
export function useUserActions() {
  const lf = useLocalFirst()
  const companyId = useAtomValue(userAtom)?.companyId
  return useMemo(() => {
    if (!lf || !companyId) return null
    const w: LocalWriter = { pg: lf.db, outbox: lf.outbox }
    return {
      create: (values: UserFormValues) => queueCreateUser(w, companyId, values),
      update: (id: number, values: UserFormValues) => queueUpdateUser(w, id, values),
      remove: (id: number) => queueDeleteUser(w, id),
      ...outboxControls(lf.outbox),
    }
  }, [lf, companyId])
}

/** PUT /users/{id} with the fields a user may change on their own record; an empty password keeps it. */
export async function saveOwnProfile(userId: number, values: ProfileValues): Promise<User> {
  const user = await api<User>(`/users/${userId}`, {
    method: 'PUT',
    json: {
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      defaultTheme: values.defaultTheme,
      defaultMenu: values.defaultMenu,
    },
  })
  store.set(userAtom, user)
  return user
}

/** POST /users/{id}/media-upload (form userId, typeArch, profileImage); `own` also updates the signed-in user. */
export async function uploadAvatar(userId: number, file: File, own = true): Promise<User> {
  const form = new FormData()
  form.append('userId', String(userId))
  form.append('typeArch', 'user')
  form.append('profileImage', file)
  const user = await api<User>(`/users/${userId}/media-upload`, { method: 'POST', form })
  if (own) store.set(userAtom, user)
  return user
}
