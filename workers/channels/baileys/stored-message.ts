import { proto } from 'baileys'
import { withSystem, type Db } from '../../../server/db/tenant.ts'

/**
 * Baileys' getMessage from our store (channels.md §1.1): the payload kept with an inbound message, or
 * for our own text sends the text itself; undefined on a miss, never a placeholder (a placeholder leaves
 * the recipient on "Waiting for this message", evolution-api #2705).
 */
export function storedMessageLookup(db: Db, whatsappId: number) {
  return async (externalId: string): Promise<proto.IMessage | undefined> => {
    const [row] = await withSystem(db, (tx) => tx<{ body: string; mediaType: string; dataJson: { raw?: { message?: unknown } } | null }[]>`
      select body, media_type, data_json from messages where whatsapp_id = ${whatsappId} and wid = ${externalId}`)
    if (!row) return undefined
    const raw = row.dataJson?.raw?.message
    if (raw && typeof raw === 'object') return proto.Message.fromObject(raw as Record<string, unknown>)
    if (row.mediaType === 'text' && row.body) return { conversation: row.body }
    return undefined
  }
}
