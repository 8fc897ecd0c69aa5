import { awaitWriteOutcome } from '../../../../sync/client/write-outcome.ts'
import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import { optimisticSelect, queueWrite } from '../../../../sync/client/optimistic.ts'
import { COMPANY_SETTING_FIELDS, type CompanySettingKind } from '../../../../server/domain/company-settings/company-setting-fields.ts'
import type { UpdateCompanySettingInput } from '../../../../server/routes/company-settings.schema.ts'
import { userAtom } from '../../state/auth.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import type { LocalWriter } from '../../lib/local-sql.ts'

/** The company settings as PUT /companySettings names them, with their columns and kinds: the server's table. */
export const COMPANY_SETTINGS = COMPANY_SETTING_FIELDS

export type CompanySettingKey = keyof typeof COMPANY_SETTINGS
export type CompanySettingValue = string | boolean
export type CompanySettingsValues = Record<CompanySettingKey, CompanySettingValue>

export const SCHEDULE_TYPES = ['disabled', 'queue', 'company', 'connection'] as const
export const SETTING_KEYS = Object.keys(COMPANY_SETTINGS) as CompanySettingKey[]

/** The server's defaults (migration 0002), shown for a column the row lacks. */
const DEFAULTS: Partial<CompanySettingsValues> = {
  scheduleType: 'disabled',
  chatBotType: 'text',
  acceptCallWhatsapp: 'enabled',
  sendSignMessage: 'enabled',
  sendGreetingMessageOneQueues: 'enabled',
  acceptAudioMessageContact: 'enabled',
}
const defaultOf = (key: CompanySettingKey): CompanySettingValue => {
  const kind: CompanySettingKind = COMPANY_SETTINGS[key].kind
  if (DEFAULTS[key] !== undefined) return DEFAULTS[key]
  return kind === 'bool' ? false : kind === 'text' ? '' : 'disabled'
}

/** The company's settings row as this tab should show it (synced row with pending edits laid over it). */
export function companySettingsQuery(companyId: number): SqlQuery {
  return { sql: `select * from (${optimisticSelect('company_settings')}) s where s.company_id = $1 limit 1`, params: [companyId] }
}

/** A snake_case row → the settings by API key, with the server's defaults for missing columns. */
export function toCompanySettings(row: Record<string, unknown>): CompanySettingsValues {
  const out = {} as CompanySettingsValues
  for (const key of SETTING_KEYS) {
    const v = row[COMPANY_SETTINGS[key].column]
    out[key] = v === null || v === undefined ? defaultOf(key) : (v as CompanySettingValue)
  }
  return out
}

/** The state of one setting's latest unconfirmed write. */
export interface SettingWriteState {
  clientId: string
  /** The server refused it (ERR_* code); null while it waits for an answer. */
  error: string | null
}

/** The company_settings writes the server has not confirmed (waiting, or refused), oldest first. */
export const settingWritesQuery: SqlQuery = {
  sql: `select client_id, value, error from local_writes
         where table_name = 'company_settings' and (pending or error is not null) order by created_at`,
  params: [],
}

const KEY_OF_COLUMN = new Map<string, CompanySettingKey>(SETTING_KEYS.map((k) => [COMPANY_SETTINGS[k].column, k]))

/** Per setting key, its latest unconfirmed write (from settingWritesQuery rows). */
export function settingWriteStates(rows: { client_id: string; value: Record<string, unknown>; error: string | null }[]) {
  const states: Partial<Record<CompanySettingKey, SettingWriteState>> = {}
  for (const row of rows) {
    for (const column of Object.keys(row.value ?? {})) {
      const key = KEY_OF_COLUMN.get(column)
      if (key) states[key] = { clientId: row.client_id, error: row.error }
    }
  }
  return states
}

/**
 * A switched-on behaviour needs its message (spec part 2 §5 Company settings; the server refuses the
 * change otherwise). Given the change of `key` to `value`, the message key left empty, or null.
 */
const REQUIRED_MESSAGES: [toggle: CompanySettingKey, on: CompanySettingValue, message: CompanySettingKey][] = [
  ['sendMsgTransfTicket', 'enabled', 'transferMessage'],
  ['sendGreetingAccepted', 'enabled', 'greetingAcceptedMessage'],
  ['sendQueuePosition', 'enabled', 'sendQueuePositionMessage'],
  ['acceptCallWhatsapp', 'disabled', 'AcceptCallWhatsappMessage'],
]
export function missingMessage(settings: CompanySettingsValues, key: CompanySettingKey, value: CompanySettingValue): CompanySettingKey | null {
  const next = { ...settings, [key]: value }
  for (const [toggle, on, message] of REQUIRED_MESSAGES) {
    if (next[toggle] === on && !String(next[message] ?? '').trim()) return message
  }
  return null
}

/** The message a toggle needs when on (for the form to show it beside the toggle), or null. */
export const messageOf = (toggle: CompanySettingKey): CompanySettingKey | null => REQUIRED_MESSAGES.find(([t]) => t === toggle)?.[2] ?? null

/**
 * PUT /companySettings {column, data} through the outbox: one setting at a time, shown at once on the
 * company_settings row (keyed by company_id), pending until the server answers.
 */
export function queueSaveCompanySetting(w: LocalWriter, companyId: number, key: CompanySettingKey, value: CompanySettingValue): Promise<string> {
  const body: UpdateCompanySettingInput = { column: key, data: value }
  return queueWrite(w, { method: 'PUT', path: '/companySettings', body }, {
    table: 'company_settings',
    op: 'update',
    rowKey: { company_id: companyId },
    value: { [COMPANY_SETTINGS[key].column]: value },
  })
}

type SettingsRow = Record<string, unknown>
type WriteRow = { client_id: string; value: Record<string, unknown>; error: string | null }

/** The signed-in company's settings from the local database, live, with each setting's write state. */
export function useCompanySettings(): {
  settings: CompanySettingsValues | null
  writes: Partial<Record<CompanySettingKey, SettingWriteState>>
  loading: boolean
  error: unknown
} {
  const db = useLocalFirst()?.db ?? null
  const companyId = useAtomValue(userAtom)?.companyId ?? 0
  const query = useMemo(() => companySettingsQuery(companyId), [companyId])
  const { rows, loading, error } = useLiveQuery<SettingsRow>(db, query)
  const writeRows = useLiveQuery<WriteRow>(db, settingWritesQuery).rows
  const settings = useMemo(() => (rows[0] ? toCompanySettings(rows[0]) : null), [rows])
  const writes = useMemo(() => settingWriteStates(writeRows), [writeRows])
  return { settings, writes, loading, error }
}

/** The settings page's writes, bound to this tab's database and outbox (null until they are open). */
export function useCompanySettingActions() {
  const lf = useLocalFirst()
  const companyId = useAtomValue(userAtom)?.companyId
  return useMemo(() => {
    if (!lf || !companyId) return null
    const w: LocalWriter = { pg: lf.db, outbox: lf.outbox }
    return {
      /** Queues the change; resolves with the answer (a refusal stays beside the field: retry or discard). */
      save: async (key: CompanySettingKey, value: CompanySettingValue) =>
        awaitWriteOutcome(lf.outbox, await queueSaveCompanySetting(w, companyId, key, value)).catch(() => null),
      retry: (clientId: string) => lf.outbox.retry(clientId),
      discard: (clientId: string) => lf.outbox.discard(clientId),
    }
  }, [lf, companyId])
}
