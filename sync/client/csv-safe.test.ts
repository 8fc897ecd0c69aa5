import { describe, expect, test } from 'bun:test'
import type { ChangeMessage, Row } from '@electric-sql/client'
import { csvSafeColumns } from './csv-safe.ts'

const insert = (value: Record<string, unknown>) => ({ key: 'k', value, headers: { operation: 'insert' } }) as unknown as ChangeMessage<Row<unknown>>

describe('csvSafeColumns', () => {
  const columns = [
    { name: 'id', json: false },
    { name: 'body', json: false },
    { name: 'schedules', json: true },
    { name: '_fix', json: false },
  ]
  const map = csvSafeColumns(columns)

  test('plain values pass; json goes as its text; what the CSV writer would break is encoded and named in _fix', () => {
    expect(map(insert({ id: 1, body: 'olá, "mundo"\n', schedules: [{ a: 1 }], extra: 'x' }))).toEqual({ id: 1, body: 'olá, "mundo"\n', schedules: '[{"a":1}]', _fix: null })
    expect(map(insert({ id: 2, body: 'a\rb', schedules: null }))).toEqual({ id: 2, body: '"a\\rb"', schedules: null, _fix: 'body' })
    // start-sync keeps values as the server's text: a json value is already JSON text (here a JSON string).
    expect(map(insert({ id: 3, body: '\\N', schedules: '"texto"' }))).toEqual({ id: 3, body: '"\\\\N"', schedules: '"texto"', _fix: 'body' })
    expect(map(insert({ id: 6, body: 'x', schedules: '[{"a": 1}]' })).schedules).toBe('[{"a": 1}]')
    // Quoted by the writer anyway (a newline, a comma or a quote beside the CR): left as is.
    expect(map(insert({ id: 4, body: 'a\r\nb', schedules: null }))._fix).toBeNull()
  })

  test('a table without _fix gets no _fix key and its text as is', () => {
    const old = csvSafeColumns(columns.filter((c) => c.name !== '_fix'))
    expect(old(insert({ id: 5, body: 'a\rb', schedules: { b: 2 } }))).toEqual({ id: 5, body: 'a\rb', schedules: '{"b":2}' })
  })
})
