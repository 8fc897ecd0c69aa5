import { api } from '../../lib/api.ts'
import type { ContactListImportResult, ContactListRecord } from '../../../../server/routes/contact-lists.schema.ts'
import type { ContactListItemRecord } from '../../../../server/routes/contact-list-items.schema.ts'

/**
 * Contact lists and their items (spec part 2 §2, §3, §7): online only, through /contact-lists and
 * /contact-list-items; the answers' shapes are the server's (server/routes/contact-list*.schema.ts).
 */

export type ContactList = ContactListRecord
export type ContactListItem = ContactListItemRecord
export type { ContactListImportResult }

/** One page of a list call. */
import type { Page } from '../../lib/use-paged-records.ts'

export type { Page }

const lower = (s: string) => s.trim().toLowerCase()

/** GET /contact-lists/?searchParam&pageNumber: {records, count, hasMore}. */
export async function fetchContactLists(search: string, pageNumber: number, signal?: AbortSignal): Promise<Page<ContactList>> {
  return api<Page<ContactList>>('/contact-lists/', { query: { searchParam: lower(search), pageNumber }, signal })
}

/** GET /contact-list-items?contactListId&searchParam&pageNumber: {contacts, count, hasMore}. */
export async function fetchContactListItems(contactListId: number, search: string, pageNumber: number, signal?: AbortSignal): Promise<Page<ContactListItem>> {
  const res = await api<{ contacts: ContactListItem[]; count: number; hasMore: boolean }>('/contact-list-items', {
    query: { contactListId, searchParam: lower(search), pageNumber },
    signal,
  })
  return { records: res.contacts, count: res.count, hasMore: res.hasMore }
}

export const fetchContactList = (id: number, signal?: AbortSignal) => api<ContactList>(`/contact-lists/${id}`, { signal })

export const contactListCalls = {
  create: (name: string) => api<ContactList>('/contact-lists', { method: 'POST', json: { name: name.trim() } }),
  update: (id: number, name: string) => api<ContactList>(`/contact-lists/${id}`, { method: 'PUT', json: { name: name.trim() } }),
  remove: (id: number) => api(`/contact-lists/${id}`, { method: 'DELETE' }),
  /** POST /contact-lists/{id}/upload, multipart `file` (.xls/.xlsx). */
  upload: (id: number, file: File) => {
    const form = new FormData()
    form.append('file', file, file.name)
    return api<ContactListImportResult>(`/contact-lists/${id}/upload`, { method: 'POST', form })
  },
}

export interface ContactListItemBody {
  name: string
  number: string
  email: string
}

export const contactListItemCalls = {
  create: (contactListId: number, body: ContactListItemBody) =>
    api<ContactListItem>('/contact-list-items', { method: 'POST', json: { ...body, contactListId } }),
  update: (id: number, body: ContactListItemBody) => api<ContactListItem>(`/contact-list-items/${id}`, { method: 'PUT', json: body }),
  remove: (id: number) => api(`/contact-list-items/${id}`, { method: 'DELETE' }),
}

// ---- Sample spreadsheet (the lists table's download action) ----

/** The columns the upload reads (server: name/nome, number/numero, email), with two example rows. */
export const SAMPLE_ROWS: Record<string, string>[] = [
  { nome: 'Maria da Silva', numero: '5511999999999', email: 'maria@exemplo.com.br' },
  { nome: 'João Souza', numero: '5521988888888', email: '' },
]

/** The sample's file name for a list: its name in plain characters. */
export function sampleFileName(listName: string): string {
  const plain = listName.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase()
  return `${plain || 'lista'}-exemplo.xlsx`
}

// ---- Import ----

/** Spec part 2 §5: the contact-list import accepts .xls/.xlsx. */
export const IMPORT_ACCEPT = '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export function isSpreadsheet(file: Pick<File, 'name'>): boolean {
  return /\.(xlsx?)$/i.test(file.name)
}

/** The toast after an import: its i18n key and values ('Importação realizada com sucesso', or with some errors). */
export function importSummary(r: ContactListImportResult): { key: string; values: Record<string, number> } {
  const clean = r.duplicated === 0 && r.skipped === 0
  return { key: clean ? 'contactLists.items.imported' : 'contactLists.items.importedWithIssues', values: { ...r } }
}
