import type { Tx } from '../../db/connect.ts'
import type { MediaStore } from '../../media/media-store.ts'
import type { CreateWhatsappInput, UpdateWhatsappInput } from '../../routes/whatsapp.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { assertCan, assertPlanFeature } from '../permissions.ts'
import { assertConnectionLimit, assertConnectionRules, assertNameFree, assertReferences, ratingsEnabled } from './connection-checks.ts'
import { channelPlanFlag, generateToken, type RuleFields } from './connection-rules.ts'
import { emitConnection, findConnectionView, type ConnectionView } from './connection-view.ts'
import { enqueueSessionJob } from './session-jobs.ts'

/** Columns the editor writes, by their API name; the two NPS names do not survive camel-to-snake. */
const columnOf: Record<string, string> = {
  name: 'name', channel: 'channel', provider: 'provider', greetingMessage: 'greeting_message',
  complationMessage: 'complation_message', outOfHoursMessage: 'out_of_hours_message', ratingMessage: 'rating_message',
  collectiveVacationStart: 'collective_vacation_start', collectiveVacationEnd: 'collective_vacation_end',
  collectiveVacationMessage: 'collective_vacation_message', maxUseBotQueues: 'max_use_bot_queues',
  timeUseBotQueues: 'time_use_bot_queues', expiresTicket: 'expires_ticket', whenExpiresTicket: 'when_expires_ticket',
  expiresTicketNPS: 'expires_ticket_nps', maxUseBotQueuesNPS: 'max_use_bot_queues_nps',
  expiresInactiveMessage: 'expires_inactive_message', timeInactiveMessage: 'time_inactive_message',
  inactiveMessage: 'inactive_message', timeCreateNewTicket: 'time_create_new_ticket', timeSendQueue: 'time_send_queue',
  sendIdQueue: 'send_id_queue', allowGroup: 'allow_group', groupAsTicket: 'group_as_ticket',
  enableImportMessage: 'enable_import_message', importOldMessages: 'import_old_messages',
  importRecentMessages: 'import_recent_messages', importOldMessagesGroups: 'import_old_messages_groups',
  closedTicketsPostImported: 'closed_tickets_post_imported', queueIdImportMessages: 'queue_id_import_messages',
  integrationId: 'integration_id', promptId: 'prompt_id', flowIdWelcome: 'flow_id_welcome', flowIdNotPhrase: 'flow_id_not_phrase',
}

/** Defaults of a new connection as the rules see them (spec part 2 §9 and the table's defaults). */
const NEW_RULE_FIELDS: RuleFields = {
  ratingMessage: '', expiresTicketNPS: 0, timeSendQueue: 0, sendIdQueue: null, enableImportMessage: false,
  importOldMessages: null, importRecentMessages: null, queueIdImportMessages: null, collectiveVacationMessage: '',
  collectiveVacationStart: null, collectiveVacationEnd: null,
}
const IMPORT_FIELDS = ['enableImportMessage', 'importOldMessages', 'importRecentMessages', 'queueIdImportMessages'] as const
const VACATION_DATES = ['collectiveVacationStart', 'collectiveVacationEnd'] as const

/** POST /whatsapp (spec part 2 §7): admins and users with allowConnections, within the plan's count and channels. */
export async function createConnection(ctx: DomainCtx, input: CreateWhatsappInput & { name: string }): Promise<ConnectionView> {
  const { tx, auth } = ctx
  assertCan(auth, 'connections:view')
  const companyId = auth.user.companyId
  const channel = input.channel ?? 'whatsapp'
  assertPlanFeature(auth, channelPlanFlag[channel])
  await assertConnectionLimit(tx, companyId)
  await assertValid(ctx, companyId, input, pickRuleFields(NEW_RULE_FIELDS, input), null)

  const row = columnsOf(tx, input)
  row.company_id = companyId
  row.channel = channel
  row.token = input.token && !input.regenerateToken ? input.token : generateToken()
  // The company's first connection becomes its default: tickets and users fall back to it. Not a
  // simulator: it reports every reply delivered and read, so it must be chosen as default on purpose.
  const [hasDefault] = await tx`select 1 from whatsapps where company_id = ${companyId} and is_default`
  row.is_default = input.isDefault === true || (!hasDefault && channel !== 'simulator')
  if (input.isDefault) await clearDefault(tx, companyId)
  const [created] = await tx<{ id: number }[]>`insert into whatsapps ${tx(row)} returning id`
  if (input.queueIds) await setQueues(tx, companyId, created.id, input.queueIds)
  const view = (await findConnectionView(tx, created.id))!
  emitConnection(ctx, view)
  return view
}

/** PUT /whatsapp/{id}: only the fields sent change; an empty token (or regenerateToken) draws a new one. */
export async function updateConnection(ctx: DomainCtx, id: number, input: UpdateWhatsappInput): Promise<ConnectionView> {
  const { tx, auth } = ctx
  assertCan(auth, 'connections:view')
  const current = await findConnectionView(tx, id)
  if (!current) throw new AppError('ERR_NO_WAPP_FOUND')
  if (input.channel && input.channel !== current.channel) assertPlanFeature(auth, channelPlanFlag[input.channel])
  await assertValid(ctx, current.companyId, input, pickRuleFields(current, input), id)

  const row = columnsOf(tx, input)
  if (input.regenerateToken || input.token === '' || input.token === null) row.token = generateToken()
  else if (input.token) row.token = input.token
  // The company keeps a default (spec part 1 §8 ERR_NO_OTHER_WHATSAPP): another one becomes it by being set.
  if (input.isDefault === false && current.isDefault) {
    throw new AppError('ERR_NO_OTHER_WHATSAPP', 'Set another connection as the default instead', { field: 'isDefault' })
  }
  if (input.isDefault === true && !current.isDefault) await clearDefault(tx, current.companyId)
  if (input.isDefault !== undefined) row.is_default = input.isDefault
  if (Object.keys(row).length) await tx`update whatsapps set ${tx(row)} where id = ${id}`
  if (input.queueIds) await setQueues(tx, current.companyId, id, input.queueIds)
  const view = (await findConnectionView(tx, id))!
  emitConnection(ctx, view)
  return view
}

/** DELETE /whatsapp/{id}: the worker is told to log the session out (its row, and so its keys, are gone). */
export async function deleteConnection(ctx: DomainCtx, media: MediaStore, id: number): Promise<void> {
  const { tx, auth } = ctx
  assertCan(auth, 'connections:view')
  const [row] = await tx<{ companyId: number; greetingMediaAttachment: string | null; isDefault: boolean }[]>`
    select company_id, greeting_media_attachment, is_default from whatsapps where id = ${id}`
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
  await tx`delete from whatsapps where id = ${id}`
  // The default gone, the oldest real connection left takes over, so the company keeps one.
  if (row.isDefault) {
    await tx`update whatsapps set is_default = true
              where id = (select id from whatsapps where company_id = ${row.companyId} and channel <> 'simulator' order by id limit 1)`
  }
  await enqueueSessionJob(tx, row.companyId, { whatsappId: id, action: 'logout' }, ctx.now())
  await media.remove(row.companyId, row.greetingMediaAttachment)
  ctx.emit({ type: 'whatsapp', companyId: row.companyId, payload: { action: 'delete', whatsappId: id } })
}

async function assertValid(ctx: DomainCtx, companyId: number, input: UpdateWhatsappInput, fields: RuleFields, exceptId: number | null) {
  const { tx } = ctx
  if (input.name !== undefined) await assertNameFree(tx, companyId, input.name, exceptId ?? undefined)
  await assertReferences(tx, input)
  assertConnectionRules(fields, {
    ratingsOn: await ratingsEnabled(tx, companyId),
    now: ctx.now(),
    checkImport: IMPORT_FIELDS.some((f) => input[f] !== undefined),
    checkVacationDates: VACATION_DATES.some((f) => input[f] !== undefined),
  })
}

function pickRuleFields(base: RuleFields, input: UpdateWhatsappInput): RuleFields {
  const out = { ...base } as Record<string, unknown>
  for (const k of Object.keys(NEW_RULE_FIELDS)) {
    const v = input[k as keyof UpdateWhatsappInput]
    if (v !== undefined) out[k] = v
  }
  return out as unknown as RuleFields
}

function columnsOf(tx: Tx, input: UpdateWhatsappInput): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  for (const [field, column] of Object.entries(columnOf)) {
    const v = input[field as keyof UpdateWhatsappInput]
    if (v !== undefined) row[column] = v
  }
  if (input.schedules !== undefined) row.schedules = tx.json(input.schedules)
  return row
}

async function clearDefault(tx: Tx, companyId: number) {
  await tx`update whatsapps set is_default = false where company_id = ${companyId} and is_default`
}

/** queueIds replace the connection's queues. */
async function setQueues(tx: Tx, companyId: number, whatsappId: number, queueIds: number[]) {
  await tx`delete from whatsapp_queues where whatsapp_id = ${whatsappId}`
  for (const queueId of new Set(queueIds)) {
    await tx`insert into whatsapp_queues (company_id, whatsapp_id, queue_id) values (${companyId}, ${whatsappId}, ${queueId})`
  }
}
