import type { DomainCtx } from '../context.ts'
import { AppError } from '../app-error.ts'

export interface PhoneImportResult {
  /** New contacts. */
  created: number
  /** People the company already had (by number or by LID): left as they are. */
  duplicated: number
  /** People the phone gives only by a LID whose number is not known yet: not imported. */
  ignored: number
  /** People in the phone's list: created + duplicated + ignored. */
  total: number
}

/**
 * POST /contacts/import ('contacts': the phone's address book) and /contacts/import/chats ('chats': its
 * chat list), spec part 2 §7: every person the company's WhatsApp connections (or the one named) have
 * reported (channel_address_book, kept by the channel host) becomes a contact unless the company has
 * them by number or LID. A person given only by LID is imported once their number is known. The name is
 * the one saved on the phone, else the number. One `contact` event with the counts.
 */
export async function importPhoneContacts(ctx: DomainCtx, source: 'contacts' | 'chats', whatsappId?: number): Promise<PhoneImportResult> {
  const { tx, auth } = ctx
  const companyId = auth.user.companyId
  if (whatsappId !== undefined) {
    const [connection] = await tx<{ channel: string }[]>`select channel from whatsapps where id = ${whatsappId} and company_id = ${companyId}`
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', `No connection ${whatsappId}`)
  }
  const onConnection = whatsappId === undefined ? tx`true` : tx`ab.whatsapp_id = ${whatsappId}`
  const listed = source === 'contacts' ? tx`ab.in_contacts` : tx`ab.in_chats`
  const [result] = await tx<PhoneImportResult[]>`
    with book as (
      select distinct on (coalesce(ab.number, lm.number, ab.key)) coalesce(ab.number, lm.number) as number, ab.lid, ab.name
        from channel_address_book ab
        left join whatsapp_lid_map lm on lm.company_id = ab.company_id and lm.lid = ab.lid
       where ab.company_id = ${companyId} and ${listed} and ${onConnection}
       order by coalesce(ab.number, lm.number, ab.key), ab.name = '', ab.updated_at desc
    ),
    fresh as (
      select b.* from book b
       where b.number is not null
         and not exists (select 1 from contacts c where c.company_id = ${companyId} and c.channel = 'whatsapp' and c.number = b.number)
         and (b.lid is null or not exists (select 1 from contacts c where c.company_id = ${companyId} and c.lid = b.lid))
    ),
    inserted as (
      insert into contacts (company_id, name, number, lid, channel)
      select ${companyId}, case when f.name <> '' then f.name else f.number end, f.number, f.lid, 'whatsapp' from fresh f
      on conflict do nothing
      returning id
    )
    select (select count(*)::int from inserted) as created,
           (select count(*)::int from book where number is not null) - (select count(*)::int from inserted) as duplicated,
           (select count(*)::int from book where number is null) as ignored,
           (select count(*)::int from book) as total`
  if (result.created) ctx.emit({ type: 'contact', companyId, payload: { action: 'import', source, ...result } })
  return result
}
