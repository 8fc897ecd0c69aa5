import type { DomainCtx } from '../context.ts'
import { AppError } from '../app-error.ts'
import { enqueueSessionJob } from '../connections/session-jobs.ts'

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

/** The book is being read: how many connections have not answered yet. Asked again (202) until they have. */
export interface PhoneImportReading {
  reading: number
}

/** A request the session has not answered in this long is sent again (worker restarted, job failed). */
const READ_RETRY_MS = 60_000
/** A book read this long ago and not imported (the page was closed mid-read) is read afresh. */
const READ_STALE_MS = 10 * 60_000

/**
 * POST /contacts/import ('contacts': the phone's address book) and /contacts/import/chats ('chats': its
 * chat list), spec part 2 §7. The book is read only when asked (issue 15 item 16): the first call asks
 * each WhatsApp connection in scope (the company's, or the one named) for it through a 'session' job and
 * answers `{reading}`; the worker holding the session writes what the phone reported into
 * channel_address_book. Once every connection has answered, the next call turns the people into contacts
 * (unless the company has them by number or LID; one given only by LID comes in once their number is
 * known; the name saved on the phone, else the number), deletes the book and the requests, and answers
 * the counts. One `contact` event with the counts.
 */
export async function importPhoneContacts(
  ctx: DomainCtx,
  source: 'contacts' | 'chats',
  whatsappId?: number,
): Promise<PhoneImportResult | PhoneImportReading> {
  const { tx, auth } = ctx
  const companyId = auth.user.companyId
  if (whatsappId !== undefined) {
    const [connection] = await tx<{ channel: string }[]>`select channel from whatsapps where id = ${whatsappId} and company_id = ${companyId}`
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', `No connection ${whatsappId}`)
  }
  const reading = await askForBooks(ctx, whatsappId)
  if (reading) return { reading }
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
  await tx`delete from channel_address_book ab where ab.company_id = ${companyId} and ${onConnection}`
  await tx`delete from address_book_reads ab where ab.company_id = ${companyId} and ${onConnection}`
  if (result.created) ctx.emit({ type: 'contact', companyId, payload: { action: 'import', source, ...result } })
  return result
}

/**
 * The connections in scope whose book has not been read since it was asked for; asks those not asked
 * yet (or asked too long ago) in this transaction, so the job exists exactly when the request commits.
 */
async function askForBooks(ctx: DomainCtx, whatsappId: number | undefined): Promise<number> {
  const { tx } = ctx
  const companyId = ctx.auth.user.companyId
  const now = ctx.now()
  const unread = await tx<{ id: number; requestedAt: Date | null; readAt: Date | null }[]>`
    select w.id, r.requested_at, r.read_at from whatsapps w
      left join address_book_reads r on r.whatsapp_id = w.id
     where w.company_id = ${companyId} and w.channel = 'whatsapp'
       and (r.read_at is null or r.read_at < ${new Date(now.getTime() - READ_STALE_MS)})
       and ${whatsappId === undefined ? tx`true` : tx`w.id = ${whatsappId}`}
     for update of w`
  for (const { id, requestedAt, readAt } of unread) {
    if (!readAt && requestedAt && now.getTime() - requestedAt.getTime() < READ_RETRY_MS) continue
    await tx`delete from channel_address_book where whatsapp_id = ${id}`
    await tx`
      insert into address_book_reads (whatsapp_id, company_id, requested_at) values (${id}, ${companyId}, ${now})
      on conflict (whatsapp_id) do update set requested_at = excluded.requested_at, read_at = null`
    await enqueueSessionJob(tx, companyId, { whatsappId: id, action: 'addressBook' }, now)
  }
  return unread.length
}
