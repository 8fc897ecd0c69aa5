import { describe, expect, test } from 'bun:test'
import { utils, write } from '@e965/xlsx'
import { AppError } from '../app-error.ts'
import { MAX_CONTACT_FILE_BYTES, MAX_CONTACT_FILE_ROWS, parseContactFile } from './contact-file.ts'
import { detectDelimiter, splitDelimited } from './delimited-text.ts'

const utf8 = (text: string) => new TextEncoder().encode(text)

function workbook(rows: unknown[][], bookType: 'xlsx' | 'biff8'): Uint8Array {
  const book = utils.book_new()
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Contatos')
  return new Uint8Array(write(book, { type: 'array', bookType }))
}

function errorOf(fn: () => unknown): AppError {
  try {
    fn()
  } catch (err) {
    if (err instanceof AppError) return err
    throw err
  }
  throw new Error('expected an AppError')
}

describe('csv', () => {
  test('reads a ; file, the first row as columns', () => {
    const file = parseContactFile('contatos.csv', utf8('Nome;Número;Email\r\nAna;+55 11 98765-4321;ana@x.com\r\nBia;5511987654322;\r\n'))
    expect(file).toEqual({
      columns: ['Nome', 'Número', 'Email'],
      rows: [['Ana', '+55 11 98765-4321', 'ana@x.com'], ['Bia', '5511987654322', '']],
    })
  })

  test('reads a , file with quoted cells that hold commas, quotes and line breaks', () => {
    const file = parseContactFile('c.csv', utf8('name,number\n"Silva, Ana",5511987654321\n"Bia ""B""",5511987654322\n"Line\nBreak",5511987654323'))
    expect(file.columns).toEqual(['name', 'number'])
    expect(file.rows).toEqual([['Silva, Ana', '5511987654321'], ['Bia "B"', '5511987654322'], ['Line\nBreak', '5511987654323']])
  })

  test('prefers the separator that keeps the column count over one inside names', () => {
    expect(detectDelimiter('Nome;Telefone\nSilva, Ana;1\nSouza, Bia;2\n')).toBe(';')
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',')
    expect(detectDelimiter('only\none\n')).toBe(',')
  })

  test('drops blank lines and rows, pads short rows and names empty or repeated columns', () => {
    const file = parseContactFile('c.csv', utf8('Nome;;Nome\n\nAna\n;;\nBia;x;y;extra\n'))
    expect(file.columns).toEqual(['Nome', 'Column 2', 'Nome (2)'])
    expect(file.rows).toEqual([['Ana', '', ''], ['Bia', 'x', 'y']])
  })

  test('reads Windows-1252 text as Excel writes it on a Brazilian Windows', () => {
    const bytes = Uint8Array.from([...utf8('Nome;Numero\nJo'), 0xe3, ...utf8('o;5511987654321\n')])
    expect(parseContactFile('c.csv', bytes).rows).toEqual([['João', '5511987654321']])
  })

  test('skips a UTF-8 byte-order mark', () => {
    const file = parseContactFile('c.csv', Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('Nome,Numero\nAna,1\n')]))
    expect(file.columns).toEqual(['Nome', 'Numero'])
  })
})

describe('txt', () => {
  test('reads tab-separated UTF-16 text (Excel "Unicode text")', () => {
    const text = 'Nome\tNúmero\nAna\t5511987654321\n'
    const bytes = new Uint8Array(2 + text.length * 2)
    bytes.set([0xff, 0xfe])
    for (let i = 0; i < text.length; i++) bytes[2 + 2 * i] = text.charCodeAt(i)
    expect(parseContactFile('lista.txt', bytes)).toEqual({ columns: ['Nome', 'Número'], rows: [['Ana', '5511987654321']] })
  })

  test('reads a one-column list', () => {
    expect(parseContactFile('lista.TXT', utf8('numero\n5511987654321\n5511987654322'))).toEqual({
      columns: ['numero'],
      rows: [['5511987654321'], ['5511987654322']],
    })
  })
})

describe('spreadsheets', () => {
  const rows = [['Nome', 'Número', 'Email'], ['Ana', 5511987654321, 'ana@x.com'], ['Bia', '+55 11 8765-4321', ''], [], ['Caio', 21987654321, null]]

  test('reads an xlsx file, phones typed as numbers kept as all their digits', () => {
    const file = parseContactFile('contatos.xlsx', workbook(rows, 'xlsx'))
    expect(file).toEqual({
      columns: ['Nome', 'Número', 'Email'],
      rows: [['Ana', '5511987654321', 'ana@x.com'], ['Bia', '+55 11 8765-4321', ''], ['Caio', '21987654321', '']],
    })
  })

  test('reads a legacy xls (BIFF8) file', () => {
    const file = parseContactFile('contatos.xls', workbook(rows, 'biff8'))
    expect(file.rows[0]).toEqual(['Ana', '5511987654321', 'ana@x.com'])
    expect(file.rows).toHaveLength(3)
  })

  test('reads an ".xls" that another system wrote as csv or as an HTML table', () => {
    expect(parseContactFile('export.xls', utf8('Nome;Numero\nAna;5511987654321\n')).rows).toEqual([['Ana', '5511987654321']])
    const html = '<table><tr><td>Nome</td><td>Numero</td></tr><tr><td>Ana</td><td>5511987654321</td></tr></table>'
    expect(parseContactFile('export.xls', utf8(html)).rows).toEqual([['Ana', '5511987654321']])
  })
})

describe('unreadable files', () => {
  test('garbage bytes are ERR_INVALID_FILE_TYPE', () => {
    const garbage = new Uint8Array(4096)
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 256
    for (const name of ['c.csv', 'c.txt', 'c.xls', 'c.xlsx']) {
      const err = errorOf(() => parseContactFile(name, garbage))
      expect({ name, code: err.code, status: err.status }).toEqual({ name, code: 'ERR_INVALID_FILE_TYPE', status: 400 })
    }
  })

  test('a zip or OLE header with nothing readable behind it is ERR_INVALID_FILE_TYPE', () => {
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    const ole = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0])
    expect(errorOf(() => parseContactFile('c.xlsx', zip)).code).toBe('ERR_INVALID_FILE_TYPE')
    expect(errorOf(() => parseContactFile('c.xls', ole)).code).toBe('ERR_INVALID_FILE_TYPE')
  })

  test('other extensions and empty files are ERR_INVALID_FILE_TYPE', () => {
    expect(errorOf(() => parseContactFile('c.pdf', utf8('Nome;Numero\n'))).code).toBe('ERR_INVALID_FILE_TYPE')
    expect(errorOf(() => parseContactFile('noext', utf8('Nome;Numero\n'))).code).toBe('ERR_INVALID_FILE_TYPE')
    expect(errorOf(() => parseContactFile('c.csv', new Uint8Array())).code).toBe('ERR_INVALID_FILE_TYPE')
    expect(errorOf(() => parseContactFile('c.csv', utf8('\n;;\n'))).code).toBe('ERR_INVALID_FILE_TYPE')
  })

  test('a file over 5 MB is ERR_FILE_TOO_LARGE and one over 10,000 rows ERR_VALIDATION', () => {
    expect(errorOf(() => parseContactFile('c.csv', new Uint8Array(MAX_CONTACT_FILE_BYTES + 1))).code).toBe('ERR_FILE_TOO_LARGE')
    const many = 'n;t\n' + 'Ana;5511987654321\n'.repeat(MAX_CONTACT_FILE_ROWS + 1)
    const err = errorOf(() => parseContactFile('c.csv', utf8(many)))
    expect(err.code).toBe('ERR_VALIDATION')
    expect(err.details?.fields).toEqual([{ field: 'file', message: `More than ${MAX_CONTACT_FILE_ROWS} rows` }])
    expect(parseContactFile('c.csv', utf8('n;t\n' + 'Ana;1\n'.repeat(MAX_CONTACT_FILE_ROWS))).rows).toHaveLength(MAX_CONTACT_FILE_ROWS)
  })
})

describe('splitDelimited', () => {
  test('keeps an empty last cell and CR-only line ends', () => {
    expect(splitDelimited('a;b;\rc;d;e', ';')).toEqual([['a', 'b', ''], ['c', 'd', 'e']])
  })
})
