import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'

/**
 * The company's IANA time zone, in which calendar days are counted (list filters, reports). The column
 * is free text, so a name Intl does not know is read as UTC rather than failing the query in Postgres.
 */
export async function companyTimeZone(tx: Tx, companyId: number): Promise<string> {
  const [row] = await tx<{ timezone: string }[]>`select timezone from companies where id = ${companyId}`
  return validTimeZone(row?.timezone ?? 'UTC')
}

const checked = new Map<string, string>()

/** The zone if Intl knows it, else UTC; each answer kept (building the formatter that tells costs ~1 ms). */
export function validTimeZone(timeZone: string): string {
  let zone = checked.get(timeZone)
  if (zone === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone })
      zone = timeZone
    } catch {
      zone = 'UTC'
    }
    if (checked.size >= 500) checked.clear()
    checked.set(timeZone, zone)
  }
  return zone
}

/**
 * A zone the runtime knows may still be missing from the database's tzdata (an older Postgres, PGlite),
 * and the company's date filters run in SQL (issue 16 item 3): both must know it.
 */
export async function assertDatabaseKnowsZone(tx: Tx, timeZone: string | undefined): Promise<void> {
  if (timeZone === undefined) return
  const [known] = await tx`select 1 from pg_timezone_names where name = ${timeZone}`
  if (!known) throw new AppError('ERR_VALIDATION', 'Fuso horário desconhecido', { fields: [{ field: 'timezone', message: 'Fuso horário desconhecido' }] })
}
