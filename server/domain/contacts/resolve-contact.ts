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
 * number and by LID stays one contact. The rules live in app_resolve_contact (migration 0008), which
 * the inbound pipeline calls in the same transaction as the message.
 */
export async function resolveContact(tx: Tx, input: ResolveContactInput): Promise<ContactRow> {
  const { companyId, namespace, peer } = input
  const [row] = await tx<ContactRow[]>`
    select ${tx.unsafe(COLUMNS)} from app_resolve_contact(${companyId}, ${input.whatsappId}, ${namespace},
      ${storedNumber(namespace, peer.number)}, ${peer.lid ?? null}, ${peer.name ?? null}, ${peer.pictureUrl ?? null}, ${input.isGroup ?? false})`
  return row
}
