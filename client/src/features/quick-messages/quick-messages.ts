import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import type { LocalPg } from '../../../../sync/client/local-pg.ts'
import { optimisticSelect, queueWrite } from '../../../../sync/client/optimistic.ts'
import type { Outbox } from '../../../../sync/client/outbox.ts'
import { userAtom } from '../../state/auth.ts'
import { api } from '../../lib/api.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import { outboxControls } from '../../lib/outbox-save.ts'
import { quickMessageRequestBody, quickMessageRowValue, type QuickMessageFormValues } from './quick-message-form.ts'
import type { User } from '../../lib/types.ts'
import { containsPattern, folded } from '../../lib/local-sql.ts'

/** A row of the quick messages list: synced, or a local write the server has not confirmed yet. */
export interface QuickMessageItem {
  /** Stable React key: the id, or the client id of a message created here and not yet synced. */
  key: string
  id: number | null
  clientId: string | null
  shortcode: string
  message: string
  geral: boolean
  visao: boolean
  userId: number | null
  mediaPath: string | null
  mediaName: string | null
  pending: boolean
  /** The server refused the pending write (ERR_* code). */
  error: string | null
}

type QuickMessageRow = {
  id: number | null
  client_id: string | null
  pending: boolean
  error: string | null
  shortcode: string | null
  message: string | null
  geral: boolean | null
  visao: boolean | null
  user_id: number | null
  media_path: string | null
  media_name: string | null
}

const COLUMNS = ['id', 'client_id', 'pending', 'error', 'shortcode', 'message', 'geral', 'visao', 'user_id', 'media_path', 'media_name']

/**
 * The quick messages over the local database (the shape brings the company's general ones and the
 * user's own; pending writes laid over them): search in lowercase by shortcode or message, sorted by
 * shortcode like GET /quick-messages.
 */
export function quickMessageListQuery(filter: { search: string }): SqlQuery {
  const search = filter.search.trim()
  const where = search ? `where ${folded('q.shortcode')} like $1 or ${folded('q.message')} like $1` : ''
  return {
    sql: `select ${COLUMNS.map((c) => `q.${c}`).join(', ')} from (${optimisticSelect('quick_messages')}) q ${where}
           order by lower(q.shortcode), q.id nulls last, q.client_id`,
    params: search ? [containsPattern(search)] : [],
  }
}

export function toQuickMessageItem(r: QuickMessageRow): QuickMessageItem {
  return {
    key: r.id !== null ? String(r.id) : `local-${r.client_id}`,
    id: r.id,
    clientId: r.client_id,
    shortcode: r.shortcode ?? '',
    message: r.message ?? '',
    geral: r.geral === true,
    visao: r.visao !== false,
    userId: r.user_id,
    mediaPath: r.media_path,
    mediaName: r.media_name,
    pending: r.pending,
    error: r.error,
  }
}

export async function readQuickMessages(pg: LocalPg, search = ''): Promise<QuickMessageItem[]> {
  const q = quickMessageListQuery({ search })
  const { rows } = await pg.query<QuickMessageRow>(q.sql, q.params)
  return rows.map(toQuickMessageItem)
}

/** The quick messages from the local database, live. */
export function useQuickMessageList(search: string): { messages: QuickMessageItem[]; loading: boolean; error: unknown } {
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(() => quickMessageListQuery({ search }), [search])
  const { rows, loading, error } = useLiveQuery<QuickMessageRow>(db, query)
  const messages = useMemo(() => rows.map(toQuickMessageItem), [rows])
  return { messages, loading, error }
}

type Me = Pick<User, 'id' | 'profile' | 'super'>

export const isQuickMessageAdmin = (me: Me | null | undefined) => me?.profile === 'admin' || me?.super === true

/**
 * May this user change the message (docs/decisions.md "Quick messages")? Admins any; others only their
 * own, never a general one; a shared message of another user is read-only.
 */
export function canEditQuickMessage(m: Pick<QuickMessageItem, 'geral' | 'userId'>, me: Me | null | undefined): boolean {
  if (!me) return false
  if (isQuickMessageAdmin(me)) return true
  if (m.geral) return false
  return m.userId === null || m.userId === me.id
}

export function quickMessageFormValuesOf(m: QuickMessageItem): QuickMessageFormValues {
  return { shortcode: m.shortcode, message: m.message, geral: m.geral, visao: m.visao, file: null, removeMedia: false }
}

export interface LocalWriter {
  pg: LocalPg
  outbox: Outbox
}

/** POST /quick-messages through the outbox; the new message shows at once, marked pending. */
export function queueCreateQuickMessage(w: LocalWriter, me: { companyId: number; userId: number; isAdmin: boolean }, values: QuickMessageFormValues): Promise<string> {
  const body = quickMessageRequestBody(values, me.isAdmin)
  const value = { ...quickMessageRowValue(body), company_id: me.companyId, user_id: me.userId }
  return queueWrite(w, { method: 'POST', path: '/quick-messages', body }, { table: 'quick_messages', op: 'insert', value })
}

/** PUT /quick-messages/{id} through the outbox; the row shows the edit at once. */
export function queueUpdateQuickMessage(w: LocalWriter, id: number, isAdmin: boolean, values: QuickMessageFormValues): Promise<string> {
  const body = quickMessageRequestBody(values, isAdmin)
  return queueWrite(w, { method: 'PUT', path: `/quick-messages/${id}`, body }, { table: 'quick_messages', op: 'update', rowKey: { id }, value: quickMessageRowValue(body) })
}

/** DELETE /quick-messages/{id} through the outbox; the row hides at once. */
export function queueDeleteQuickMessage(w: LocalWriter, id: number): Promise<string> {
  return queueWrite(w, { method: 'DELETE', path: `/quick-messages/${id}` }, { table: 'quick_messages', op: 'delete', rowKey: { id } })
}

/**
 * The server id of a queued POST, once the outbox has sent it (an attachment needs the id). Rejects
 * with the write's error when refused, or after `timeoutMs`.
 */
export function createdIdOf(outbox: Outbox, clientId: string, timeoutMs = 20_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(new Error('ERR_NETWORK'))), timeoutMs)
    const off = outbox.onEvent((e) => {
      if (e.write.id !== clientId) return
      if (e.type === 'sent') finish(() => resolve(Number((e.result.body as { id?: unknown } | null)?.id)))
      else if (e.type === 'failed' || e.type === 'discarded') finish(() => reject({ error: e.write.error?.code ?? 'ERR_UNKNOWN' }))
    })
    function finish(settle: () => void) {
      clearTimeout(timer)
      off()
      settle()
    }
  })
}

/** POST /quick-messages/{id}/media-upload (multipart file, typeArch): online only, like the avatar. */
export function uploadQuickMessageMedia(id: number, file: File): Promise<unknown> {
  const form = new FormData()
  form.append('typeArch', 'quickMessage')
  form.append('file', file)
  return api(`/quick-messages/${id}/media-upload`, { method: 'POST', form })
}

/** DELETE /quick-messages/{id}/media-upload: removes the attachment (online only). */
export function removeQuickMessageMedia(id: number): Promise<unknown> {
  return api(`/quick-messages/${id}/media-upload`, { method: 'DELETE' })
}

/** The Quick messages page's writes, bound to this tab's database and outbox (null until they are open). */
export function useQuickMessageActions() {
  const lf = useLocalFirst()
  const me = useAtomValue(userAtom)
  return useMemo(() => {
    if (!lf || !me) return null
    const w: LocalWriter = { pg: lf.db, outbox: lf.outbox }
    const isAdmin = isQuickMessageAdmin(me)
    return {
      create: (values: QuickMessageFormValues) => queueCreateQuickMessage(w, { companyId: me.companyId, userId: me.id, isAdmin }, values),
      update: (id: number, values: QuickMessageFormValues) => queueUpdateQuickMessage(w, id, isAdmin, values),
      remove: (id: number) => queueDeleteQuickMessage(w, id),
      createdId: (clientId: string) => createdIdOf(lf.outbox, clientId),
      ...outboxControls(lf.outbox),
    }
  }, [lf, me])
}

/** Quick answer labels in the chat's '/' menu are cut here (spec part 1 §2 Message input). */
export const QUICK_ANSWER_LABEL_MAX = 90

export interface QuickAnswer {
  key: string
  id: number | null
  shortcode: string
  /** The text put into the chat input. */
  message: string
  /** `shortcode - message`, cut at 90 characters. */
  label: string
  mediaPath: string | null
  mediaName: string | null
}

export const truncateLabel = (text: string, max = QUICK_ANSWER_LABEL_MAX) => (text.length > max ? `${text.slice(0, max)}...` : text)

/**
 * The quick answers for what is typed in the chat input: nothing unless it starts with '/'; then the
 * messages whose shortcode starts with what follows the '/' (case-insensitive), then those that only
 * contain it, each group in the list's order. A bare '/' offers them all.
 */
export function quickAnswerMatches(text: string, messages: readonly QuickMessageItem[]): QuickAnswer[] {
  if (!text.startsWith('/')) return []
  const term = text.slice(1).toLowerCase()
  const starts: QuickMessageItem[] = []
  const contains: QuickMessageItem[] = []
  for (const m of messages) {
    const code = m.shortcode.toLowerCase()
    if (code.startsWith(term)) starts.push(m)
    else if (code.includes(term)) contains.push(m)
  }
  return [...starts, ...contains].map((m) => ({
    key: m.key,
    id: m.id,
    shortcode: m.shortcode,
    message: m.message,
    label: truncateLabel(`${m.shortcode} - ${m.message}`),
    mediaPath: m.mediaPath,
    mediaName: m.mediaName,
  }))
}

/** The quick answers for the chat input's text, from the local database, live (empty unless it starts with '/'). */
export function useQuickAnswers(text: string): QuickAnswer[] {
  const active = text.startsWith('/')
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(() => quickMessageListQuery({ search: '' }), [])
  // Always watched while the chat is open, so the menu shows at once when '/' is typed.
  const { rows } = useLiveQuery<QuickMessageRow>(db, query)
  return useMemo(() => (active ? quickAnswerMatches(text, rows.map(toQuickMessageItem)) : []), [active, text, rows])
}
