import type { Queryable } from '../../db/connect.ts'
import type { PromptInput } from '../../routes/prompts.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'

/**
 * A prompt as the API answers it (spec part 2 §3 "Prompt"), with its queue's name. apiKey is a secret: never
 * answered, emitted or logged; hasApiKey says one is stored. The token counters add up what the runtime used.
 */
export interface PromptView {
  id: number
  name: string
  prompt: string
  voice: string
  voiceKey: string
  voiceRegion: string
  maxTokens: number
  temperature: number
  maxMessages: number
  queueId: number | null
  queue: { id: number; name: string } | null
  hasApiKey: boolean
  promptTokens: number
  completionTokens: number
  totalTokens: number
}

const VIEW = `p.id, p.name, p.prompt, p.voice, p.voice_key, p.voice_region, p.max_tokens, p.temperature::float8 as temperature,
  p.max_messages, p.queue_id, case when q.id is null then null else json_build_object('id', q.id, 'name', q.name) end as queue,
  p.api_key <> '' as has_api_key, p.prompt_tokens, p.completion_tokens, p.total_tokens`

export async function loadPrompt(tx: Queryable, companyId: number, id: number): Promise<PromptView> {
  const [row] = await tx<PromptView[]>`select ${tx.unsafe(VIEW)} from prompts p left join queues q on q.id = p.queue_id where p.id = ${id} and p.company_id = ${companyId}`
  if (!row) throw new AppError('ERR_NOT_FOUND', `No prompt ${id}`)
  return row
}

/** GET /prompt (spec part 2 §7: answer prompts), by name. */
export async function listPrompts(ctx: DomainCtx): Promise<{ prompts: PromptView[] }> {
  const prompts = await ctx.tx<PromptView[]>`
    select ${ctx.tx.unsafe(VIEW)} from prompts p left join queues q on q.id = p.queue_id
     where p.company_id = ${ctx.auth.user.companyId} order by lower(p.name), p.id`
  return { prompts }
}

export const showPrompt = (ctx: DomainCtx, id: number) => loadPrompt(ctx.tx, ctx.auth.user.companyId, id)

async function assertQueue(ctx: DomainCtx, queueId: number | null): Promise<void> {
  const [row] = queueId === null ? [] : await ctx.tx`select 1 from queues where id = ${queueId} and company_id = ${ctx.auth.user.companyId}`
  if (!row) throw new AppError('ERR_VALIDATION', 'queueId: Informe o setor', { fields: [{ field: 'queueId', message: 'Informe o setor' }] })
}

/** The columns an input writes; a blank apiKey on an edit keeps the stored key. */
const columns = (input: PromptInput, editing: boolean) => {
  const { apiKey, ...rest } = input
  return { ...rest, ...(editing && apiKey === '' ? {} : { apiKey }) }
}

export async function createPrompt(ctx: DomainCtx, input: PromptInput): Promise<PromptView> {
  await assertQueue(ctx, input.queueId)
  const [{ id }] = await ctx.tx<{ id: number }[]>`insert into prompts ${ctx.tx({ companyId: ctx.auth.user.companyId, ...columns(input, false) })} returning id`
  return emitted(ctx, 'create', await loadPrompt(ctx.tx, ctx.auth.user.companyId, id))
}

export async function updatePrompt(ctx: DomainCtx, id: number, input: PromptInput): Promise<PromptView> {
  await loadPrompt(ctx.tx, ctx.auth.user.companyId, id)
  await assertQueue(ctx, input.queueId)
  await ctx.tx`update prompts set ${ctx.tx(columns(input, true))} where id = ${id}`
  return emitted(ctx, 'update', await loadPrompt(ctx.tx, ctx.auth.user.companyId, id))
}

/** DELETE /prompt/{id}: connections, queues and tickets lose the reference (keys set null, migration 0004). */
export async function deletePrompt(ctx: DomainCtx, id: number): Promise<void> {
  await loadPrompt(ctx.tx, ctx.auth.user.companyId, id)
  await ctx.tx`delete from prompts where id = ${id}`
  ctx.emit({ type: 'prompt', companyId: ctx.auth.user.companyId, payload: { action: 'delete', promptId: id } })
}

function emitted(ctx: DomainCtx, action: 'create' | 'update', prompt: PromptView): PromptView {
  ctx.emit({ type: 'prompt', companyId: ctx.auth.user.companyId, payload: { action, prompt } })
  return prompt
}
