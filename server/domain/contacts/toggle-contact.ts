import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import type { ContactView } from './contact-view.ts'
import { emitted } from './save-contact.ts'

/** PUT /contacts/block/{id} {active} (spec part 1 §7, part 2 §5 Contacts): false blocks, true unblocks. */
export async function setContactActive(ctx: DomainCtx, contactId: number, active: boolean): Promise<ContactView> {
  const [row] = await ctx.tx`
    update contacts set active = ${active} where id = ${contactId} and company_id = ${ctx.auth.user.companyId} returning id`
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND')
  return emitted(ctx, 'update', contactId)
}

/** PUT /contacts/toggleAcceptAudio/{contactId}: flips whether the contact's audio messages are accepted. */
export async function toggleAcceptAudio(ctx: DomainCtx, contactId: number): Promise<ContactView> {
  const [row] = await ctx.tx`
    update contacts set accept_audio_message = not accept_audio_message
     where id = ${contactId} and company_id = ${ctx.auth.user.companyId} returning id`
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND')
  return emitted(ctx, 'update', contactId)
}

/** PUT /contacts/toggleDisableBot/{contactId}: flips whether chatbots skip this contact. */
export async function toggleDisableBot(ctx: DomainCtx, contactId: number): Promise<ContactView> {
  const [row] = await ctx.tx`
    update contacts set disable_bot = not disable_bot
     where id = ${contactId} and company_id = ${ctx.auth.user.companyId} returning id`
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND')
  return emitted(ctx, 'update', contactId)
}
