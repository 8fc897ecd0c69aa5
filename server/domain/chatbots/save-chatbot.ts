import type { CreateChatbotInput, UpdateChatbotInput } from '../../routes/chatbots.schema.ts'
import { MAX_TREE_DEPTH } from '../../routes/chatbots.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import {
  NEXT_LEVEL_NEEDS_MESSAGE, optionProblems, throwIfIssues, treeProblems, duplicateIdProblems,
  type FieldIssue, type OptionFields,
} from './chatbot-rules.ts'
import {
  assertOptionReferences, loadOption, locateOption, replaceTree, withPaths, writeOption, type ChatbotView, type TreeOwner,
} from './chatbot-tree.ts'

/**
 * POST /chatbot (spec part 2 §7): a new option at the end of a queue's menu or of an option's next
 * level, with its own levels below. An option that gains a next level must have a message (§5).
 */
export async function createChatbot(ctx: DomainCtx, input: CreateChatbotInput): Promise<ChatbotView> {
  const { tx, auth } = ctx
  const owner: TreeOwner = input.queueId !== null ? { queueId: input.queueId } : { parentId: input.parentId! }
  const depth = await levelUnder(ctx, owner)
  throwIfIssues([
    ...(depth > MAX_TREE_DEPTH ? [{ field: 'parentId', message: `At most ${MAX_TREE_DEPTH} levels` }] : []),
    ...optionProblems(input, input.options.length > 0, ''),
    ...treeProblems(input.options, 'options', depth + 1),
    ...duplicateIdProblems(input.options, 'options'),
  ])
  await assertOptionReferences(tx, auth, [{ ...input, at: '' }, ...withPaths(input.options, 'options')])
  const id = await writeOption(tx, auth.user.companyId, owner, input, await nextOrder(ctx, owner))
  await replaceTree(tx, auth.user.companyId, { parentId: id }, input.options, 'options')
  return emitChatbot(ctx, 'create', id)
}

/** PUT /chatbot/{id}: the fields sent change; `options`, when sent, replaces every level below the option. */
export async function updateChatbot(ctx: DomainCtx, id: number, input: UpdateChatbotInput): Promise<ChatbotView> {
  const { tx, auth } = ctx
  const current = await loadOption(tx, id)
  const place = await locateOption(tx, id)
  if (!current || !place) throw new AppError('ERR_NOT_FOUND', 'Chatbot option not found')
  const merged: OptionFields = { ...current }
  for (const [k, v] of Object.entries(input)) if (k !== 'options' && v !== undefined) Object.assign(merged, { [k]: v })
  const hasNextLevel = input.options ? input.options.length > 0 : current.options.length > 0
  throwIfIssues([
    ...optionProblems(merged, hasNextLevel, ''),
    ...(input.options ? [...treeProblems(input.options, 'options', place.depth + 1), ...duplicateIdProblems(input.options, 'options')] : []),
  ])
  await assertOptionReferences(tx, auth, [{ ...merged, at: '' }, ...withPaths(input.options ?? [], 'options')])
  const owner: TreeOwner = current.parentId === null ? { queueId: current.queueId! } : { parentId: current.parentId }
  await writeOption(tx, auth.user.companyId, owner, { ...merged, id }, current.optionOrder)
  if (input.options) await replaceTree(tx, auth.user.companyId, { parentId: id }, input.options, 'options')
  return emitChatbot(ctx, 'update', id)
}

/** DELETE /chatbot/{id}: the option and every level below it; tickets waiting in them leave the menu. */
export async function deleteChatbot(ctx: DomainCtx, id: number): Promise<void> {
  const place = await locateOption(ctx.tx, id)
  if (!place) throw new AppError('ERR_NOT_FOUND', 'Chatbot option not found')
  await ctx.tx`delete from chatbots where id = ${id}`
  ctx.emit({ type: 'chatbot', companyId: ctx.auth.user.companyId, payload: { action: 'delete', chatbotId: id, queueId: place.queueId } })
}

/** The level a new option under `owner` takes; the owner must be the company's, and a parent needs a message. */
async function levelUnder(ctx: DomainCtx, owner: TreeOwner): Promise<number> {
  const { tx } = ctx
  if ('queueId' in owner) {
    const [queue] = await tx`select 1 from queues where id = ${owner.queueId}`
    if (!queue) throwIfIssues([{ field: 'queueId', message: 'Unknown record' }])
    return 1
  }
  const [parent] = await tx<{ greetingMessage: string }[]>`select greeting_message from chatbots where id = ${owner.parentId}`
  const place = parent ? await locateOption(tx, owner.parentId) : null
  const issue: FieldIssue | null = !parent || !place
    ? { field: 'parentId', message: 'Unknown record' }
    : parent.greetingMessage.trim() ? null : { field: 'parentId', message: NEXT_LEVEL_NEEDS_MESSAGE }
  throwIfIssues(issue ? [issue] : [])
  return place!.depth + 1
}

/** A new option goes after its siblings. */
async function nextOrder({ tx }: DomainCtx, owner: TreeOwner): Promise<number> {
  const siblings = 'queueId' in owner
    ? tx`queue_id = ${owner.queueId} and parent_id is null`
    : tx`parent_id = ${owner.parentId}`
  const [r] = await tx<{ next: number }[]>`select coalesce(max(option_order) + 1, 0)::int as next from chatbots where ${siblings}`
  return r.next
}

async function emitChatbot(ctx: DomainCtx, action: 'create' | 'update', id: number): Promise<ChatbotView> {
  const chatbot = (await loadOption(ctx.tx, id))!
  const place = await locateOption(ctx.tx, id)
  ctx.emit({ type: 'chatbot', companyId: ctx.auth.user.companyId, payload: { action, chatbot, queueId: place?.queueId ?? null } })
  return chatbot
}
