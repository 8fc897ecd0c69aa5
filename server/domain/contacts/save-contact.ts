import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { replaceContactTags } from './contact-tag-set.ts'
import { replaceExtraInfo, type ExtraInfoInput } from './contact-extra-info.ts'
import { assertNumberFree, contactNumberFor, duplicateAsAppError } from './contact-number.ts'
import { findContactView, hidesNumbers, maskContact, type ContactView } from './contact-view.ts'

export interface ContactInput {
  name?: string
  number?: string
  email?: string
  disableBot?: boolean
  acceptAudioMessage?: boolean
  extraInfo?: ExtraInfoInput[]
  /** The contact's tags, replaced as a set (the contact dialog's tags field). */
  tags?: number[]
}

/**
 * POST /contacts (spec part 1 §7): a WhatsApp contact of the actor's company; the number is normalised
 * and must be free in the company (409 ERR_DUPLICATED_CONTACT).
 */
export async function createContact(ctx: DomainCtx, input: ContactInput & { name: string; number: string }): Promise<ContactView> {
  const { tx, auth } = ctx
  const companyId = auth.user.companyId
  const number = contactNumberFor('whatsapp', false, input.number)
  await assertNumberFree(tx, companyId, 'whatsapp', number)
  const row = {
    companyId,
    name: input.name,
    number,
    email: input.email ?? '',
    channel: 'whatsapp',
    ...(input.disableBot !== undefined && { disableBot: input.disableBot }),
    ...(input.acceptAudioMessage !== undefined && { acceptAudioMessage: input.acceptAudioMessage }),
  }
  const [{ id }] = await duplicateAsAppError(tx<{ id: number }[]>`insert into contacts ${tx(row)} returning id`)
  if (input.extraInfo) await replaceExtraInfo(tx, companyId, id, input.extraInfo)
  if (input.tags) await replaceContactTags(tx, companyId, id, input.tags)
  return emitted(ctx, 'create', id)
}

/**
 * PUT /contacts/{id}: name, number, email, flags and extraInfo (replaced as a set). A viewer who sees
 * masked numbers may send the masked number back unchanged; it then keeps the stored one.
 */
export async function updateContact(ctx: DomainCtx, contactId: number, input: ContactInput): Promise<ContactView> {
  const { tx, auth } = ctx
  const current = await findContactView(tx, auth.user.companyId, contactId)
  if (!current) throw new AppError('ERR_NO_CONTACT_FOUND')
  const patch: Record<string, unknown> = {}
  if (input.name !== undefined) patch.name = input.name
  if (input.email !== undefined) patch.email = input.email
  if (input.disableBot !== undefined) patch.disableBot = input.disableBot
  if (input.acceptAudioMessage !== undefined) patch.acceptAudioMessage = input.acceptAudioMessage
  if (input.number !== undefined && !input.number.includes('*')) {
    const number = contactNumberFor(current.channel, current.isGroup, input.number)
    if (number !== current.number) {
      await assertNumberFree(tx, current.companyId, current.channel, number, contactId)
      patch.number = number
    }
  }
  if (Object.keys(patch).length) {
    await duplicateAsAppError(tx`update contacts set ${tx(patch)} where id = ${contactId}`)
  }
  if (input.extraInfo) await replaceExtraInfo(tx, current.companyId, contactId, input.extraInfo)
  if (input.tags) await replaceContactTags(tx, current.companyId, contactId, input.tags)
  return emitted(ctx, 'update', contactId)
}

/** Reads the contact back, emits the event (unmasked: contact events reach admins only) and answers masked. */
export async function emitted(ctx: DomainCtx, action: 'create' | 'update', contactId: number): Promise<ContactView> {
  const { tx, auth } = ctx
  const contact = (await findContactView(tx, auth.user.companyId, contactId))!
  ctx.emit({ type: 'contact', companyId: contact.companyId, payload: { action, contact } })
  return maskContact(contact, await hidesNumbers(tx, auth))
}
