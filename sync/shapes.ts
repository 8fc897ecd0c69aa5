/**
 * The catalogue of shapes: which tables reach a browser, which of their columns, and which rows.
 * The server alone decides; a client names a table and nothing else (issue 3, ARCHITECTURE "Sync").
 * Where clauses are SQL over the table's own columns with integers inlined (they come from the
 * verified token and our own rows, never from the request), so the same text works in the built-in
 * server and, in proxy mode, as Electric's `where`.
 */

/** Who is asking, reduced to what the shapes need. */
export interface ShapeScope {
  companyId: number
  userId: number
  isAdmin: boolean
  isSuper: boolean
  /** allTicket: sees tickets without a queue */
  seesNoQueue: boolean
  /** allowGroup: sees group tickets */
  seesGroups: boolean
  queueIds: number[]
  /** lgpdHideNumber for a plain user: contact numbers leave the server masked */
  maskNumbers: boolean
  /** admin or allowConnections: manages connections, so receives their QR codes */
  managesConnections: boolean
}

export interface ShapeEntry {
  table: string
  primaryKey: string[]
  /** Columns that never leave the server (secrets, provider payloads, search vectors). */
  exclude: string[]
  /** Columns whose value is rewritten for this scope: column → SQL expression over the row alias. */
  masked?: (scope: ShapeScope) => Record<string, ColumnMask>
  /** The rows this scope receives; `subquery` marks clauses only the built-in server evaluates. */
  where: (scope: ShapeScope) => string
  /** Column holding the company, for the log's prefilter; null for a global table. */
  companyColumn: string | null
  /**
   * Rows hanging off another table's row (a ticket's messages): who sees them follows that row. The change
   * log keeps the parent's columns with each change and logs moves when they change (migration 0019);
   * `where` is the parent's condition over those columns, null when the scope sees every parent.
   */
  parent?: { table: string; where: (scope: ShapeScope) => string | null }
}

const int = (n: number) => String(Math.trunc(n))
const company = (s: ShapeScope) => `company_id = ${int(s.companyId)}`

/** The tickets a scope may see (spec part 1 §6, issue 3): admins all; others their queues, their own,
 * queue-less ones with allTicket; group tickets only with allowGroup, for admins too. */
export function ticketVisibility(s: ShapeScope): string {
  // Group tickets need allowGroup, admins included (server/domain/ticket-visibility.ts canSeeTicket).
  if (s.isAdmin) return s.seesGroups ? company(s) : `${company(s)} and is_group = false`
  const mine = [`user_id = ${int(s.userId)}`]
  if (s.queueIds.length) mine.push(`queue_id in (${s.queueIds.map(int).join(', ')})`)
  if (s.seesNoQueue) mine.push('queue_id is null')
  const groups = s.seesGroups ? '' : ' and is_group = false'
  return `${company(s)} and (${mine.join(' or ')})${groups}`
}

const seesEveryTicket = (s: ShapeScope) => s.isAdmin && s.seesGroups

/** Rows hanging off a ticket follow the ticket's visibility (built-in server only: a subquery). */
const viaTicket = (s: ShapeScope) =>
  seesEveryTicket(s) ? company(s) : `${company(s)} and ticket_id in (select id from tickets where ${ticketVisibility(s)})`

/** In the change log, the same rule over the ticket's columns as they were at each change. */
const ticketParent = { table: 'tickets', where: (s: ShapeScope) => (seesEveryTicket(s) ? null : ticketVisibility(s)) }

/**
 * A column rewrite: SQL over the row alias for the built-in server, and the same rule on a value for
 * proxy mode, where Electric sends the raw value and the proxy rewrites it.
 */
export type ColumnMask = ((col: string) => string) & { value: (v: string) => string }
type Masks = Record<string, ColumnMask>
const noMasks: Masks = {}

/** All but the last two characters hidden. */
export const maskNumber: ColumnMask = Object.assign(
  (col: string) => `case when ${col} is null then null else repeat('*', greatest(length(${col}) - 2, 0)) || right(${col}, 2) end`,
  { value: (v: string) => '*'.repeat(Math.max(v.length - 2, 0)) + v.slice(-2) },
)

const blank: ColumnMask = Object.assign(() => `''`, { value: () => '' })

const companyWide = (table: string, primaryKey: string[] = ['id'], exclude: string[] = []): ShapeEntry => ({
  table,
  primaryKey,
  exclude,
  where: company,
  companyColumn: 'company_id',
})

export const shapeCatalogue: Record<string, ShapeEntry> = {
  companies: {
    table: 'companies',
    primaryKey: ['id'],
    exclude: ['email', 'phone', 'document', 'address_street', 'address_state', 'address_city', 'payment_method',
      'folder_size', 'number_file_folder', 'updated_at_folder', 'last_login'],
    where: (s) => `id = ${int(s.companyId)}`,
    companyColumn: 'id',
  },
  users: companyWide('users', ['id'], ['password_hash']),
  queues: companyWide('queues', ['id'], ['token']),
  user_queues: companyWide('user_queues', ['user_id', 'queue_id']),
  whatsapps: {
    ...companyWide('whatsapps', ['id'], ['token', 'channel_config']),
    // The QR code pairs a phone with the company's number: only those who manage connections see it.
    masked: (s): Masks => (s.managesConnections ? noMasks : { qrcode: blank }),
  },
  whatsapp_queues: companyWide('whatsapp_queues', ['whatsapp_id', 'queue_id']),
  company_settings: companyWide('company_settings', ['company_id']),
  contacts: {
    ...companyWide('contacts', ['id'], ['lid', 'remote_jid', 'name_folded']),
    masked: (s): Masks => (s.maskNumbers ? { number: maskNumber } : noMasks),
  },
  contact_custom_fields: companyWide('contact_custom_fields'),
  tags: companyWide('tags'),
  contact_tags: companyWide('contact_tags', ['contact_id', 'tag_id']),
  tickets: { table: 'tickets', primaryKey: ['id'], exclude: ['data_webhook', 'hash_flow_id', 'contact_name_folded', 'contact_number', 'typebot_session_id', 'typebot_session_at'], where: ticketVisibility, companyColumn: 'company_id' },
  ticket_tags: { table: 'ticket_tags', primaryKey: ['ticket_id', 'tag_id'], exclude: [], where: viaTicket, companyColumn: 'company_id', parent: ticketParent },
  ticket_notes: { table: 'ticket_notes', primaryKey: ['id'], exclude: [], where: viaTicket, companyColumn: 'company_id', parent: ticketParent },
  messages: {
    table: 'messages',
    primaryKey: ['id'],
    exclude: ['data_json', 'remote_jid', 'body_tsv'],
    masked: (s): Masks => (s.maskNumbers ? { participant: maskNumber } : noMasks),
    where: viaTicket,
    companyColumn: 'company_id',
    parent: ticketParent,
  },
  quick_messages: {
    ...companyWide('quick_messages'),
    // What GET /quick-messages/list answers: the general ones, those shared (visao) and the user's own.
    where: (s) => `${company(s)} and (geral = true or visao = true or user_id = ${int(s.userId)})`,
  },
}

/**
 * The changes that can change a user's ShapeScope (shape-route.ts resolveScope reads them): the user's
 * own row (these columns), their queue memberships, and the company's LGPD setting for every plain user.
 * A held request of a user whose scope changed answers must-refetch at once (docs/decisions.md "Moves").
 */
export const scopeSources: { relation: string; userKey: string | null; columns: string[] | null }[] = [
  { relation: 'users', userKey: 'id', columns: ['profile', 'super', 'all_ticket', 'allow_group', 'allow_connections'] },
  { relation: 'user_queues', userKey: 'user_id', columns: null },
  { relation: 'company_settings', userKey: null, columns: ['lgpd_hide_number'] },
]

export type ShapeTable = keyof typeof shapeCatalogue

export function findShape(table: string): ShapeEntry | undefined {
  const name = table.replace(/^"?public"?\./, '').replace(/^"(.*)"$/, '$1')
  return Object.hasOwn(shapeCatalogue, name) ? shapeCatalogue[name] : undefined
}
