import type { Fragment } from 'postgres'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import type { ContactView } from './contact-view.ts'
import { emitted } from './save-contact.ts'

/** Applies one column change to a contact of the actor's company and answers the updated view. */
async function setOnContact(ctx: DomainCtx, contactId: number, change: Fragment): Promise<ContactView> {
  const [row] = await ctx.tx`
    update contacts set ${change} where id = ${contactId} and company_id = ${ctx.auth.user.companyId} returning id`
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND')
  return emitted(ctx, 'update', contactId)
}

/** PUT /contacts/block/{id} {active} (spec part 1 §7, part 2 §5 Contacts): false blocks, true unblocks. */
export const setContactActive = (ctx: DomainCtx, contactId: number, active: boolean) =>
  setOnContact(ctx, contactId, ctx.tx`active = ${active}`)

/** PUT /contacts/toggleAcceptAudio/{contactId}: flips whether the contact's audio messages are accepted. */
export const toggleAcceptAudio = (ctx: DomainCtx, contactId: number) =>
  setOnContact(ctx, contactId, ctx.tx`accept_audio_message = not accept_audio_message`)

/** PUT /contacts/toggleDisableBot/{contactId}: flips whether chatbots skip this contact. */
export const toggleDisableBot = (ctx: DomainCtx, contactId: number) =>
  setOnContact(ctx, contactId, ctx.tx`disable_bot = not disable_bot`)
