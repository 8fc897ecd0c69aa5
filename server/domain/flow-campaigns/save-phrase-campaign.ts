import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { loadPhraseCampaign, selectPhraseCampaigns, type PhraseCampaign } from './phrase-campaign-view.ts'

export interface PhraseCampaignInput {
  name: string
  flowId: number
  whatsappId: number | null
  phrase: string
  status?: boolean
}

/** GET /flowcampaign (spec part 2 §7: the list answers under `flow`). */
export async function listPhraseCampaigns(ctx: DomainCtx): Promise<{ flow: PhraseCampaign[] }> {
  return { flow: await selectPhraseCampaigns(ctx.tx, ctx.auth.user.companyId) }
}

export async function showPhraseCampaign(ctx: DomainCtx, id: number): Promise<PhraseCampaign> {
  return loadPhraseCampaign(ctx.tx, ctx.auth.user.companyId, id)
}

/** POST /flowcampaign: active unless said otherwise (spec part 2 §3, §5 "Campaign-flow dialog"). */
export async function createPhraseCampaign(ctx: DomainCtx, input: PhraseCampaignInput): Promise<PhraseCampaign> {
  const companyId = ctx.auth.user.companyId
  await assertReferences(ctx, input)
  const [{ id }] = await ctx.tx<{ id: number }[]>`
    insert into flow_campaigns (company_id, name, flow_id, whatsapp_id, phrase, status)
    values (${companyId}, ${input.name}, ${input.flowId}, ${input.whatsappId}, ${input.phrase}, ${input.status ?? true}) returning id`
  return emitted(ctx, 'create', await loadPhraseCampaign(ctx.tx, companyId, id))
}

/** PUT /flowcampaign {id, …}: every field; a status left out keeps the current one. */
export async function updatePhraseCampaign(ctx: DomainCtx, id: number, input: PhraseCampaignInput): Promise<PhraseCampaign> {
  const companyId = ctx.auth.user.companyId
  const current = await loadPhraseCampaign(ctx.tx, companyId, id)
  await assertReferences(ctx, input)
  await ctx.tx`
    update flow_campaigns set name = ${input.name}, flow_id = ${input.flowId}, whatsapp_id = ${input.whatsappId},
           phrase = ${input.phrase}, status = ${input.status ?? current.status}
     where id = ${id}`
  return emitted(ctx, 'update', await loadPhraseCampaign(ctx.tx, companyId, id))
}

/** DELETE /flowcampaign/{id} (the route asks for contacts-page:deleteContact, spec part 2 §6). */
export async function deletePhraseCampaign(ctx: DomainCtx, id: number): Promise<void> {
  const companyId = ctx.auth.user.companyId
  await loadPhraseCampaign(ctx.tx, companyId, id)
  await ctx.tx`delete from flow_campaigns where id = ${id}`
  ctx.emit({ type: 'flowcampaign', companyId, payload: { action: 'delete', record: { id } } })
}

/**
 * The flow and the connection must be the company's: foreign keys ignore row-level security, so another
 * company's id would be accepted by them. A missing one is a 400 on its field, as the dialog shows it.
 */
async function assertReferences(ctx: DomainCtx, input: PhraseCampaignInput): Promise<void> {
  const companyId = ctx.auth.user.companyId
  const fields: { field: string; message: string }[] = []
  const [flow] = await ctx.tx`select 1 from flows where id = ${input.flowId} and company_id = ${companyId}`
  if (!flow) fields.push({ field: 'flowId', message: 'Obrigatório' })
  if (input.whatsappId !== null) {
    const [conn] = await ctx.tx`select 1 from whatsapps where id = ${input.whatsappId} and company_id = ${companyId}`
    if (!conn) fields.push({ field: 'whatsappId', message: 'Obrigatório' })
  }
  if (fields.length) throw new AppError('ERR_VALIDATION', fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields })
}

function emitted(ctx: DomainCtx, action: 'create' | 'update', record: PhraseCampaign): PhraseCampaign {
  ctx.emit({ type: 'flowcampaign', companyId: ctx.auth.user.companyId, payload: { action, record } })
  return record
}
