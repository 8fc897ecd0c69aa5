import type { Tx } from '../../db/connect.ts'
import { normalisePhoneDigits } from './phone.ts'
import type { ChannelKind, PeerIdentity } from '../../../workers/channels/types.ts'

/** contacts.channel: the namespace of a number. Both WhatsApp drivers share one, so a person is one contact. */
export type ContactNamespace = 'whatsapp' | 'facebook' | 'instagram' | 'simulator'

export function namespaceOf(channel: ChannelKind): ContactNamespace {
  return channel === 'whatsappapi' ? 'whatsapp' : channel
}

export interface ContactRow {
  id: number
  name: string
  number: string
  lid: string | null
  urlPicture: string | null
  isGroup: boolean
  disableBot: boolean
  acceptAudioMessage: boolean
}

const COLUMNS = 'id, name, number, lid, url_picture, is_group, disable_bot, accept_audio_message'

export interface ResolveContactInput {
  companyId: number
  whatsappId: number
  namespace: ContactNamespace
  peer: PeerIdentity
  isGroup?: boolean
}

/** The number as stored: WhatsApp-like namespaces keep digits with the Brazilian ninth digit; Meta ids as given. */
export function storedNumber(namespace: ContactNamespace, number: string | undefined): string {
  if (!number) return ''
  return namespace === 'whatsapp' || namespace === 'simulator' ? normalisePhoneDigits(number) : number
}

/**
 * Finds or creates the contact behind a peer (Chatwoot's ContactInboxWithContactBuilder): by number,
 * then by LID, learning the LID-number pair when a delivery carries both, so one person reached by
 * number and by LID stays one contact. A lost race on the unique indexes is retried by reading the
 * winner's row. Names the customer gave replace only an empty name or the bare number, never one an
 * attendant typed.
 */
export async function resolveContact(tx: Tx, input: ResolveContactInput): Promise<ContactRow> {
  const { companyId, namespace, peer } = input
  const lid = peer.lid || null
  let number = storedNumber(namespace, peer.number)
  if (!number && lid) number = (await numberForLid(tx, companyId, lid)) ?? ''
  if (lid && number) await rememberLid(tx, companyId, lid, number)

  for (let attempt = 0; attempt < 3; attempt++) {
    const byNumber = number ? await findBy(tx, companyId, namespace, 'number', number) : undefined
    const byLid = lid ? await findBy(tx, companyId, namespace, 'lid', lid) : undefined
    if (byNumber) {
      if (lid && byNumber.lid !== lid) {
        // The LID now belongs to the numbered contact; a LID-only duplicate keeps its history, unlinked.
        if (byLid && byLid.id !== byNumber.id) await tx`update contacts set lid = null where id = ${byLid.id}`
        await tx`update contacts set lid = ${lid} where id = ${byNumber.id}`
        byNumber.lid = lid
      }
      return refresh(tx, byNumber, input)
    }
    if (byLid) {
      if (number) {
        await tx`update contacts set number = ${number} where id = ${byLid.id}`
        byLid.number = number
      }
      return refresh(tx, byLid, input)
    }
    const name = peer.name?.trim() || number || lid || ''
    const [created] = await tx<ContactRow[]>`
      insert into contacts ${tx({
        companyId,
        name,
        number,
        lid,
        channel: namespace,
        isGroup: input.isGroup ?? false,
        whatsappId: input.whatsappId,
        urlPicture: peer.pictureUrl ?? null,
      })}
      on conflict do nothing
      returning ${tx.unsafe(COLUMNS)}`
    if (created) return created
  }
  throw new Error(`contact for ${number || lid} could not be resolved`)
}

async function findBy(tx: Tx, companyId: number, namespace: ContactNamespace, column: 'number' | 'lid', value: string) {
  const [row] = await tx<ContactRow[]>`
    select ${tx.unsafe(COLUMNS)} from contacts
     where company_id = ${companyId} and ${tx(column)} = ${value}
       ${column === 'number' ? tx`and channel = ${namespace}` : tx``}
     limit 1`
  return row
}

async function refresh(tx: Tx, contact: ContactRow, input: ResolveContactInput): Promise<ContactRow> {
  const given = input.peer.name?.trim()
  const rename = given && (contact.name === '' || contact.name === contact.number || contact.name === contact.lid)
  const picture = input.peer.pictureUrl && input.peer.pictureUrl !== contact.urlPicture
  if (rename || picture) {
    if (rename) contact.name = given
    if (picture) contact.urlPicture = input.peer.pictureUrl ?? null
    await tx`update contacts set name = ${contact.name}, url_picture = ${contact.urlPicture} where id = ${contact.id}`
  }
  return contact
}

async function numberForLid(tx: Tx, companyId: number, lid: string): Promise<string | null> {
  const [row] = await tx<{ number: string | null }[]>`
    select number from whatsapp_lid_map where company_id = ${companyId} and lid = ${lid}`
  return row?.number ?? null
}

/** Records a LID-number pair (lid-mapping events, keys that carry both). */
export async function rememberLid(tx: Tx, companyId: number, lid: string, number: string): Promise<void> {
  await tx`
    insert into whatsapp_lid_map (company_id, lid, number) values (${companyId}, ${lid}, ${number})
    on conflict (company_id, lid) do update set number = excluded.number
      where whatsapp_lid_map.number is distinct from excluded.number`
}
