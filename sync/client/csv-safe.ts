import type { MapColumnsFn } from '@electric-sql/pglite-sync'

/** The local-only column naming the columns of a row that arrived encoded (see csvSafeColumns). */
export const FIX_COLUMN = '_fix'

/**
 * Rows as pglite-sync 0.6.1's CSV path (COPY FROM, the fastest first load: bench/sync.ts) can write
 * them. Its writer quotes a string only when it holds a comma, a quote or a newline, prints objects as
 * `[object Object]` and writes null as `\N`. So here:
 * - a json/jsonb value goes as its JSON text (which has quotes when it is an object, array or string):
 *   as it came, since start-sync keeps values as the server's text, or stringified if it was parsed;
 * - a text value the writer would break (a lone carriage return, or exactly `\N`) goes as its JSON
 *   text, and `_fix` names its column: the local trigger of local-tables.ts decodes it on insert and
 *   update, whichever path wrote it.
 * Only the local table's columns are kept: after a server migration adds a column, the PWA still on the
 * previous build (until the user takes the update) keeps syncing instead of failing. Every row carries
 * `_fix`, since the CSV writer takes its column list from the first row.
 */
export function csvSafeColumns(columns: readonly { name: string; json: boolean }[]): MapColumnsFn {
  // A table without `_fix` (a schema from before it) cannot be told what to decode: its text goes as is.
  const canFix = columns.some((c) => c.name === FIX_COLUMN)
  return (message) => {
    const value = message.value as Record<string, unknown>
    const row: Record<string, unknown> = {}
    let fix: string[] | null = null
    for (const { name, json } of columns) {
      if (name === FIX_COLUMN || !(name in value)) continue
      const v = value[name]
      if (v === null || v === undefined) row[name] = null
      else if (json) row[name] = typeof v === 'string' ? v : JSON.stringify(v)
      else if (canFix && typeof v === 'string' && needsEncoding(v)) {
        row[name] = JSON.stringify(v)
        ;(fix ??= []).push(name)
      } else row[name] = v
    }
    if (canFix) row[FIX_COLUMN] = fix ? fix.join(',') : null
    return row
  }
}

/** What the CSV writer cannot carry as written: COPY refuses a bare CR, and reads `\N` as null. */
function needsEncoding(s: string): boolean {
  return s === '\\N' || (s.includes('\r') && !s.includes('\n') && !s.includes(',') && !s.includes('"'))
}
