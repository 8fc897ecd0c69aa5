import { api, ApiError } from '../../lib/api.ts'
import { problemsFromServer, requestBody, type CampaignSettings, type CampaignSettingsForm, type FormProblems } from './campaign-settings-form.ts'

/** GET /campaign-settings: the company's settings, the defaults for keys never saved. */
export function fetchCampaignSettings(signal?: AbortSignal): Promise<CampaignSettings> {
  return api<CampaignSettings>('/campaign-settings', { signal })
}

export type SaveOutcome = { kind: 'saved'; settings: CampaignSettings } | { kind: 'refused'; problems: FormProblems }

/** A 400's field list, when the answer carries one. */
function fieldsOf(err: unknown): { field: string; message: string }[] {
  if (!(err instanceof ApiError) || err.status !== 400) return []
  const fields = (err.body as { fields?: unknown } | undefined)?.fields
  return Array.isArray(fields) ? fields.filter((f) => f && typeof f.field === 'string' && typeof f.message === 'string') : []
}

/**
 * POST /campaign-settings {settings}: online only (the dispatcher reads them on the server). A 400 on the
 * form's fields comes back as their problems; any other failure is thrown for the error toast.
 */
export async function saveCampaignSettings(form: CampaignSettingsForm): Promise<SaveOutcome> {
  try {
    return { kind: 'saved', settings: await api<CampaignSettings>('/campaign-settings', { method: 'POST', json: requestBody(form) }) }
  } catch (err) {
    const problems = problemsFromServer(fieldsOf(err))
    if (Object.keys(problems).length) return { kind: 'refused', problems }
    throw err
  }
}
