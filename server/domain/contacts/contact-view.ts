import type { Queryable } from '../../db/connect.ts'
import { maskNumber } from '../../../sync/shapes.ts'
import type { AuthContext } from '../auth/auth-context.ts'
import { can } from '../permissions.ts'

/** A contact as the API shows it (spec part 1 §3 Contact): never the LID or the remote jid. */
export interface ContactView {
  id: number
  companyId: number
  name: string
  number: string
  email: string
  active: boolean
  acceptAudioMessage: boolean
  disableBot: boolean
  lgpdAcceptedAt: string | null
  queueId: number | null
  urlPicture: string | null
  channel: 'whatsapp' | 'facebook' | 'instagram' | 'simulator'
  isGroup: boolean
  whatsappId: number | null
  whatsapp: { id: number; name: string; channel: string } | null
  extraInfo: { id: number; name: string; value: string }[]
  tags: { id: number; name: string; color: string; kanban: number }[]
  createdAt: string
  updatedAt: string
}

export const contactViewColumns = (sql: Queryable) => sql`
  c.id, c.company_id, c.name, c.number, c.email, c.active, c.accept_audio_message, c.disable_bot,
  c.lgpd_accepted_at, c.queue_id, c.url_picture, c.channel, c.is_group, c.whatsapp_id, c.created_at, c.updated_at,
  (select case when w.id is null then null else json_build_object('id', w.id, 'name', w.name, 'channel', w.channel) end
     from whatsapps w where w.id = c.whatsapp_id) as whatsapp,
  coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'value', f.value) order by f.id)
              from contact_custom_fields f where f.contact_id = c.id), '[]'::json) as extra_info,
  coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color, 'kanban', t.kanban) order by lower(t.name), t.id)
              from contact_tags ct join tags t on t.id = ct.tag_id where ct.contact_id = c.id), '[]'::json) as tags`

/** The contact of the actor's company, or null (another company's contact is not found). */
export async function findContactView(sql: Queryable, companyId: number, contactId: number): Promise<ContactView | null> {
  const [row] = await sql<ContactView[]>`
    select ${contactViewColumns(sql)} from contacts c where c.id = ${contactId} and c.company_id = ${companyId}`
  return row ?? null
}

/**
 * Whether numbers leave the server masked for this actor (spec part 1 §6, part 2 §6): a plain user when
 * lgpdHideNumber is enabled. The same rule as the contacts shape (sync/server/shape-route.ts).
 */
export async function hidesNumbers(sql: Queryable, auth: AuthContext): Promise<boolean> {
  if (can(auth, 'admin')) return false
  const [s] = await sql<{ lgpdHideNumber: string }[]>`
    select lgpd_hide_number from company_settings where company_id = ${auth.user.companyId}`
  return s?.lgpdHideNumber === 'enabled'
}

/** All but the last two characters of the number hidden, as the shapes mask them. */
export function maskContact<T extends { number: string }>(contact: T, hide: boolean): T {
  return hide ? { ...contact, number: maskNumber.value(contact.number) } : contact
}
