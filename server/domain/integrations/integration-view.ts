import type { Queryable } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'

/**
 * A queue integration as the API answers it (spec part 2 §3 "Queue integration"). jsonContent, Dialogflow's
 * service-account key, is a secret: never answered, emitted or logged; hasJsonContent says one is stored.
 */
export interface IntegrationView {
  id: number
  type: string
  name: string
  projectName: string
  language: string
  urlN8N: string
  typebotDelayMessage: number
  typebotExpires: number
  typebotKeywordFinish: string
  typebotKeywordRestart: string
  typebotRestartMessage: string
  typebotSlug: string
  typebotUnknownMessage: string
  flowId: number | null
  hasJsonContent: boolean
  createdAt: Date
  updatedAt: Date
}

export const INTEGRATION_COLUMNS = `id, type, name, project_name, language, url_n8n as "urlN8N", typebot_delay_message, typebot_expires,
  typebot_keyword_finish, typebot_keyword_restart, typebot_restart_message, typebot_slug, typebot_unknown_message, flow_id,
  json_content <> '' as has_json_content, created_at, updated_at`

/** The company's integration, or 404 (another company's id reads as missing). */
export async function loadIntegration(tx: Queryable, companyId: number, id: number): Promise<IntegrationView> {
  const [row] = await tx<IntegrationView[]>`select ${tx.unsafe(INTEGRATION_COLUMNS)} from queue_integrations where id = ${id} and company_id = ${companyId}`
  if (!row) throw new AppError('ERR_NOT_FOUND', `No integration ${id}`)
  return row
}
