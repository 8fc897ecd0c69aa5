import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import { isPlausiblePhone } from './phone.ts'
import { storedNumber, type ContactNamespace } from './resolve-contact.ts'

/**
 * The number as stored (spec part 1 §5; docs/decisions.md "Contacts"): WhatsApp numbers become digits with
 * the Brazilian ninth digit and must be plausible international numbers; group ids and other channels'
 * ids are kept as the channel gives them.
 */
export function contactNumberFor(channel: ContactNamespace, isGroup: boolean, number: string): string {
  if (isGroup) return number.trim()
  const stored = storedNumber(channel, number)
  if (channel === 'whatsapp' && !isPlausiblePhone(stored)) {
    throw new AppError('ERR_VALIDATION', 'number: Invalid number', { fields: [{ field: 'number', message: 'Invalid number' }] })
  }
  return stored
}

/** One number is one contact per company and channel (migration 0003 contacts_number_idx). */
export async function assertNumberFree(tx: Tx, companyId: number, channel: string, number: string, exceptId?: number) {
  if (!number) return
  const [row] = await tx<{ id: number }[]>`
    select id from contacts where company_id = ${companyId} and channel = ${channel} and number = ${number}
       and id <> ${exceptId ?? 0} limit 1`
  if (row) throw new AppError('ERR_DUPLICATED_CONTACT', 'A contact with this number already exists', { contactId: row.id })
}

/** A race past assertNumberFree ends on the unique index: still ERR_DUPLICATED_CONTACT. */
export async function duplicateAsAppError<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new AppError('ERR_DUPLICATED_CONTACT', 'A contact with this number already exists')
    throw err
  }
}
