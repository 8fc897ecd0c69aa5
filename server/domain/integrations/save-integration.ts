import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'
import type { IntegrationInput } from '../../routes/queue-integrations.schema.ts'
import { INTEGRATION_COLUMNS, loadIntegration, type IntegrationView } from './integration-view.ts'

/** GET /queueIntegration/ (spec part 2 §7): 20 a page by name, searched in lowercase. */
export async function listIntegrations(ctx: DomainCtx, q: { searchParam: string; pageNumber: number }): Promise<{ queueIntegrations: IntegrationView[]; hasMore: boolean }> {
  const page = pageOf(q.pageNumber)
  const rows = await ctx.tx<IntegrationView[]>`
    select ${ctx.tx.unsafe(INTEGRATION_COLUMNS)} from queue_integrations
     where company_id = ${ctx.auth.user.companyId} and lower(name) like ${likePattern(q.searchParam)}
     order by lower(name), id limit ${page.limit + 1} offset ${page.offset}`
  const { records, hasMore } = splitPage(rows, page)
  return { queueIntegrations: records, hasMore }
}

/**
 * GET /queueIntegration/{id}: the integration and, for its admins only, the secret its n8n and webhook
 * POSTs are signed with (issue 22; never in the list, the events or a shape), so the receiver can check them.
 */
export async function showIntegration(ctx: DomainCtx, id: number): Promise<IntegrationView & { signingSecret: string }> {
  const view = await loadIntegration(ctx.tx, ctx.auth.user.companyId, id)
  const [{ signingSecret }] = await ctx.tx<{ signingSecret: string }[]>`select signing_secret from queue_integrations where id = ${id}`
  return { ...view, signingSecret }
}

/** The columns an input writes; a blank jsonContent on an edit keeps the stored credentials. */
function columns(input: IntegrationInput, editing: boolean) {
  const { jsonContent, urlN8N, ...rest } = input
  return { ...rest, urlN8n: urlN8N, ...(editing && jsonContent === '' && input.type === 'dialogflow' ? {} : { jsonContent }) }
}

export async function createIntegration(ctx: DomainCtx, input: IntegrationInput): Promise<IntegrationView> {
  const companyId = ctx.auth.user.companyId
  await assertFlowOfCompany(ctx, input.flowId)
  const [{ id }] = await ctx.tx<{ id: number }[]>`insert into queue_integrations ${ctx.tx({ companyId, ...columns(input, false) })} returning id`
  return emitted(ctx, 'create', await loadIntegration(ctx.tx, companyId, id))
}

export async function updateIntegration(ctx: DomainCtx, id: number, input: IntegrationInput): Promise<IntegrationView> {
  const companyId = ctx.auth.user.companyId
  await loadIntegration(ctx.tx, companyId, id)
  await assertFlowOfCompany(ctx, input.flowId)
  await ctx.tx`update queue_integrations set ${ctx.tx(columns(input, true))} where id = ${id}`
  return emitted(ctx, 'update', await loadIntegration(ctx.tx, companyId, id))
}

/**
 * DELETE /queueIntegration/{id}: the queues', connections', options' and tickets' references clear through
 * their keys (set null); the tickets that were using it stop using an integration.
 */
export async function deleteIntegration(ctx: DomainCtx, id: number): Promise<void> {
  const companyId = ctx.auth.user.companyId
  await loadIntegration(ctx.tx, companyId, id)
  await ctx.tx`update tickets set use_integration = false where company_id = ${companyId} and integration_id = ${id} and use_integration`
  await ctx.tx`delete from queue_integrations where id = ${id}`
  ctx.emit({ type: 'queueIntegration', companyId, payload: { action: 'delete', record: { id } } })
}

async function assertFlowOfCompany(ctx: DomainCtx, flowId: number | null): Promise<void> {
  if (flowId === null) return
  const [row] = await ctx.tx`select 1 from flows where id = ${flowId} and company_id = ${ctx.auth.user.companyId}`
  if (!row) throw new AppError('ERR_VALIDATION', 'flowId: Obrigatório', { fields: [{ field: 'flowId', message: 'Obrigatório' }] })
}

/** Tells the company's admins (`queueIntegration`), without the credentials. */
function emitted(ctx: DomainCtx, action: 'create' | 'update', record: IntegrationView): IntegrationView {
  ctx.emit({ type: 'queueIntegration', companyId: ctx.auth.user.companyId, payload: { action, record } })
  return record
}
