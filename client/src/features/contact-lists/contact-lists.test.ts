import { describe, expect, test } from 'bun:test'
import { utils, write } from '@e965/xlsx'
import { parseContactFile } from '../../../../server/domain/contacts/contact-file.ts'
import { prepareRow, resolveMapping } from '../../../../server/domain/contacts/contact-import-rows.ts'
import { ApiError } from '../../lib/api.ts'
import { SaveRefused } from '../../lib/outbox-save.ts'
import pt from '../../i18n/pt.json'
import {
  applyRecordEvent, itemMatches, listMatches, mergePages, parseContactListEvent, parseContactListItemEvent, sortByName,
} from './contact-list-events.ts'
import { contactListFormProblems, fieldMessageKey, itemFormProblems, itemRequestBody, newItemValues, refusalOf } from './contact-list-form.ts'
import { importSummary, isSpreadsheet, SAMPLE_ROWS, sampleFileName, type ContactList, type ContactListItem } from './contact-lists.ts'

const list = (id: number, name: string, contactsCount = 0): ContactList => ({ id, companyId: 1, name, contactsCount, createdAt: '', updatedAt: '' })
const item = (id: number, name: string, over: Partial<ContactListItem> = {}): ContactListItem => ({
  id, companyId: 1, contactListId: 5, name, number: `55119876500${id}`, email: '', isWhatsappValid: true, createdAt: '', updatedAt: '', ...over,
})
const names = (rows: { name: string }[]) => rows.map((r) => r.name)
/** The text a key stands for in Portuguese (pt.json), or the key itself. */
const ptText = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], pt) ?? key

describe('live events', () => {
  test('only this feature\'s frames are read, with the spec\'s channel names', () => {
    expect(parseContactListEvent('company-3-ContactList', { action: 'create', record: list(1, 'A') })).toMatchObject({ action: 'create', record: { id: 1 } })
    expect(parseContactListEvent('company-3-ContactList', { action: 'delete', id: 4 })).toEqual({ action: 'delete', id: 4 })
    expect(parseContactListEvent('company-3-ContactListItem', { action: 'create', record: list(1, 'A') })).toBeNull()
    expect(parseContactListEvent('company-3-ContactList', { action: 'update' })).toBeNull()
    expect(parseContactListItemEvent('company-3-ContactListItem', { action: 'import', contactListId: 5, created: 2 })).toEqual({ action: 'import', contactListId: 5 })
    expect(parseContactListItemEvent('company-3-ContactListItem', { action: 'update', record: item(1, 'Ana') })).toMatchObject({ action: 'update', record: { name: 'Ana' } })
    expect(parseContactListItemEvent('company-3-tag', { action: 'delete', id: 1 })).toBeNull()
  })

  test('a create is placed by name, an update replaced, a delete removed; a new row outside the search stays out', () => {
    const rows = [list(1, 'beta'), list(2, 'Delta')]
    expect(names(applyRecordEvent(rows, { action: 'create', record: list(3, 'Alfa') }, listMatches('')))).toEqual(['Alfa', 'beta', 'Delta'])
    expect(names(applyRecordEvent(rows, { action: 'update', record: list(2, 'Ágil', 3) }, listMatches('')))).toEqual(['beta', 'Ágil'])
    expect(names(applyRecordEvent(rows, { action: 'delete', id: 1 }, listMatches('')))).toEqual(['Delta'])
    expect(applyRecordEvent(rows, { action: 'create', record: list(3, 'Gama') }, listMatches('DEL'))).toBe(rows)
    // A row already shown is updated even when it no longer matches.
    expect(names(applyRecordEvent(rows, { action: 'update', record: list(1, 'Zeta') }, listMatches('bet')))).toEqual(['Delta', 'Zeta'])
  })

  test('items follow their own list and search by name, number or email', () => {
    const inList = itemMatches(5, '98765')
    expect(inList(item(1, 'Ana'))).toBe(true)
    expect(inList(item(1, 'Ana', { contactListId: 6 }))).toBe(false)
    expect(itemMatches(5, 'ANA@')(item(2, 'Bia', { email: 'ana@x.com' }))).toBe(true)
    expect(itemMatches(5, 'caio')(item(2, 'Bia'))).toBe(false)
  })

  test('pages merge each row once, the newer copy winning, sorted as the server sorts', () => {
    const merged = mergePages([list(1, 'b'), list(2, 'a')], [list(1, 'c'), list(3, 'a')])
    expect(merged.map((r) => [r.id, r.name])).toEqual([[2, 'a'], [3, 'a'], [1, 'c']])
    expect(names(sortByName([list(1, 'b'), list(2, 'B'), list(3, 'a')]))).toEqual(['a', 'b', 'B'])
  })
})

describe('forms', () => {
  test('only missing values are caught here, in Portuguese', () => {
    expect(contactListFormProblems({ name: '  ' })).toEqual({ name: 'contactLists.validation.required' })
    expect(contactListFormProblems({ name: 'A' })).toEqual({})
    expect(itemFormProblems(newItemValues())).toEqual({ name: 'contactLists.validation.required', number: 'contactLists.validation.required' })
    expect(ptText('contactLists.validation.required')).toBe('Obrigatório')
  })

  test('the body is trimmed; the server normalises the number', () => {
    expect(itemRequestBody({ name: ' Ana ', number: ' +55 11 98765-0001 ', email: ' a@b.com ' })).toEqual({ name: 'Ana', number: '+55 11 98765-0001', email: 'a@b.com' })
  })

  test('the server\'s field list lands under the fields in the app\'s words; a duplicate names the number', () => {
    const body = {
      error: 'ERR_VALIDATION',
      fields: [{ field: 'name', message: 'Too Short!' }, { field: 'number', message: 'Too Short!' }, { field: 'email', message: 'Invalid email' }],
    }
    const refused = refusalOf(new ApiError(400, 'ERR_VALIDATION', 'x', body))
    expect(refused).toBeInstanceOf(SaveRefused)
    const fields = (refused as SaveRefused).fields
    expect(fields).toEqual({ name: 'contactLists.validation.tooShort', number: 'contactLists.validation.tooShort', email: 'contactLists.validation.invalidEmail' })
    expect(Object.values(fields).map(ptText)).toEqual(['Muito curto!', 'Muito curto!', 'E-mail inválido'])
    const dup = refusalOf(new ApiError(409, 'ERR_CONTACT_LIST_ITEM_DUPLICATED', 'x', { error: 'ERR_CONTACT_LIST_ITEM_DUPLICATED', field: 'number' })) as SaveRefused
    expect(dup.fields).toEqual({ number: 'errors.ERR_CONTACT_LIST_ITEM_DUPLICATED' })
    expect(ptText(dup.fields.number)).toBe('Este número já está nesta lista.')
    expect(fieldMessageKey('Invalid number')).toBe('contactLists.validation.invalidNumber')
    expect(fieldMessageKey('Algo novo')).toBe('Algo novo')
  })

  test('a failure without fields stays as it was, for the toast', () => {
    const err = new ApiError(500, 'ERR_INTERNAL', 'boom')
    expect(refusalOf(err)).toBe(err)
    const forbidden = new ApiError(403, 'ERR_CAMPAIGNS_DISABLED', 'off', { error: 'ERR_CAMPAIGNS_DISABLED' })
    expect(refusalOf(forbidden)).toBe(forbidden)
  })
})

describe('spreadsheets', () => {
  test('the sample spreadsheet has the columns the upload reads, and its rows import', () => {
    const book = utils.book_new()
    utils.book_append_sheet(book, utils.json_to_sheet(SAMPLE_ROWS), 'Contatos')
    const file = parseContactFile('exemplo.xlsx', new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' })))
    const at = resolveMapping(file.columns, {})
    expect(at.email).toBeDefined()
    const rows = file.rows.map((r) => prepareRow(r[at.name], r[at.number], r[at.email!]))
    expect(rows.every((r) => typeof r === 'object')).toBe(true)
  })

  test('sample file names are plain; only .xls and .xlsx are sent', () => {
    expect(sampleFileName('Clientes São Paulo!')).toBe('clientes-sao-paulo-exemplo.xlsx')
    expect(sampleFileName('***')).toBe('lista-exemplo.xlsx')
    expect(['a.xlsx', 'B.XLS', 'c.csv', 'd.xlsx.txt', 'xlsx'].map((name) => isSpreadsheet({ name }))).toEqual([true, true, false, false, false])
  })

  test('the import toast: success when every row went in, else the counts with the errors', () => {
    expect(importSummary({ created: 3, duplicated: 0, skipped: 0, total: 3 }).key).toBe('contactLists.items.imported')
    expect(importSummary({ created: 2, duplicated: 0, skipped: 1, total: 3 })).toEqual({
      key: 'contactLists.items.importedWithIssues', values: { created: 2, duplicated: 0, skipped: 1, total: 3 },
    })
    expect(String(ptText('contactLists.items.importedWithIssues'))).toStartWith('Importação realizada com alguns erros')
  })
})
