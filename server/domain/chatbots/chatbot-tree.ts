import type { Queryable, Tx } from '../../db/connect.ts'
import type { ChatbotOptionInput, QueueType } from '../../routes/chatbots.schema.ts'
import type { AuthContext } from '../auth/auth-context.ts'
import { assertPlanFeature } from '../permissions.ts'
import { flattenTree, normalizeOption, throwIfIssues, type FieldIssue, type OptionFields } from './chatbot-rules.ts'

/** A chatbot option as the API shows it (spec part 2 §3 "Chatbot option"), with its next level. */
export interface ChatbotView {
  id: number
  queueId: number | null
  parentId: number | null
  name: string
  greetingMessage: string
  queueType: QueueType
  closeTicket: boolean
  optQueueId: number | null
  optUserId: number | null
  optIntegrationId: number | null
  optFileId: number | null
  optionOrder: number
  options: ChatbotView[]
}

/** Where a menu level hangs: a queue's own menu, or the next level of an option. */
export type TreeOwner = { queueId: number } | { parentId: number }

type Row = Omit<ChatbotView, 'options'>

const COLUMNS = `id, queue_id, parent_id, name, greeting_message, queue_type, close_ticket, opt_queue_id, opt_user_id,
  opt_integration_id, opt_file_id, option_order`

/** The options below the owners (all levels), as rows; RLS keeps them to the company. */
async function selectSubtrees(sql: Queryable, roots: { queueIds?: number[]; parentIds?: number[]; ids?: number[] }): Promise<Row[]> {
  return sql<Row[]>`
    with recursive t as (
      select ${sql.unsafe(COLUMNS)} from chatbots
       where (parent_id is null and queue_id = any(${roots.queueIds ?? []}::int[]))
          or parent_id = any(${roots.parentIds ?? []}::int[]) or id = any(${roots.ids ?? []}::int[])
      union
      select ${sql.unsafe(COLUMNS.replace(/(\w+)/g, 'c.$1'))} from chatbots c join t on c.parent_id = t.id
    )
    select * from t order by option_order, id`
}

function buildTrees(rows: Row[]): Map<number | null, ChatbotView[]> {
  const byParent = new Map<number | null, ChatbotView[]>()
  const views = rows.map((r) => ({ ...r, options: [] as ChatbotView[] }))
  const byId = new Map(views.map((v) => [v.id, v]))
  for (const v of views) {
    const parent = v.parentId === null ? undefined : byId.get(v.parentId)
    if (parent) parent.options.push(v)
    else byParent.set(v.parentId, [...(byParent.get(v.parentId) ?? []), v])
  }
  return byParent
}

/** The menus of the given queues, each a list of options with their next levels, keyed by queue id. */
export async function loadQueueMenus(sql: Queryable, queueIds: number[]): Promise<Map<number, ChatbotView[]>> {
  const menus = new Map<number, ChatbotView[]>(queueIds.map((id) => [id, []]))
  for (const root of buildTrees(await selectSubtrees(sql, { queueIds })).get(null) ?? []) menus.get(root.queueId!)?.push(root)
  return menus
}

/** One option with every level below it, or null when the company has no such option. */
export async function loadOption(sql: Queryable, id: number): Promise<ChatbotView | null> {
  const rows = await selectSubtrees(sql, { ids: [id] })
  const top = rows.find((r) => r.id === id)
  if (!top) return null
  return buildTrees(rows).get(top.parentId)?.find((v) => v.id === id) ?? null
}

/** Where an option sits: its level (1 for a queue's own menu) and the queue whose menu holds it. */
export async function locateOption(sql: Queryable, id: number): Promise<{ depth: number; queueId: number | null } | null> {
  const [r] = await sql<{ depth: number; queueId: number | null }[]>`
    with recursive up as (
      select id, parent_id, queue_id, 1 as depth from chatbots where id = ${id}
      union
      select c.id, c.parent_id, c.queue_id, up.depth + 1 from chatbots c join up on c.id = up.parent_id where up.depth < 100
    )
    select max(depth)::int as depth, max(queue_id) filter (where parent_id is null) as queue_id from up having count(*) > 0`
  return r ?? null
}

/** The ids below an owner, every level. */
async function subtreeIds(tx: Tx, owner: TreeOwner): Promise<Set<number>> {
  const rows = await selectSubtrees(tx, 'queueId' in owner ? { queueIds: [owner.queueId] } : { parentIds: [owner.parentId] })
  return new Set(rows.map((r) => r.id))
}

/** Referenced queues, users, integrations and files must be the company's (read through RLS). */
export async function assertOptionReferences(tx: Tx, auth: AuthContext, options: (OptionFields & { at: string })[]): Promise<void> {
  const tables = { optQueueId: 'queues', optUserId: 'users', optIntegrationId: 'queue_integrations', optFileId: 'files' } as const
  const issues: FieldIssue[] = []
  for (const option of options) {
    for (const [field, table] of Object.entries(tables)) {
      const id = option[field as keyof typeof tables]
      if (id == null) continue
      const [found] = await tx`select 1 from ${tx(table)} where id = ${id}`
      if (!found) issues.push({ field: option.at ? `${option.at}.${field}` : field, message: 'Unknown record' })
    }
  }
  throwIfIssues(issues)
  if (options.some((o) => o.optIntegrationId != null)) assertPlanFeature(auth, 'useIntegrations')
}

/** Field paths of a tree's options, in flattenTree order. */
export function optionPaths(options: ChatbotOptionInput[], at: string): string[] {
  return options.flatMap((o, i) => [`${at}.${i}`, ...optionPaths(o.options, `${at}.${i}.options`)])
}

/** The options of a tree, depth first, each with its field path (for the reference check's messages). */
export function withPaths(options: ChatbotOptionInput[], at: string) {
  const paths = optionPaths(options, at)
  return flattenTree(options).map((o, i) => ({ ...o, at: paths[i] }))
}

/**
 * Replaces the menu level of an owner with `options` (and every level below), in the caller's
 * transaction. Options sent with an id keep it (tickets waiting in them stay there); the owner's
 * options left out are deleted with their own levels; ids from elsewhere are refused.
 */
export async function replaceTree(tx: Tx, companyId: number, owner: TreeOwner, options: ChatbotOptionInput[], at: string): Promise<void> {
  const existing = await subtreeIds(tx, owner)
  const paths = optionPaths(options, at)
  const flat = flattenTree(options)
  throwIfIssues(
    flat.flatMap((o, i) => (o.id !== undefined && !existing.has(o.id) ? [{ field: `${paths[i]}.id`, message: 'Unknown option' }] : [])),
  )
  await writeLevel(tx, companyId, owner, options)
  const kept = new Set(flat.map((o) => o.id).filter((id) => id !== undefined))
  const removed = [...existing].filter((id) => !kept.has(id))
  if (removed.length) await tx`delete from chatbots where id = any(${removed}::int[])`
}

async function writeLevel(tx: Tx, companyId: number, owner: TreeOwner, options: ChatbotOptionInput[]): Promise<void> {
  for (const [i, option] of options.entries()) {
    const id = await writeOption(tx, companyId, owner, option, i)
    await writeLevel(tx, companyId, { parentId: id }, option.options)
  }
}

/** Inserts or updates one option at its place; roots carry queue_id, deeper options parent_id. */
export async function writeOption(tx: Tx, companyId: number, owner: TreeOwner, option: OptionFields & { id?: number }, order: number): Promise<number> {
  const n = normalizeOption(option)
  const row = {
    queueId: 'queueId' in owner ? owner.queueId : null,
    parentId: 'parentId' in owner ? owner.parentId : null,
    name: n.name, greetingMessage: n.greetingMessage, queueType: n.queueType, closeTicket: n.closeTicket,
    optQueueId: n.optQueueId, optUserId: n.optUserId, optIntegrationId: n.optIntegrationId, optFileId: n.optFileId,
    optionOrder: order,
  }
  if (option.id !== undefined) {
    await tx`update chatbots set ${tx(row)} where id = ${option.id}`
    return option.id
  }
  const [created] = await tx<{ id: number }[]>`insert into chatbots ${tx({ ...row, companyId })} returning id`
  return created.id
}
