import type { Tx } from '../../db/connect.ts'

/**
 * The company's IANA time zone, in which calendar days are counted (list filters, reports). The column
 * is free text, so a name Intl does not know is read as UTC rather than failing the query in Postgres.
 */
export async function companyTimeZone(tx: Tx, companyId: number): Promise<string> {
  const [row] = await tx<{ timezone: string }[]>`select timezone from companies where id = ${companyId}`
  return validTimeZone(row?.timezone ?? 'UTC')
}

export function validTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return timeZone
  } catch {
    return 'UTC'
  }
}
