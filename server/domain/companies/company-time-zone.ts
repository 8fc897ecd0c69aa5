import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import { formatter } from '../wall-clock.ts'

/**
 * The company's IANA time zone, in which calendar days are counted (list filters, reports). The column
 * is free text, so a name Intl does not know is read as UTC rather than failing the query in Postgres.
 */
export async function companyTimeZone(tx: Tx, companyId: number): Promise<string> {
  const [row] = await tx<{ timezone: string }[]>`select timezone from companies where id = ${companyId}`
  return validTimeZone(row?.timezone ?? 'UTC')
}

/** The zone if Intl knows it, else UTC (the check builds wall-clock's kept formatter for the zone). */
export function validTimeZone(timeZone: string): string {
  try {
    formatter(timeZone)
    return timeZone
  } catch {
    return 'UTC'
  }
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
