import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import { optimisticSelect, queueWrite } from '../../../../sync/client/optimistic.ts'
import { api } from '../../lib/api.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import { containsPattern, folded, type LocalWriter } from '../../lib/local-sql.ts'
import { outboxControls } from '../../lib/outbox-save.ts'
import { userAtom } from '../../state/auth.ts'
import { tagRequestBody, type TagFormValues } from './tag-form.ts'

/** A row of the tags page: synced, or a local write the server has not confirmed yet. */
export interface TagItem {
  key: string
  id: number | null
  clientId: string | null
  name: string
  color: string
  kanban: boolean
  /** Tickets in this user's view carrying the tag, and contacts carrying it. */
  ticketCount: number
  contactCount: number
  pending: boolean
  error: string | null
}

interface TagRow {
  id: number | null
  client_id: string | null
  pending: boolean
  error: string | null
  name: string | null
  color: string | null
  kanban: number | null
  ticket_count: number | string
  contact_count: number | string
}

/** The tags page's list over the local database: search by name in lowercase, sorted by name. */
export function tagListQuery(search: string): SqlQuery {
  const s = search.trim()
  return {
    sql: `select g.id, g.client_id, g.pending, g.error, g.name, g.color, g.kanban,
                 (select count(*) from (${optimisticSelect('ticket_tags')}) tt where tt.tag_id = g.id) as ticket_count,
                 (select count(*) from (${optimisticSelect('contact_tags')}) ct where ct.tag_id = g.id) as contact_count
            from (${optimisticSelect('tags')}) g
           ${s ? `where ${folded('g.name')} like $1` : ''}
           order by lower(g.name), g.id nulls last, g.client_id`,
    params: s ? [containsPattern(s)] : [],
  }
}

export function toTagItem(r: TagRow): TagItem {
  return {
    key: r.id !== null ? String(r.id) : `local-${r.client_id}`,
    id: r.id,
    clientId: r.client_id,
    name: r.name ?? '',
    color: r.color || '#64748b',
    kanban: Number(r.kanban) === 1,
    ticketCount: Number(r.ticket_count),
    contactCount: Number(r.contact_count),
    pending: r.pending,
    error: r.error,
  }
}

export function useTagList(search: string): { tags: TagItem[]; loading: boolean; error: unknown } {
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(() => tagListQuery(search), [search])
  const { rows, loading, error } = useLiveQuery<TagRow>(db, query)
  return { tags: useMemo(() => rows.map(toTagItem), [rows]), loading, error }
}

/** A tag as a picker offers it. */
export interface TagChoice {
  id: number
  name: string
  color: string
}

/** The company's synced tags for a picker, by name. */
export function useTagChoices(): TagChoice[] {
  const db = useLocalFirst()?.db ?? null
  return useLiveQuery<TagChoice>(db, TAG_CHOICES).rows
}
const TAG_CHOICES: SqlQuery = { sql: `select id, name, coalesce(nullif(color, ''), '#64748b') as color from tags order by lower(name), id`, params: [] }

export interface TagContact {
  id: number
  name: string
  number: string
}

/** The contacts carrying a tag (the tag-contacts dialog), pending removals hidden. */
export function tagContactsQuery(tagId: number): SqlQuery {
  return {
    sql: `select c.id, c.name, c.number from (${optimisticSelect('contact_tags')}) ct join contacts c on c.id = ct.contact_id
           where ct.tag_id = $1 order by lower(c.name), c.id`,
    params: [tagId],
  }
}

export function useTagContacts(tagId: number | null): TagContact[] {
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(() => (tagId === null ? null : tagContactsQuery(tagId)), [tagId])
  return useLiveQuery<TagContact>(query ? db : null, query ?? { sql: 'select 1 where false', params: [] }).rows
}

const rowValue = (v: TagFormValues) => {
  const body = tagRequestBody(v)
  return { name: body.name, color: body.color, kanban: body.kanban }
}

/** POST /tags through the outbox; the tag shows at once, marked pending. */
export function queueCreateTag(w: LocalWriter, companyId: number, values: TagFormValues): Promise<string> {
  return queueWrite(w, { method: 'POST', path: '/tags', body: tagRequestBody(values) }, { table: 'tags', op: 'insert', value: { ...rowValue(values), company_id: companyId } })
}

/** PUT /tags/{id} through the outbox. */
export function queueUpdateTag(w: LocalWriter, id: number, values: TagFormValues): Promise<string> {
  return queueWrite(w, { method: 'PUT', path: `/tags/${id}`, body: tagRequestBody(values) }, { table: 'tags', op: 'update', rowKey: { id }, value: rowValue(values) })
}

/** DELETE /tags/{id} through the outbox; the tag hides at once (the server drops it from tickets and contacts). */
export function queueDeleteTag(w: LocalWriter, id: number): Promise<string> {
  return queueWrite(w, { method: 'DELETE', path: `/tags/${id}` }, { table: 'tags', op: 'delete', rowKey: { id } })
}

/** DELETE /tags-contacts/{tagId}/{contactId}: one contact leaves the tag. */
export function queueRemoveTagContact(w: LocalWriter, tagId: number, contactId: number): Promise<string> {
  return queueWrite(
    w,
    { method: 'DELETE', path: `/tags-contacts/${tagId}/${contactId}` },
    { table: 'contact_tags', op: 'delete', rowKey: { contact_id: contactId, tag_id: tagId } },
  )
}

export interface CreatedTag {
  id: number
  name: string
  color: string
}

/**
 * POST /tags straight to the API, for a tag typed into a ticket's or contact's tag field: the next step
 * (putting it on the ticket) needs its id, so this one is online only.
 */
export function createTagNow(name: string, color: string): Promise<CreatedTag> {
  return api<CreatedTag>('/tags', { method: 'POST', json: { name: name.trim(), color, kanban: 0 } })
}

/** The tags page's writes, bound to this tab's database and outbox (null until they are open). */
export function useTagActions() {
  const lf = useLocalFirst()
  const companyId = useAtomValue(userAtom)?.companyId
  return useMemo(() => {
    if (!lf || !companyId) return null
    const w: LocalWriter = { pg: lf.db, outbox: lf.outbox }
    return {
      create: (values: TagFormValues) => queueCreateTag(w, companyId, values),
      update: (id: number, values: TagFormValues) => queueUpdateTag(w, id, values),
      remove: (id: number) => queueDeleteTag(w, id),
      removeContact: (tagId: number, contactId: number) => queueRemoveTagContact(w, tagId, contactId),
      ...outboxControls(lf.outbox),
    }
  }, [lf, companyId])
}
