import { apiResponse, ApiError } from '../../lib/api.ts'
import { importEmail } from '../../../../server/domain/contacts/import-columns.ts'
import type { ContactImportResult, MappedRow } from './contact-import.ts'

/**
 * The import that checks each number on WhatsApp (spec part 2 §3 "Contact import row" validateContact,
 * §9 "Contact import throttled at 330 ms per row, a progress message every 5 rows"): one
 * POST /contactsImport per chosen row, paced so the company's WhatsApp session is not asked in bursts.
 * The anchor sent its progress over the socket every 5 rows; ours is local state, so it moves every row.
 */

/** Milliseconds between two rows (spec part 2 §9). */
export const ROW_PACE_MS = 330

export interface CheckedImportProgress {
  done: number
  total: number
  result: ContactImportResult
}

/** Why a checked import stopped before its last row: WhatsApp could not be asked, the network, or the user. */
export type CheckedImportStop = { reason: 'check' | 'network' | 'cancelled'; at: number } | null

export interface CheckedImportDeps {
  /** Answers the HTTP status of a row taken (201 created, 200 already there); throws ApiError otherwise. */
  post?: (row: { name: string; number: string; email: string; tags: string; validateContact: true }) => Promise<number>
  sleep?: (ms: number) => Promise<void>
  onProgress: (p: CheckedImportProgress) => void
  cancelled?: () => boolean
}

const postRow: NonNullable<CheckedImportDeps['post']> = async (row) => (await apiResponse('/contactsImport', { method: 'POST', json: row })).status

/**
 * Imports the rows one by one, counting as the upload does (ignored rows are not sent) plus the numbers
 * WhatsApp does not know. Stops at the first row WhatsApp could not be asked about (ERR_WAPP_CHECK_CONTACT:
 * no connected session), at a network failure, or when cancelled; what was imported stays.
 */
export async function importCheckingWhatsapp(rows: MappedRow[], deps: CheckedImportDeps): Promise<{ result: ContactImportResult; stop: CheckedImportStop }> {
  const post = deps.post ?? postRow
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const result: ContactImportResult = { created: 0, duplicated: 0, invalid: 0, notOnWhatsapp: 0, ignored: 0, total: rows.length }
  const report = (done: number) => deps.onProgress({ done, total: rows.length, result: { ...result } })
  for (let i = 0; i < rows.length; i++) {
    if (deps.cancelled?.()) return { result, stop: { reason: 'cancelled', at: i } }
    const row = rows[i]
    if (!row.name || !row.number) result.ignored++
    else {
      if (i > 0) await sleep(ROW_PACE_MS)
      const outcome = await sendRow(post, row)
      if (outcome === 'check' || outcome === 'network') {
        report(i)
        return { result, stop: { reason: outcome, at: i } }
      }
      result[outcome]++
    }
    report(i + 1)
  }
  return { result, stop: null }
}

type RowOutcome = 'created' | 'duplicated' | 'invalid' | 'notOnWhatsapp' | 'check' | 'network'

async function sendRow(post: NonNullable<CheckedImportDeps['post']>, row: MappedRow): Promise<RowOutcome> {
  try {
    const status = await post({ name: row.name, number: row.number, email: importEmail(row.email), tags: row.tags, validateContact: true })
    return status === 200 ? 'duplicated' : 'created'
  } catch (err) {
    if (!(err instanceof ApiError)) return 'network'
    if (err.code === 'ERR_WAPP_CHECK_CONTACT') return 'check'
    if (err.code === 'ERR_WAPP_INVALID_CONTACT') return 'notOnWhatsapp'
    if (err.status === 400) return 'invalid'
    return 'network'
  }
}
