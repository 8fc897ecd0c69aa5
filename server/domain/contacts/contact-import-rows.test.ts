import { describe, expect, test } from 'bun:test'
import { AppError } from '../app-error.ts'
import { prepareRow, resolveMapping } from './contact-import-rows.ts'
import { tagNamesOf } from './import-columns.ts'

function fieldsOf(fn: () => unknown) {
  try {
    fn()
  } catch (err) {
    if (err instanceof AppError && err.code === 'ERR_VALIDATION') return err.details?.fields
    throw err
  }
  throw new Error('expected ERR_VALIDATION')
}

describe('resolveMapping', () => {
  const columns = ['Nome', 'Telefone', 'E-mail', 'Obs']

  test('uses the columns sent', () => {
    expect(resolveMapping(columns, { name: 'Obs', number: 'Telefone' })).toEqual({ name: 3, number: 1 })
  })

  test('guesses from the column names when nothing is sent', () => {
    expect(resolveMapping(columns, {})).toEqual({ name: 0, number: 1, email: 2 })
    expect(resolveMapping(['NÚMERO', 'name'], {})).toEqual({ name: 1, number: 0 })
  })

  test('name and number must be mapped', () => {
    expect(fieldsOf(() => resolveMapping(['a', 'b'], {}))).toEqual([
      { field: 'name', message: 'No name field selected' },
      { field: 'number', message: 'No number field selected' },
    ])
    expect(fieldsOf(() => resolveMapping(columns, { number: 'Telefone' }))).toEqual([{ field: 'name', message: 'No name field selected' }])
  })

  test('a column cannot be mapped twice nor be missing from the file', () => {
    expect(fieldsOf(() => resolveMapping(columns, { name: 'Nome', number: 'Nome', email: 'Zap' }))).toEqual([
      { field: 'number', message: 'Column already mapped' },
      { field: 'email', message: 'Unknown column' },
    ])
  })
})

describe('prepareRow', () => {
  test('normalises the number with the Brazilian ninth digit', () => {
    expect(prepareRow(' Ana ', '+55 (21) 8765-4321', ' Ana@X.com ')).toEqual({ name: 'Ana', number: '5521987654321', email: 'ana@x.com', tags: [] })
  })

  test('ignores rows without a name or a number', () => {
    expect(prepareRow('', '5521987654321')).toBe('ignored')
    expect(prepareRow('Ana', '  ')).toBe('ignored')
  })

  test('an implausible number is invalid, a malformed email is dropped', () => {
    expect(prepareRow('Ana', '123')).toBe('invalid')
    expect(prepareRow('Ana', 'abc')).toBe('invalid')
    expect(prepareRow('Ana', '5521987654321', 'not-an-email')).toEqual({ name: 'Ana', number: '5521987654321', email: '', tags: [] })
  })
})

describe('tags column', () => {
  test('is guessed from its name and mapped like the other optional fields', () => {
    expect(resolveMapping(['Nome', 'Numero', 'Etiquetas'], {})).toEqual({ name: 0, number: 1, tags: 2 })
    expect(fieldsOf(() => resolveMapping(['Nome', 'Numero'], { name: 'Nome', number: 'Numero', tags: 'Nome' }))).toEqual([
      { field: 'tags', message: 'Column already mapped' },
    ])
  })

  test('a cell becomes distinct tag names; too short or too long names are left out', () => {
    expect(tagNamesOf(' VIP , Cliente bom;vip | ab |' + 'x'.repeat(51))).toEqual(['VIP', 'Cliente bom'])
    expect(tagNamesOf('')).toEqual([])
    expect(prepareRow('Ana', '5521987654321', '', 'Lead, Prospect')).toMatchObject({ tags: ['Lead', 'Prospect'] })
  })
})
