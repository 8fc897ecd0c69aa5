import type { Queryable } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import { COMPANY_SETTING_FIELDS, type CompanySettingField } from './company-setting-fields.ts'

/** The table as the server's lookups read it: any key, checked with Object.hasOwn before use. */
export const companySettingFields: Record<string, CompanySettingField> = COMPANY_SETTING_FIELDS
export type CompanySettingKey = keyof typeof companySettingFields
export type CompanySettings = Record<string, string | boolean> & { companyId: number }

const selectList = Object.entries(companySettingFields)
  .map(([key, f]) => `${f.column} as "${key}"`)
  .join(', ')

export async function findCompanySettings(sql: Queryable, companyId: number): Promise<CompanySettings | null> {
  const [row] = await sql.unsafe(`select company_id as "companyId", ${selectList} from company_settings where company_id = $1`, [
    companyId,
  ])
  return (row as unknown as CompanySettings) ?? null
}

export async function insertDefaultCompanySettings(sql: Queryable, companyId: number): Promise<void> {
  await sql`insert into company_settings (company_id) values (${companyId}) on conflict (company_id) do nothing`
}

/** Checks one value against its key's kind; throws ERR_VALIDATION with the field name. */
export function parseCompanySettingValue(key: string, value: unknown): string | boolean {
  const field = companySettingFields[key]
  if (!field) throw new AppError('ERR_NO_SETTING_FOUND', `Unknown company setting ${key}`)
  const fail = (message: string): never => {
    throw new AppError('ERR_VALIDATION', `${key}: ${message}`, { fields: [{ field: key, message }] })
  }
  switch (field.kind) {
    case 'toggle':
      return value === 'enabled' || value === 'disabled' ? value : fail("must be 'enabled' or 'disabled'")
    case 'bool':
      if (typeof value === 'boolean') return value
      return value === 'enabled' || value === 'true' ? true : value === 'disabled' || value === 'false' ? false : fail('must be a boolean')
    case 'scheduleType':
      return ['disabled', 'queue', 'company', 'connection'].includes(value as string) ? (value as string) : fail('invalid schedule type')
    case 'chatBotType':
      return value === 'text' ? value : fail("must be 'text'")
    case 'text':
      return typeof value === 'string' && value.length <= 5000 ? value : fail('must be text up to 5000 characters')
  }
}

/** A toggle that needs its message (spec part 2 §5 Company settings) and the message it needs. */
const requiredMessages: [toggle: string, whenOn: (v: unknown) => boolean, message: string][] = [
  ['sendMsgTransfTicket', (v) => v === 'enabled', 'transferMessage'],
  ['sendGreetingAccepted', (v) => v === 'enabled', 'greetingAcceptedMessage'],
  ['sendQueuePosition', (v) => v === 'enabled', 'sendQueuePositionMessage'],
  ['acceptCallWhatsapp', (v) => v === 'disabled', 'AcceptCallWhatsappMessage'],
]

/** Rejects a state where a switched-on behaviour would send an empty message. */
export function assertSettingsConsistent(settings: Record<string, unknown>): void {
  for (const [toggle, whenOn, message] of requiredMessages) {
    if (whenOn(settings[toggle]) && !String(settings[message] ?? '').trim()) {
      const text = `${message} is required when ${toggle} is ${settings[toggle]}`
      throw new AppError('ERR_VALIDATION', text, { fields: [{ field: message, message: 'Required' }] })
    }
  }
}
