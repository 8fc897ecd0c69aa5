import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import type { ChatInput } from '../../routes/chats.schema.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'

/** Internal chat between users of one company (spec part 2 §3 "Chat"). */
export interface ChatView {
  id: number
  uuid: string
  title: string
  ownerId: number | null
  lastMessage: string
  createdAt: Date
  updatedAt: Date
  users: { userId: number; unreads: number; user: { id: number; name: string } }[]
}

const chatView = (tx: Tx) => tx`
  c.id, c.uuid::text as uuid, c.title, c.owner_id, c.last_message, c.created_at, c.updated_at,
  coalesce((select json_agg(json_build_object('userId', cu.user_id, 'unreads', cu.unreads,
                                              'user', json_build_object('id', u.id, 'name', u.name)) order by u.name, u.id)
              from chat_users cu join users u on u.id = cu.user_id where cu.chat_id = c.id), '[]'::json) as users`

/** The rows that make these users of the chat. */
const userRows = (ctx: DomainCtx, chatId: number, users: number[]) => users.map((userId) => ({ companyId: ctx.auth.user.companyId, chatId, userId }))

const isMember = (tx: Tx, userId: number) => tx`exists (select 1 from chat_users m where m.chat_id = c.id and m.user_id = ${userId})`

/** GET /chats: the chats the caller takes part in, searched by title, latest activity first, 20 a page. */
export async function listChats(ctx: DomainCtx, input: { searchParam: string; pageNumber: number }) {
  const { tx } = ctx
  const page = pageOf(input.pageNumber)
  const where = tx`${isMember(tx, ctx.auth.user.id)} and (${input.searchParam} = '' or lower(c.title) like ${likePattern(input.searchParam)})`
  const rows = await tx<ChatView[]>`
    select ${chatView(tx)} from chats c where ${where}
     order by c.updated_at desc, c.id desc limit ${page.limit + 1} offset ${page.offset}`
  const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from chats c where ${where}`
  return { ...splitPage(rows, page), count }
}

/** One chat of the caller's, by id or uuid; others' chats do not exist for them (404, not 403). */
export async function findChat(ctx: DomainCtx, ref: number | string): Promise<ChatView> {
  const { tx } = ctx
  const byRef = typeof ref === 'number' ? tx`c.id = ${ref}` : tx`c.uuid = ${ref}::uuid`
  const [row] = await tx<ChatView[]>`select ${chatView(tx)} from chats c where ${byRef} and ${isMember(tx, ctx.auth.user.id)}`
  if (!row) throw new AppError('ERR_NO_CHAT_FOUND', `No chat ${ref}`)
  return row
}

/** POST /chats: the caller owns the chat and is always one of its users. */
export async function createChat(ctx: DomainCtx, input: ChatInput): Promise<ChatView> {
  const { tx } = ctx
  const members = await membersOf(ctx, input.users)
  const [{ id }] = await tx<{ id: number }[]>`
    insert into chats ${tx({ companyId: ctx.auth.user.companyId, title: input.title, ownerId: ctx.auth.user.id })} returning id`
  await tx`insert into chat_users ${tx(userRows(ctx, id, members))}`
  const chat = await findChat(ctx, id)
  emitChat(ctx, 'create', chat)
  return chat
}

/** PUT /chats/{id}: owner only; the users sent replace the others, unread counts of those who stay are kept. */
export async function updateChat(ctx: DomainCtx, id: number, input: ChatInput): Promise<ChatView> {
  const { tx } = ctx
  const before = await ownedChat(ctx, id)
  const members = await membersOf(ctx, input.users)
  await tx`update chats set title = ${input.title} where id = ${id}`
  await tx`delete from chat_users where chat_id = ${id} and user_id <> all(${members}::int[])`
  await tx`insert into chat_users ${tx(userRows(ctx, id, members))}
           on conflict (chat_id, user_id) do nothing`
  const chat = await findChat(ctx, id)
  // Users taken out hear that the chat is gone for them.
  const removed = before.users.map((u) => u.userId).filter((u) => !members.includes(u))
  if (removed.length) emitChat(ctx, 'delete', before, removed)
  emitChat(ctx, 'update', chat)
  return chat
}

/** DELETE /chats/{id}: owner only; its messages go with it. */
export async function deleteChat(ctx: DomainCtx, id: number): Promise<void> {
  const chat = await ownedChat(ctx, id)
  await ctx.tx`delete from chats where id = ${id}`
  emitChat(ctx, 'delete', chat)
}

/** POST /chats/{id}/read: the caller has read everything; only one's own count can be cleared. */
export async function markChatRead(ctx: DomainCtx, id: number, userId?: number): Promise<ChatView> {
  if (userId !== undefined && userId !== ctx.auth.user.id) throw new AppError('ERR_NO_PERMISSION', 'Only your own unread count can be cleared')
  // Clears nothing outside the caller's chats; findChat then answers 404 for them.
  const cleared = await ctx.tx`update chat_users set unreads = 0 where chat_id = ${id} and user_id = ${ctx.auth.user.id} and unreads > 0 returning 1`
  const chat = await findChat(ctx, id)
  if (cleared.length) emitChat(ctx, 'update', chat, [ctx.auth.user.id])
  return chat
}

/** The chat, if the caller owns it: edit and delete are the owner's (spec part 2 §6). */
async function ownedChat(ctx: DomainCtx, id: number): Promise<ChatView> {
  const chat = await findChat(ctx, id)
  if (chat.ownerId !== ctx.auth.user.id) throw new AppError('ERR_NO_PERMISSION', 'Only the owner edits or deletes a chat')
  return chat
}

/** The chat's users: those asked for, which must be of the caller's company, plus the caller. */
async function membersOf(ctx: DomainCtx, users: number[]): Promise<number[]> {
  const wanted = [...new Set([...users, ctx.auth.user.id])]
  const found = await ctx.tx<{ id: number }[]>`select id from users where id = any(${wanted}::int[])`
  if (found.length !== wanted.length) {
    const missing = wanted.filter((u) => !found.some((f) => f.id === u))
    throw new AppError('ERR_NO_USER_FOUND', `No user ${missing.join(', ')}`)
  }
  return wanted
}

/** Live event `chat` (spec part 2 §7), to the chat's users only (`userIds`, or every user of the chat). */
export function emitChat(
  ctx: DomainCtx,
  action: 'create' | 'update' | 'delete' | 'new-message',
  record: ChatView,
  userIds: number[] = record.users.map((u) => u.userId),
  extra: Record<string, unknown> = {},
) {
  ctx.emit({ type: 'chat', companyId: ctx.auth.user.companyId, payload: { action, record, userIds, ...extra } })
}
