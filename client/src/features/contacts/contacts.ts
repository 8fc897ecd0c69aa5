import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import type { LocalPg } from '../../../../sync/client/local-pg.ts'
import { optimisticSelect, queueWrite } from '../../../../sync/client/optimistic.ts'
import { userAtom } from '../../state/auth.ts'
import { contactRequestBody, numberDigits, type ContactFormValues } from './contact-form.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import { outboxControls } from '../../lib/outbox-save.ts'
import { containsPattern, folded, type LocalWriter, jsonList } from '../../lib/local-sql.ts'

/** Rows per page of the list's infinite scroll. */
export const CONTACT_PAGE_SIZE = 40

export interface ContactTag {
  id: number
  name: string
  color: string
}

/** A row of the contacts list: synced, or a local write the server has not confirmed yet. */
export interface ContactListItem {
  /** Stable React key: the id, or the client id of a contact created here and not yet synced. */
  key: string
  id: number | null
  clientId: string | null
  name: string
  number: string
  email: string
  /** false: blocked. */
  active: boolean
  isGroup: boolean
  tags: ContactTag[]
  pending: boolean
  /** The server refused the pending write (ERR_* code). */
  error: string | null
}

export interface ContactListFilter {
  search: string
  limit: number
  offset?: number
}

type ContactRow = {
  id: number | null
  client_id: string | null
  pending: boolean
  error: string | null
  name: string | null
  number: string | null
  email: string | null
  active: boolean | null
  is_group: boolean | null
  tags: ContactTag[] | string | null
}

/**
 * The contacts list over the local database (synced rows with pending writes laid over them): search in
 * lowercase by name or email, or (a search that is a phone number) by the number's digits (spec part 2 §5 "All lists with search"),
 * sorted by name like GET /contacts, one window of `limit` rows.
 */
export function contactListQuery(f: ContactListFilter): SqlQuery {
  const params: unknown[] = []
  const p = (v: unknown) => `$${params.push(v)}`
  const search = f.search.trim()
  let where = ''
  if (search) {
    const like = p(containsPattern(search))
    const branches = [`${folded('c.name')} like ${like}`, `${folded('c.email')} like ${like}`]
    const digits = numberDigits(search)
    if (digits) branches.push(`c.number like ${p(`%${digits}%`)}`)
    where = `where ${branches.join(' or ')}`
  }
  const sql = `
    select c.id, c.client_id, c.pending, c.error, c.name, c.number, c.email, c.active, c.is_group,
           (select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by g.name), '[]'::json)
              from contact_tags ct join tags g on g.id = ct.tag_id where ct.contact_id = c.id) as tags
      from (${optimisticSelect('contacts')}) c
     ${where}
     order by lower(c.name), c.id nulls last, c.client_id
     limit ${p(f.limit)} offset ${p(f.offset ?? 0)}`
  return { sql, params }
}

export function toContactListItem(r: ContactRow): ContactListItem {
  return {
    key: r.id !== null ? String(r.id) : `local-${r.client_id}`,
    id: r.id,
    clientId: r.client_id,
    name: r.name ?? '',
    number: r.number ?? '',
    email: r.email ?? '',
    active: r.active !== false,
    isGroup: r.is_group === true,
    tags: jsonList(r.tags),
    pending: r.pending,
    error: r.error,
  }
}

/** One window of the contacts list, read from a database (the export walks the list with it). */
export async function readContacts(pg: LocalPg, filter: ContactListFilter): Promise<ContactListItem[]> {
  const q = contactListQuery(filter)
  const { rows } = await pg.query<ContactRow>(q.sql, q.params)
  return rows.map(toContactListItem)
}

/** The first `limit` contacts matching the search, live; hasMore says the next page may hold more. */
export function useContactList(search: string, limit: number) {
  const db = useLocalFirst()?.db ?? null
  const query = useMemo(() => contactListQuery({ search, limit }), [search, limit])
  const { rows, loading, error } = useLiveQuery<ContactRow>(db, query)
  const contacts = useMemo(() => rows.map(toContactListItem), [rows])
  return { contacts, loading, error, hasMore: contacts.length >= limit }
}

export function contactFormValuesOf(c: ContactListItem): ContactFormValues {
  return { name: c.name, number: c.number, email: c.email, tagIds: c.tags.map((g) => g.id) }
}

export type { LocalWriter }

/** The contacts row's columns of a request body (its tags are rows of contact_tags, synced once taken). */
function contactRowOf(body: ReturnType<typeof contactRequestBody>) {
  const { tags: _tags, ...row } = body
  return row
}

/** POST /contacts through the outbox; the new contact shows at once, marked pending. */
export function queueCreateContact(w: LocalWriter, companyId: number, values: ContactFormValues): Promise<string> {
  const body = contactRequestBody(values)
  const value = { ...contactRowOf(body), company_id: companyId, active: true, channel: 'whatsapp', is_group: false }
  return queueWrite(w, { method: 'POST', path: '/contacts', body }, { table: 'contacts', op: 'insert', value })
}

/** PUT /contacts/{id} through the outbox; the row shows the edit at once. */
export function queueUpdateContact(w: LocalWriter, id: number, values: ContactFormValues): Promise<string> {
  const body = contactRequestBody(values)
  return queueWrite(w, { method: 'PUT', path: `/contacts/${id}`, body }, { table: 'contacts', op: 'update', rowKey: { id }, value: contactRowOf(body) })
}

/** DELETE /contacts/{id} through the outbox (admins: contacts:delete); the row hides at once. */
export function queueDeleteContact(w: LocalWriter, id: number): Promise<string> {
  return queueWrite(w, { method: 'DELETE', path: `/contacts/${id}` }, { table: 'contacts', op: 'delete', rowKey: { id } })
}

/** PUT /contacts/block/{id} {active}: false blocks the contact, true unblocks it. */
export function queueSetContactActive(w: LocalWriter, id: number, active: boolean): Promise<string> {
  return queueWrite(w, { method: 'PUT', path: `/contacts/block/${id}`, body: { active } }, { table: 'contacts', op: 'update', rowKey: { id }, value: { active } })
}

/** PUT /contacts/toggleAcceptAudio/{id}: the server flips it; the drawer shows the flipped value at once. */
export function queueToggleAcceptAudio(w: LocalWriter, id: number, next: boolean): Promise<string> {
  return queueWrite(w, { method: 'PUT', path: `/contacts/toggleAcceptAudio/${id}` }, { table: 'contacts', op: 'update', rowKey: { id }, value: { accept_audio_message: next } })
}

/** PUT /contacts/toggleDisableBot/{id}: the server flips it; the drawer shows the flipped value at once. */
export function queueToggleDisableBot(w: LocalWriter, id: number, next: boolean): Promise<string> {
  return queueWrite(w, { method: 'PUT', path: `/contacts/toggleDisableBot/${id}` }, { table: 'contacts', op: 'update', rowKey: { id }, value: { disable_bot: next } })
}

/** The Contacts page's writes, bound to this tab's database and outbox (null until they are open). */
export function useContactActions() {
  const lf = useLocalFirst()
  const companyId = useAtomValue(userAtom)?.companyId
  return useMemo(() => {
    if (!lf || !companyId) return null
    const w: LocalWriter = { pg: lf.db, outbox: lf.outbox }
    return {
      create: (values: ContactFormValues) => queueCreateContact(w, companyId, values),
      update: (id: number, values: ContactFormValues) => queueUpdateContact(w, id, values),
      remove: (id: number) => queueDeleteContact(w, id),
      setActive: (id: number, active: boolean) => queueSetContactActive(w, id, active),
      ...outboxControls(lf.outbox),
      /** The database the export reads. */
      pg: lf.db,
    }
  }, [lf, companyId])
}

/** Contacts whose name or number holds `term`, from the browser's database (what the user may see). */
export function contactLookupQuery(term: string) {
  return {
    sql: `select id, name, number from contacts where ${folded('name')} like $1 or number like $1 order by lower(name) limit 20`,
    params: [containsPattern(term)],
  }
}
