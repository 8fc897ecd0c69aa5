import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { normalisePhoneDigits } from './phone.ts'
import { findContactView, hidesNumbers, maskContact, type ContactView } from './contact-view.ts'

/** GET /contacts/{id}: one contact of the actor's company, with extraInfo and tags. */
export async function showContact(ctx: DomainCtx, contactId: number): Promise<ContactView> {
  const contact = await findContactView(ctx.tx, ctx.auth.user.companyId, contactId)
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND')
  return maskContact(contact, await hidesNumbers(ctx.tx, ctx.auth))
}

/**
 * GET /contacts/profile/{number} (spec part 1 §7): the WhatsApp contact with that number and its
 * stored picture. The live refresh from the channel belongs to the channel host (docs/decisions.md).
 */
export async function contactProfile(ctx: DomainCtx, number: string): Promise<{ contactId: number; urlPicture: string | null }> {
  const digits = normalisePhoneDigits(number)
  const [row] = digits
    ? await ctx.tx<{ id: number; urlPicture: string | null }[]>`
        select id, url_picture from contacts
         where company_id = ${ctx.auth.user.companyId} and channel = 'whatsapp' and number = ${digits}`
    : []
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND')
  return { contactId: row.id, urlPicture: row.urlPicture }
}
