/**
 * Plain-text tables (csv, txt) for the contact import (spec part 2 §5 Contact import). Pure: no server
 * imports, so the browser's import page can reuse it.
 */

/** The separators a spreadsheet program writes: pt-BR Excel uses ';', "Unicode text" uses tab. */
const DELIMITERS = ['\t', ';', ','] as const
export type Delimiter = (typeof DELIMITERS)[number]

/** Control characters other than tab, newline, form feed and carriage return: binary data, not text. */
const CONTROL = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/g

/**
 * The text of a file, or null when the bytes are not text: UTF-16 by its byte-order mark, UTF-8 when
 * valid, otherwise Windows-1252 (what Excel writes for "CSV" on a Brazilian Windows).
 */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2))
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2))
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes)
    }
  }
  const controls = text.match(CONTROL)?.length ?? 0
  return controls > text.length / 100 ? null : text
}

/**
 * Splits delimited text into rows of cells (RFC 4180: quotes around cells, "" inside them, CRLF, LF or
 * CR line ends). Empty lines give no row.
 */
export function splitDelimited(text: string, delimiter: string, maxRows = Infinity): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const endRow = () => {
    row.push(cell)
    if (row.length > 1 || row[0] !== '') rows.push(row)
    row = []
    cell = ''
  }
  for (let i = 0; i < text.length && rows.length < maxRows; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch !== '"') cell += ch
      else if (text[i + 1] === '"') cell += text[++i]
      else quoted = false
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true
      cell = ''
    } else if (ch === delimiter) {
      row.push(cell)
      cell = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      endRow()
    } else cell += ch
  }
  if (rows.length < maxRows && (cell !== '' || row.length)) endRow()
  return rows
}

/**
 * The separator of a table: the one that splits the header into the most columns and keeps that count
 * on the lines after it (a name such as "Silva, Ana" in a ';' file does not win). One column when none
 * splits the header.
 */
export function detectDelimiter(text: string): Delimiter {
  let best: { delimiter: Delimiter; score: number; columns: number } = { delimiter: ',', score: -1, columns: 1 }
  for (const delimiter of DELIMITERS) {
    const sample = splitDelimited(text, delimiter, 10)
    const columns = sample[0]?.length ?? 0
    if (columns < 2) continue
    const score = sample.filter((r) => r.length === columns).length
    if (score > best.score || (score === best.score && columns > best.columns)) best = { delimiter, score, columns }
  }
  return best.delimiter
}
