import { describe, expect, test } from 'bun:test'
import { applyFileListEvent } from './file-lists.ts'
import { fileListFormProblems, fileListRequestBody, fileListValuesOf, newFileListValues, uploadPairs } from './file-list-form.ts'

describe('file list form', () => {
  test("name at least 3 ('nome muito curto'), message required", () => {
    expect(fileListFormProblems({ ...newFileListValues(), name: 'ab', message: ' ' })).toEqual({ name: 'fileLists.errors.nameShort', message: 'fileLists.errors.required' })
    expect(fileListFormProblems({ ...newFileListValues(), name: 'abc', message: 'x' })).toEqual({})
  })

  test('stored options go by id, new ones by name; each picked file goes to its row', () => {
    const stored = fileListValuesOf({ id: 1, name: 'Lista', message: 'Oi', userId: 2, options: [{ id: 10, name: 'Tabela', path: 'a.pdf', mediaType: 'application' }] })
    const file = new File(['x'], 'foto.png', { type: 'image/png' })
    const values = { ...stored, options: [...stored.options, { key: 'n', name: ' Foto ', path: '', file }] }
    expect(fileListRequestBody(values)).toEqual({ name: 'Lista', message: 'Oi', options: [{ id: 10, name: 'Tabela' }, { name: 'Foto' }] })
    const saved = { id: 1, name: 'Lista', message: 'Oi', userId: 2, options: [{ id: 10, name: 'Tabela', path: 'a.pdf', mediaType: 'application' }, { id: 11, name: 'Foto', path: '', mediaType: '' }] }
    expect(uploadPairs(values, saved)).toEqual([{ id: 11, file }])
    // An answer that does not match the rows uploads nothing rather than to the wrong option.
    expect(uploadPairs(values, { ...saved, options: saved.options.slice(0, 1) })).toEqual([])
  })

  test('live events add matching lists, replace known ones and remove deleted ones', () => {
    const f = (id: number, name: string) => ({ id, name, message: '', userId: null, options: [] })
    const rows = [f(1, 'Catálogo')]
    expect(applyFileListEvent(rows, 'company-3-file', { action: 'create', fileList: f(2, 'Outra') }, 'cat')).toBe(rows)
    expect(applyFileListEvent(rows, 'company-3-file', { action: 'create', fileList: f(2, 'Catálogo B') }, 'cat').map((r) => r.id)).toEqual([1, 2])
    expect(applyFileListEvent(rows, 'company-3-file', { action: 'delete', fileId: 1 }, '')).toEqual([])
    expect(applyFileListEvent(rows, 'company-3-tag', { action: 'delete', fileId: 1 }, '')).toBe(rows)
  })
})
