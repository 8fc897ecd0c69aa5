import type { OutboxWrite } from '../../../../sync/client/outbox.ts'
import type { SyncStatus } from '../../../../sync/client/sync-status.ts'
import type { SqlQuery } from '../../lib/live-query.ts'
import type { LocalFirstState } from '../../state/local-first.ts'

/** What the top bar's sync dot shows. */
export type SyncIndicatorState = 'syncing' | 'up-to-date' | 'offline' | 'error'

/**
 * The dot's state from the database's, the worker's sync status and the browser's connectivity: offline
 * wins (a failed long-poll while offline is no error), a database that is still opening is syncing.
 */
export function syncIndicatorState(db: LocalFirstState['state'], sync: SyncStatus, online: boolean): { state: SyncIndicatorState; error: string | null } {
  if (!online) return { state: 'offline', error: null }
  if (db === 'failed') return { state: 'error', error: 'ERR_LOCAL_DB' }
  if (db !== 'open') return { state: 'syncing', error: null }
  if (sync.state === 'error') return sync.error === 'ERR_NETWORK' ? { state: 'offline', error: null } : { state: 'error', error: sync.error }
  if (sync.state === 'up-to-date') return { state: 'up-to-date', error: null }
  return { state: 'syncing', error: null }
}

/** Records a queued write names by id; the popover reads their names from the local database. */
export interface WriteRefs {
  ticketId?: number
  userId?: number
  contactId?: number
  quickMessageId?: number
}

/** A queued write as the pending-writes list shows it: an i18n key under sync.writes and its values. */
export interface WriteSummary {
  id: string
  key: string
  vars: Record<string, string | number>
  refs: WriteRefs
  failed: boolean
  /** The server's refusal (ERR_* code), for failed writes. */
  error: string | null
  /** The last retryable failure (ERR_NETWORK, HTTP_503…) of a write still pending. */
  lastFailure: string | null
}

const TEXT_MAX = 40
const excerpt = (text: unknown) => {
  const t = typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : ''
  return t.length > TEXT_MAX ? `${t.slice(0, TEXT_MAX - 1)}…` : t
}
const num = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined)
const named = (body: Record<string, unknown>, field = 'name') => (typeof body[field] === 'string' ? String(body[field]).trim() : '')

type Described = Pick<WriteSummary, 'key' | 'vars' | 'refs'>

/** What a write does, read from its method, path and body as a person would say it (issue 13). */
function describe(method: OutboxWrite['method'], path: string, body: Record<string, unknown>): Described {
  const [resource, a, b] = path.split('?')[0].split('/').filter(Boolean)
  const id = num(a)
  const as = (key: string, vars: Record<string, string | number> = {}, refs: WriteRefs = {}): Described => ({ key, vars, refs })
  switch (resource) {
    case 'messages': {
      if (method === 'POST' && a === 'edit') return as('editMessage', { text: excerpt(body.body) })
      if (method === 'POST' && b === 'react') return as('react', { emoji: String(body.emoji ?? '') })
      if (method === 'DELETE') return as('deleteMessage')
      if (body.isPrivate === true) return as('privateMessage', { ticket: id ?? '', text: excerpt(body.body) }, { ticketId: id })
      const text = excerpt(body.body)
      return as(text ? 'reply' : 'replyMedia', { ticket: id ?? '', text }, { ticketId: id })
    }
    case 'message':
      return as('forward')
    case 'ticket-notes':
      return method === 'DELETE' ? as('deleteNote') : as('note', { ticket: Number(body.ticketId) || '' }, { ticketId: Number(body.ticketId) || undefined })
    case 'ticket-tags':
      return as(method === 'DELETE' ? 'untagTicket' : 'tagTicket', { ticket: id ?? '' }, { ticketId: id })
    case 'tickets': {
      if (a === 'closeAll') return as('closeAll')
      const action = body.isTransfered ? 'transfer' : body.status === 'open' ? 'accept' : body.status === 'closed' ? 'close' : body.status === 'pending' ? 'returnTicket' : 'updateTicket'
      return as(action, { ticket: id ?? '' }, { ticketId: id })
    }
    case 'users':
      if (a === 'toggleChangeWidht') return as('listWidth')
      return as(method === 'POST' ? 'createUser' : method === 'DELETE' ? 'deleteUser' : 'updateUser', { subject: named(body) }, { userId: id })
    case 'contacts': {
      const special: Record<string, string> = { block: body.active === false ? 'blockContact' : 'unblockContact', toggleAcceptAudio: 'contactAudio', toggleDisableBot: 'contactBot' }
      if (a && special[a]) return as(special[a], { subject: '' }, { contactId: num(b) })
      return as(method === 'POST' ? 'createContact' : method === 'DELETE' ? 'deleteContact' : 'updateContact', { subject: named(body) }, { contactId: id })
    }
    case 'quick-messages':
      return as(method === 'POST' ? 'createQuickMessage' : method === 'DELETE' ? 'deleteQuickMessage' : 'updateQuickMessage', { subject: named(body, 'shortcode') }, { quickMessageId: id })
    case 'companySettings':
      return as('setting', { setting: String(body.column ?? '') })
    case 'companies':
      return as(b === 'schedules' ? 'companyHours' : 'other', { path })
    default:
      return as('other', { path })
  }
}

export function describeWrite(write: OutboxWrite): WriteSummary {
  const body = (write.body && typeof write.body === 'object' ? write.body : {}) as Record<string, unknown>
  return {
    id: write.id,
    ...describe(write.method, write.path, body),
    failed: write.state === 'failed',
    error: write.error?.code ?? null,
    lastFailure: write.lastFailure,
  }
}

/**
 * The names the pending writes refer to, from the browser's database: a ticket's contact, a user, a
 * contact, a quick message's shortcode. Rows: kind, id, name.
 */
export function writeNamesQuery(refs: WriteRefs[]): SqlQuery {
  const ids = (k: keyof WriteRefs) => [...new Set(refs.map((r) => r[k]).filter((v): v is number => typeof v === 'number'))]
  return {
    sql: `select 'ticket' as kind, t.id, coalesce(nullif(c.name, ''), c.number) as name
            from tickets t left join contacts c on c.id = t.contact_id where t.id = any($1::int[])
          union all select 'user', u.id, u.name from users u where u.id = any($2::int[])
          union all select 'contact', c.id, coalesce(nullif(c.name, ''), c.number) from contacts c where c.id = any($3::int[])
          union all select 'quickMessage', q.id, q.shortcode from quick_messages q where q.id = any($4::int[])`,
    params: [ids('ticketId'), ids('userId'), ids('contactId'), ids('quickMessageId')],
  }
}
