import type { Tx } from '../../db/connect.ts'
import type { DomainCtx } from '../context.ts'
import { pageOf, splitPage } from '../paging.ts'
import { emitChat, findChat } from './chats.ts'

/** A message of an internal chat (spec part 2 §3 "Chat message"). */
export interface ChatMessageView {
  id: number
  chatId: number
  senderId: number | null
  message: string
  createdAt: Date
  sender: { id: number; name: string } | null
}

const messageView = (tx: Tx) => tx`m.id, m.chat_id, m.sender_id, m.message, m.created_at,
  case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end as sender
  from chat_messages m left join users u on u.id = m.sender_id`

/**
 * GET /chats/{id}/messages: page 1 is the newest 20, each page read oldest first (the pane shows them
 * top to bottom and loads the page before when scrolled near the top).
 */
export async function listChatMessages(ctx: DomainCtx, chatId: number, pageNumber: number) {
  const { tx } = ctx
  await findChat(ctx, chatId)
  const page = pageOf(pageNumber)
  const rows = await tx<ChatMessageView[]>`
    select ${messageView(tx)}
     where m.chat_id = ${chatId} order by m.created_at desc, m.id desc limit ${page.limit + 1} offset ${page.offset}`
  const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from chat_messages where chat_id = ${chatId}`
  const { records, hasMore } = splitPage(rows, page)
  return { records: records.reverse(), hasMore, count }
}

/** POST /chats/{id}/messages: the chat's preview becomes this message and every other user has one more unread. */
export async function sendChatMessage(ctx: DomainCtx, chatId: number, message: string): Promise<ChatMessageView> {
  const { tx } = ctx
  const me = ctx.auth.user.id
  await findChat(ctx, chatId)
  const [{ id }] = await tx<{ id: number }[]>`
    insert into chat_messages ${tx({ companyId: ctx.auth.user.companyId, chatId, senderId: me, message, createdAt: ctx.now() })} returning id`
  await tx`update chats set last_message = ${message} where id = ${chatId}`
  await tx`update chat_users set unreads = unreads + 1 where chat_id = ${chatId} and user_id <> ${me}`
  const [record] = await tx<ChatMessageView[]>`select ${messageView(tx)} where m.id = ${id}`
  emitChat(ctx, 'new-message', await findChat(ctx, chatId), undefined, { message: record })
  return record
}
