import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'
import { contactViewColumns, hidesNumbers, maskContact, type ContactView } from './contact-view.ts'

export interface ListContactsInput {
  searchParam: string
  pageNumber: number
  contactTag?: number[]
  channel?: string
  isGroup?: boolean
}

/**
 * GET /contacts (spec part 1 §7, part 2 §7): the company's contacts, 20 a page, searched in lowercase by
 * name or number and filtered by tags (any of them), channel and group flag. A viewer who sees masked
 * numbers searches by name only, so a number search cannot reveal digits.
 */
export async function listContacts(ctx: DomainCtx, input: ListContactsInput) {
  const { tx, auth } = ctx
  const hide = await hidesNumbers(tx, auth)
  const page = pageOf(input.pageNumber)
  const search = input.searchParam
  const pattern = likePattern(search)
  const digits = hide ? '' : search.replace(/\D/g, '')
  const tagIds = input.contactTag ?? []
  const where = tx`c.company_id = ${auth.user.companyId}
    and (${search} = '' or lower(c.name) like ${pattern} or (${digits} <> '' and c.number like ${likePattern(digits)}))
    and (${tagIds.length === 0} or exists (select 1 from contact_tags ct where ct.contact_id = c.id and ct.tag_id = any(${tagIds}::int[])))
    and (${input.channel ?? null}::text is null or c.channel = ${input.channel ?? null})
    and (${input.isGroup ?? null}::boolean is null or c.is_group = ${input.isGroup ?? null})`
  const rows = await tx<ContactView[]>`
    select ${contactViewColumns(tx)} from contacts c where ${where}
     order by lower(c.name), c.id limit ${page.limit + 1} offset ${page.offset}`
  const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from contacts c where ${where}`
  const { records, hasMore } = splitPage(rows, page)
  return { contacts: records.map((r) => maskContact(r, hide)), count, hasMore }
}

/** At most this many contacts in GET /contacts/list (a select's options, not a page). */
export const CONTACT_OPTIONS_LIMIT = 1000

/** GET /contacts/list: id, name and number of the company's contacts for the selects of forms. */
export async function listContactOptions(ctx: DomainCtx, input: { searchParam: string }) {
  const { tx, auth } = ctx
  const hide = await hidesNumbers(tx, auth)
  const rows = await tx<{ id: number; name: string; number: string; channel: string; isGroup: boolean }[]>`
    select c.id, c.name, c.number, c.channel, c.is_group from contacts c
     where c.company_id = ${auth.user.companyId}
       and (${input.searchParam} = '' or lower(c.name) like ${likePattern(input.searchParam)})
     order by lower(c.name), c.id limit ${CONTACT_OPTIONS_LIMIT}`
  return rows.map((r) => maskContact(r, hide))
}
