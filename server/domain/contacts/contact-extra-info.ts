import type { Tx } from '../../db/connect.ts'

export interface ExtraInfoInput {
  id?: number
  name: string
  value: string
}

/**
 * Replaces a contact's extraInfo as a set (spec part 1 §3 extraInfo): entries sent with the id of one of
 * the contact's fields update it, others are inserted, and fields not sent are deleted.
 */
export async function replaceExtraInfo(tx: Tx, companyId: number, contactId: number, fields: ExtraInfoInput[]) {
  const existing = await tx<{ id: number }[]>`select id from contact_custom_fields where contact_id = ${contactId}`
  const known = new Set(existing.map((r) => r.id))
  const kept = new Set<number>()
  for (const f of fields) {
    if (f.id !== undefined && known.has(f.id) && !kept.has(f.id)) {
      kept.add(f.id)
      await tx`update contact_custom_fields set name = ${f.name}, value = ${f.value} where id = ${f.id}`
    } else {
      const [row] = await tx<{ id: number }[]>`
        insert into contact_custom_fields (company_id, contact_id, name, value)
        values (${companyId}, ${contactId}, ${f.name}, ${f.value}) returning id`
      kept.add(row.id)
    }
  }
  const gone = [...known].filter((id) => !kept.has(id))
  if (gone.length) await tx`delete from contact_custom_fields where id = any(${gone}::int[])`
}
