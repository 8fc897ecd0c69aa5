import type { ListChatbotsQuery } from '../../routes/chatbots.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { loadOption, loadQueueMenus, type ChatbotView } from './chatbot-tree.ts'

/**
 * GET /chatbot (spec part 2 §7): the options of one queue's menu (queueId) or of one option's next level
 * (parentId), each with its levels below; with neither, every queue's menu in queue order. Unlike the
 * anchor, which lists every company's options, only the company's.
 */
export async function listChatbots(ctx: DomainCtx, q: ListChatbotsQuery): Promise<ChatbotView[]> {
  const { tx } = ctx
  if (q.parentId !== undefined) return (await loadOption(tx, q.parentId))?.options ?? []
  const queueIds = q.queueId !== undefined
    ? [q.queueId]
    : (await tx<{ id: number }[]>`select id from queues order by order_queue nulls last, lower(name), id`).map((r) => r.id)
  const menus = await loadQueueMenus(tx, queueIds)
  return queueIds.flatMap((id) => menus.get(id) ?? [])
}

/** GET /chatbot/{id}: one option with every level below it. */
export async function showChatbot(ctx: DomainCtx, id: number): Promise<ChatbotView> {
  const option = await loadOption(ctx.tx, id)
  if (!option) throw new AppError('ERR_NOT_FOUND', 'Chatbot option not found')
  return option
}
