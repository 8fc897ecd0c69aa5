import type { CountMessagesQuery } from '../../routes/messages.schema.ts'
import type { DomainCtx } from '../context.ts'
import { assertCan } from '../permissions.ts'

/**
 * GET /messages-allMe (spec part 1 §7; the anchor's dashboard counter): how many messages the company
 * sent (fromMe true), received (false) or both (absent) between dateStart and dateEnd, whole days in the
 * company's time zone, both inclusive. Private notes are not messages of the chat.
 */
export async function countMessages(ctx: DomainCtx, query: CountMessagesQuery): Promise<{ count: number }> {
  const { tx, auth } = ctx
  assertCan(auth, 'dashboard:view')
  const [{ timezone }] = await tx<{ timezone: string }[]>`select timezone from companies where id = ${auth.company.id}`
  const [{ count }] = await tx<{ count: number }[]>`
    select count(*)::int as count from messages m
     where m.company_id = ${auth.company.id}
       and not m.is_private
       and (${query.fromMe ?? null}::boolean is null or m.from_me = ${query.fromMe ?? null}::boolean)
       and (${query.dateStart ?? null}::date is null
            or m.created_at >= (${query.dateStart ?? null}::date)::timestamp at time zone ${timezone})
       and (${query.dateEnd ?? null}::date is null
            or m.created_at < (${query.dateEnd ?? null}::date + 1)::timestamp at time zone ${timezone})`
  return { count }
}
