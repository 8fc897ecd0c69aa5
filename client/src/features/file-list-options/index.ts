// The company's file lists as choices (queue editor, chatbot options), apart from the lazily loaded /files page.
import { fetchAllPages, useServerChoices, type Choice } from '../../lib/server-choices.ts'

export { choiceSelectOptions as fileListSelectOptions } from '../../lib/server-choices.ts'

/** Every file list of the company, all pages of GET /files (admins only: others get none). */
export async function fetchFileListChoices(signal?: AbortSignal): Promise<Choice[]> {
  const all = await fetchAllPages<Choice>('/files/', 'files', signal)
  return all.map((f) => ({ id: f.id, name: f.name }))
}

export const useFileListOptions = (enabled = true): Choice[] => useServerChoices(fetchFileListChoices, enabled, 'file lists')
