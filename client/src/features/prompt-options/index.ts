// The company's AI prompts as choices (the connection editor's integrations tab), apart from the prompts page.
import { api } from '../../lib/api.ts'
import { useServerChoices, type Choice } from '../../lib/server-choices.ts'

export { choiceSelectOptions as promptSelectOptions } from '../../lib/server-choices.ts'

/** Every prompt of the company (GET /prompt answers them all: admins with the plan's useOpenAi). */
export async function fetchPromptChoices(signal?: AbortSignal): Promise<Choice[]> {
  const res = await api<{ prompts: Choice[] }>('/prompt', { signal })
  return res.prompts.map((p) => ({ id: p.id, name: p.name }))
}

export const usePromptOptions = (enabled = true): Choice[] => useServerChoices(fetchPromptChoices, enabled, 'prompts')
