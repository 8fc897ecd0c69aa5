import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import { connectionProblems, type RuleFields } from './connection-rules.ts'

/** A plan's `connections` caps how many a company has (spec part 2 §1). A company without a plan has no cap. */
export async function assertConnectionLimit(tx: Tx, companyId: number): Promise<void> {
  const [r] = await tx<{ used: number; allowed: number | null }[]>`
    select (select count(*)::int from whatsapps where company_id = ${companyId}) as used,
           (select p.connections from companies c join plans p on p.id = c.plan_id where c.id = ${companyId}) as allowed`
  if (r.allowed !== null && r.used >= r.allowed) {
    throw new AppError('ERR_PLAN_LIMIT_CONNECTIONS', `The plan allows ${r.allowed} connections`, { limit: r.allowed })
  }
}

/** Names are unique within a company (spec part 2 §5); the unique key would say so too, without the field. */
export async function assertNameFree(tx: Tx, companyId: number, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx`
    select 1 from whatsapps where company_id = ${companyId} and lower(name) = lower(${name}) and id <> ${exceptId ?? 0}`
  if (taken) throw new AppError('ERR_NAME_ALREADY_EXISTS', 'A connection with this name already exists', { field: 'name' })
}

export interface ConnectionRefs {
  queueIds?: number[]
  sendIdQueue?: number | null
  queueIdImportMessages?: number | null
  integrationId?: number | null
  promptId?: number | null
  flowIdWelcome?: number | null
  flowIdNotPhrase?: number | null
}

const refTables = {
  integrationId: 'queue_integrations',
  promptId: 'prompts',
  flowIdWelcome: 'flows',
  flowIdNotPhrase: 'flows',
} as const

/**
 * Referenced rows must be the company's own. Foreign keys ignore row-level security, so this reads
 * through the tenant transaction, where another company's rows do not exist.
 */
export async function assertReferences(tx: Tx, refs: ConnectionRefs): Promise<void> {
  const issues: { field: string; message: string }[] = []
  const queueFields = { queueIds: refs.queueIds ?? [], sendIdQueue: nn(refs.sendIdQueue), queueIdImportMessages: nn(refs.queueIdImportMessages) }
  for (const [field, ids] of Object.entries(queueFields)) {
    if (!ids.length) continue
    const unique = [...new Set(ids)]
    const [r] = await tx<{ n: number }[]>`select count(*)::int as n from queues where id = any(${unique})`
    if (r.n !== unique.length) issues.push({ field, message: 'Unknown queue' })
  }
  for (const [field, table] of Object.entries(refTables)) {
    const id = refs[field as keyof typeof refTables]
    if (id == null) continue
    const [found] = await tx`select 1 from ${tx(table)} where id = ${id}`
    if (!found) issues.push({ field, message: 'Unknown record' })
  }
  throwIfIssues(issues)
}

const nn = (v: number | null | undefined) => (v == null ? [] : [v])

export function assertConnectionRules(fields: RuleFields, ctx: Parameters<typeof connectionProblems>[1]): void {
  throwIfIssues(connectionProblems(fields, ctx))
}

/** Same body as the validator's ERR_VALIDATION: `fields` of {field, message}; here the message is the spec's i18n key. */
function throwIfIssues(fields: { field: string; message: string }[]): void {
  if (!fields.length) return
  throw new AppError('ERR_VALIDATION', fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields })
}

/** company_settings.user_rating: the NPS rules apply only while ratings are on. */
export async function ratingsEnabled(tx: Tx, companyId: number): Promise<boolean> {
  const [s] = await tx<{ userRating: string }[]>`select user_rating from company_settings where company_id = ${companyId}`
  return s?.userRating === 'enabled'
}
