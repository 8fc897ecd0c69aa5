import { hidesNumbers, maskContact } from '../contacts/contact-view.ts'
import type postgres from 'postgres'
import type { Tx } from '../../db/connect.ts'
import type { ListTicketsQuery } from '../../routes/list-tickets.schema.ts'
import type { AuthContext } from '../auth/auth-context.ts'
import { companyTimeZone } from '../companies/company-time-zone.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'
import { can } from '../permissions.ts'
import { visibleTo } from './visible-tickets.ts'
import { withinDays } from '../zone-days.ts'

/** Tickets per page of the list (the infinite scroll of spec part 1 §2 "Ticket list"). */
export const TICKETS_PAGE_SIZE = 40
/** A search's `count` stops here (docs/decisions.md "Ticket list"). */
export const SEARCH_COUNT_CAP = 1000
/** Words the planner expects in at least this share of the company's messages are searched by walking tickets. */
const DENSE_WORD_SHARE = 0.01
/** Names on at least this share of the company's newest tickets are searched by walking tickets. */
const DENSE_NAME_SHARE = 0.03
/** The longest a walk may take (ms) before the search falls back to collecting through the index; how often it did. */
export const walkBudget = { ms: 250, fallbacks: 0 }
const QUERY_CANCELED = '57014'

type Fragment = postgres.PendingQuery<postgres.Row[]>

export interface TicketListItem {
  id: number
  uuid: string
  status: string
  channel: string
  lastMessage: string
  unreadMessages: number
  isGroup: boolean
  isBot: boolean
  useIntegration: boolean
  code: string | null
  contactId: number
  queueId: number | null
  userId: number | null
  whatsappId: number | null
  updatedAt: Date
  createdAt: Date
  contact: { id: number; name: string; number: string; urlPicture: string | null }
  queue: { id: number; name: string; color: string } | null
  user: { id: number; name: string } | null
  whatsapp: { id: number; name: string; channel: string } | null
  tags: { id: number; name: string; color: string }[]
}

export interface TicketListPage {
  tickets: TicketListItem[]
  count: number
  hasMore: boolean
}

/**
 * GET /tickets (spec part 1 §7): one page of the ticket list. Visibility (§6, the rules of canSeeTicket)
 * is part of the SQL, whatever the query asks; showAll widens the list beyond the actor's own and unowned
 * tickets only for 'tickets:showAll'. Contact numbers leave masked for a plain user under lgpdHideNumber.
 */
export async function listTickets(ctx: DomainCtx, query: ListTicketsQuery): Promise<TicketListPage> {
  const { tx, auth } = ctx
  const search = query.searchParam
  const masked = await hidesNumbers(tx, auth)
  const patterns = search ? patternsOf(search, masked) : null
  const mode = patterns ? await searchMode(tx, patterns, query.searchOnMessages) : null
  const read = (sql: Tx, m: SearchMode | null) => readPage(sql, auth, query, patterns, m)
  const walked = isWalk(mode) ? await withinBudget(tx, (sp) => read(sp, mode)) : null
  if (isWalk(mode) && !walked) walkBudget.fallbacks++
  const { rows, count, page } = walked ?? (await read(tx, mode && collectInstead(mode)))
  const { records, hasMore } = splitPage(rows, page)
  return { tickets: masked ? records.map((t) => ({ ...t, contact: maskContact(t.contact, true) })) : records, count, hasMore }
}

/**
 * How a search finds its tickets. By contact alone: 'names' collects the tickets of the matching
 * contacts through the trigram index; 'walk-names' (a name on a few percent of the newest tickets)
 * walks the newest tickets checking the name and number each keeps of its contact, in the index walked
 * (migrations/0016_*). With the messages: 'messages' collects through the full-text index;
 * 'walk-messages' (a word in at least 1% of the messages) walks checking each ticket's messages. A walk
 * fills a page after a few hundred tickets where a collect gathers thousands.
 */
type SearchMode = 'names' | 'walk-names' | 'messages' | 'walk-messages'

const isWalk = (mode: SearchMode | null) => mode === 'walk-names' || mode === 'walk-messages'
const collectInstead = (mode: SearchMode): SearchMode => (mode === 'walk-names' ? 'names' : mode === 'walk-messages' ? 'messages' : mode)

/**
 * The plan, from the share of the newest tickets whose contact matches (measured, migrations/0017_*), or
 * of the messages the planner expects the word in (its lexeme statistics).
 */
async function searchMode(tx: Tx, p: Patterns, onMessages: boolean): Promise<SearchMode> {
  if (onMessages) {
    const [{ share }] = await tx<{ share: number }[]>`select app_search_message_share(${p.search}) as share`
    return share >= DENSE_WORD_SHARE ? 'walk-messages' : 'messages'
  }
  const [{ share }] = await tx<{ share: number }[]>`select app_search_name_share(${p.name}, ${p.number}::text) as share`
  return share >= DENSE_NAME_SHARE ? 'walk-names' : 'names'
}

/** One page of the list and its count, with the search done as asked. */
async function readPage(tx: Tx, auth: AuthContext, query: ListTicketsQuery, patterns: Patterns | null, mode: SearchMode | null) {
  const search = query.searchParam
  const ownOrUnowned = keepsToOwnAndUnowned(auth, query.showAll)
  const zone = query.date || query.updatedAt ? await companyTimeZone(tx, auth.user.companyId) : 'UTC'
  const rest = [...visibleTo(tx, auth), ...filtersOf(tx, query, zone), ...(patterns && mode ? [searchOf(tx, patterns, mode)] : [])]
  const restWhere = rest.reduce((a, b) => tx`${a} and ${b}`)
  const where = ownOrUnowned ? tx`${restWhere} and (t.user_id = ${auth.user.id} or t.user_id is null)` : restWhere
  const walk = isWalk(mode)
  const page = pageOf(query.pageNumber, TICKETS_PAGE_SIZE)
  const order = query.sortTickets === 'ASC' ? tx`t.updated_at asc, t.id asc` : tx`t.updated_at desc, t.id desc`
  // The page is picked from tickets alone (an index walk for the live tabs, tickets_live_updated_idx), and
  // only its rows are joined and turned into JSON.
  const [, rows, [{ count }]] = await Promise.all([
    planFor(tx, query, walk),
    tx<TicketListItem[]>`
    select t.id, t.uuid::text as uuid, t.status, t.channel, t.last_message, t.unread_messages, t.is_group, t.is_bot,
           t.use_integration, t.code, t.contact_id, t.queue_id, t.user_id, t.whatsapp_id, t.updated_at, t.created_at,
           json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'urlPicture', c.url_picture) as contact,
           case when q.id is null then null else json_build_object('id', q.id, 'name', q.name, 'color', q.color) end as queue,
           case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end as "user",
           case when w.id is null then null else json_build_object('id', w.id, 'name', w.name, 'channel', w.channel) end as whatsapp,
           coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by g.name)
                       from ticket_tags tt join tags g on g.id = tt.tag_id where tt.ticket_id = t.id), '[]'::json) as tags
      from (select t.id from tickets t where ${where} order by ${order} limit ${page.limit + 1} offset ${page.offset}) p
      join tickets t on t.id = p.id
      join contacts c on c.id = t.contact_id
      left join queues q on q.id = t.queue_id
      left join users u on u.id = t.user_id
      left join whatsapps w on w.id = t.whatsapp_id
     order by ${order}`,
    // A search counts its matches up to SEARCH_COUNT_CAP: past that, counting would cost more than the page.
    // A walk kept to the actor's own and unowned tickets reads those two ranges of tickets_company_user_idx
    // (migrations/0018_*) instead of every ticket of the company, of which it may see a tenth.
    !search
      ? tx<{ count: number }[]>`select count(*)::int as count from tickets t where ${where}`
      : walk && ownOrUnowned
        ? tx<{ count: number }[]>`select count(*)::int as count from (
            (select 1 from tickets t where t.user_id = ${auth.user.id} and ${restWhere})
            union all
            (select 1 from tickets t where t.user_id is null and ${restWhere})
            limit ${SEARCH_COUNT_CAP}) s`
        : tx<{ count: number }[]>`select count(*)::int as count from (select 1 from tickets t where ${where} limit ${SEARCH_COUNT_CAP}) s`,
    walk ? tx`select set_config('enable_bitmapscan', current_setting('balcao.walk_bitmapscan'), true),
                     set_config('enable_seqscan', current_setting('balcao.walk_seqscan'), true)`.execute() : null,
  ])
  return { rows, count, page }
}

/**
 * Planner settings for the page, sent ahead of it on the same connection.
 * - A live tab's plan does not depend on the values asked (the literal status list keeps it on the
 *   partial index): planned once per connection, not on every call (1.5 ms of a 4 ms request). The
 *   request's transaction ends with the list.
 * - A walk's page must be a walk. The planner cannot tell how soon the matches come and, under the
 *   tenant policy, expects a handful: it would gather every ticket the actor may see and sort them
 *   (80 ms for a name one contact in twenty bears, against a few ms walked). Bitmap and sequential
 *   scans are off for the page and its count, which walks too; the statement after them puts them back.
 */
function planFor(tx: Tx, query: ListTicketsQuery, walk: boolean) {
  if (walk) {
    return tx`select set_config('balcao.walk_bitmapscan', current_setting('enable_bitmapscan'), true),
                     set_config('balcao.walk_seqscan', current_setting('enable_seqscan'), true),
                     set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`.execute()
  }
  if (query.status && isLive(query.status) && !query.searchParam) {
    return tx`select set_config('plan_cache_mode', 'force_generic_plan', true)`.execute()
  }
  return null
}

/**
 * A walk reads the newest tickets until the page fills. The statistics tell how often a word or a name
 * is used, not when: one common only in old tickets would make the walk read most of them. It gets
 * walkBudget.ms per statement, in a savepoint; past that it is cancelled (null) and the caller collects
 * the tickets through the index instead.
 */
async function withinBudget<T>(tx: Tx, walk: (sp: Tx) => Promise<T>): Promise<T | null> {
  try {
    return (await tx.savepoint(async (sp) => {
      const [{ previous }] = await sp<{ previous: string }[]>`
        select current_setting('statement_timeout') as previous, set_config('statement_timeout', ${String(walkBudget.ms)}, true)`
      const out = await walk(sp)
      await sp`select set_config('statement_timeout', ${previous}, true)`
      return out
    })) as T
  } catch (err) {
    if ((err as { code?: string }).code === QUERY_CANCELED) return null
    throw err
  }
}

/** Without an allowed showAll the list keeps to the actor's own tickets and unowned ones. */
const keepsToOwnAndUnowned = (auth: AuthContext, showAll: boolean) => !(showAll && can(auth, 'tickets:showAll'))

/** The client's filters, each one narrowing the visible set; `date` and `updatedAt` are days in the company's zone. */
function filtersOf(tx: Tx, q: ListTicketsQuery, zone: string): Fragment[] {
  const f: Fragment[] = []
  // The literal list lets even a generic plan of a live tab walk the partial index tickets_live_updated_idx.
  if (q.status) f.push(isLive(q.status) ? tx`t.status = ${q.status} and t.status in ('open', 'pending')` : tx`t.status = ${q.status}`)
  if (q.statusFilter?.length) f.push(tx`t.status = any(${q.statusFilter}::text[])`)
  if (q.queueIds?.length) f.push(tx`(t.queue_id = any(${q.queueIds}::int[]) or t.queue_id is null)`)
  if (q.users?.length) f.push(tx`t.user_id = any(${q.users}::int[])`)
  if (q.whatsapps?.length) f.push(tx`t.whatsapp_id = any(${q.whatsapps}::int[])`)
  if (q.tags?.length) {
    const tags = [...new Set(q.tags)]
    f.push(tx`(select count(*)::int from ticket_tags tt where tt.ticket_id = t.id and tt.tag_id = any(${tags}::int[])) = ${tags.length}`)
  }
  if (q.withUnreadMessages) f.push(tx`t.unread_messages > 0`)
  if (q.date) f.push(...withinDays(tx, tx`t.created_at`, zone, q.date, q.date))
  if (q.updatedAt) f.push(...withinDays(tx, tx`t.updated_at`, zone, q.updatedAt, q.updatedAt))
  return f
}

const isLive = (status: string) => status === 'open' || status === 'pending'

interface Patterns {
  search: string
  /** LIKE pattern over the folded name */
  name: string
  /** LIKE pattern over the number; null when the actor may not search numbers (masked) */
  number: string | null
}

function patternsOf(search: string, masked: boolean): Patterns {
  return { search, name: likePattern(search.toLowerCase()), number: masked ? null : likePattern(search.replace(/\D/g, '') || search) }
}

/**
 * Contact name (accent- and case-folded) or number; a masked actor cannot search by number. With the
 * messages, also the text of the ticket's messages; deleted messages are not searched. The lookups are
 * the functions of migrations/0010_*, 0014_* and 0015_*, which reach the trigram and full-text indexes
 * (contacts_name_folded_trgm_idx, messages_body_tsv_idx) that row-level security keeps from a plain
 * LIKE or @@. A walk needs no index: it checks each ticket's contact or messages.
 */
function searchOf(tx: Tx, p: Patterns, mode: SearchMode): Fragment {
  const contactIds = tx`select app_search_contacts(${p.name}, ${p.number}::text)`
  // The ticket's copy of its contact's name and number (migrations/0016_*), read from the index walked.
  // The pattern is folded once (an init plan), not on every ticket walked, whatever plan is cached.
  const byOwnContact = tx`(t.contact_name_folded like (select app_search_fold(${p.name})) or t.contact_number like ${p.number}::text)`
  switch (mode) {
    case 'names':
      return tx`t.contact_id in (${contactIds})`
    case 'walk-names':
      return byOwnContact
    case 'walk-messages':
      // The page fills within a few dozen tickets; `offset 0` keeps the planner from turning the check
      // into one hash of every matching message.
      return tx`(${byOwnContact} or exists (select 1 from messages m where m.ticket_id = t.id and m.is_deleted = false
                                            and m.body_tsv @@ plainto_tsquery('simple', app_search_fold(${p.search})) offset 0))`
    case 'messages':
      // As arrays, both id lists drive the ticket indexes (a BitmapOr) instead of a walk of every ticket.
      return tx`(t.contact_id = any(array(${contactIds})) or t.id = any(array(select app_search_message_tickets(${p.search}))))`
  }
}
