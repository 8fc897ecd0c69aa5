import { describe, expect, test } from 'bun:test'
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
})
