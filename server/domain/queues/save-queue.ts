import type { ChatbotOptionInput } from '../../routes/chatbots.schema.ts'
import type { CreateQueueInput, UpdateQueueInput } from '../../routes/queues.schema.ts'
import { AppError } from '../app-error.ts'
import { duplicateIdProblems, throwIfIssues, treeProblems } from '../chatbots/chatbot-rules.ts'
import { assertOptionReferences, replaceTree, withPaths } from '../chatbots/chatbot-tree.ts'
import type { DomainCtx } from '../context.ts'
import { assertGreetingWhenSeveral, assertNameAndColorFree, assertQueueLimit, assertQueueReferences, defaultQueueSchedules } from './queue-checks.ts'
import { emitQueue, findQueueDetail, type QueueDetail } from './queue-view.ts'

const COLUMNS = [
  'name', 'color', 'greetingMessage', 'outOfHoursMessage', 'orderQueue', 'tempoRoteador', 'ativarRoteador', 'integrationId',
  'fileListId', 'closeTicket',
] as const

/**
 * POST /queue (spec part 2 §3 Queue, §5, §7): admins only (the route guards), within the plan's queue
 * count; the chatbot option tree and the weekly hours come with it.
 */
export async function createQueue(ctx: DomainCtx, input: CreateQueueInput): Promise<QueueDetail> {
  const { tx, auth } = ctx
  const companyId = auth.user.companyId
  await assertQueueLimit(tx, companyId)
  await assertValid(ctx, companyId, input, 0)
  await assertGreetingWhenSeveral(tx, companyId, input.greetingMessage ?? '', 0)
  const row = { ...columnsOf(input), companyId, schedules: tx.json(input.schedules ?? defaultQueueSchedules()) }
  const [created] = await tx<{ id: number }[]>`insert into queues ${tx(row)} returning id`
  if (input.chatbots) await replaceTree(tx, companyId, { queueId: created.id }, input.chatbots, 'chatbots')
  const queue = (await findQueueDetail(tx, created.id))!
  emitQueue(ctx, 'create', queue)
  return queue
}

/** PUT /queue/{id}: the fields sent change; `chatbots`, when sent, replaces the whole option tree. */
export async function updateQueue(ctx: DomainCtx, id: number, input: UpdateQueueInput): Promise<QueueDetail> {
  const { tx } = ctx
  const [current] = await tx<{ companyId: number; greetingMessage: string | null }[]>`select company_id, greeting_message from queues where id = ${id}`
  if (!current) throw new AppError('ERR_NOT_FOUND', 'Queue not found')
  await assertValid(ctx, current.companyId, input, id)
  await assertGreetingWhenSeveral(tx, current.companyId, input.greetingMessage ?? current.greetingMessage ?? '', id)
  const row: Record<string, unknown> = columnsOf(input)
  if (input.schedules !== undefined) row.schedules = tx.json(input.schedules)
  if (Object.keys(row).length) await tx`update queues set ${tx(row)} where id = ${id}`
  if (input.chatbots) await replaceTree(tx, current.companyId, { queueId: id }, input.chatbots, 'chatbots')
  const queue = (await findQueueDetail(tx, id))!
  emitQueue(ctx, 'update', queue)
  return queue
}

/** Every rule at once for the tree (its shape), then the unique fields and the references. */
async function assertValid(ctx: DomainCtx, companyId: number, input: UpdateQueueInput, exceptId: number) {
  const { tx, auth } = ctx
  if (input.chatbots) assertTree(input.chatbots)
  await assertNameAndColorFree(tx, companyId, input, exceptId)
  await assertQueueReferences(tx, auth, input)
  if (input.chatbots) await assertOptionReferences(tx, auth, withPaths(input.chatbots, 'chatbots'))
}

function assertTree(chatbots: ChatbotOptionInput[]) {
  throwIfIssues([...treeProblems(chatbots, 'chatbots', 1), ...duplicateIdProblems(chatbots, 'chatbots')])
}

function columnsOf(input: UpdateQueueInput): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  for (const field of COLUMNS) if (input[field] !== undefined) row[field] = input[field]
  return row
}
