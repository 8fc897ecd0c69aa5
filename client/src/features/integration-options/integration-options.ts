import { choiceSelectOptions, fetchAllPages, useServerChoices } from '../../lib/server-choices.ts'

export interface IntegrationChoice {
  id: number
  name: string
  type: string
}

/** Every integration of the company, all pages of GET /queueIntegration (20 a page, by lower(name), id). */
export async function fetchIntegrationChoices(signal?: AbortSignal): Promise<IntegrationChoice[]> {
  const all = await fetchAllPages<IntegrationChoice>('/queueIntegration/', 'queueIntegrations', signal)
  return all.map((i) => ({ id: i.id, name: i.name, type: i.type }))
}

/**
 * The company's integrations as id/name choices (spec part 2 §2: the integration selector needs the plan's
 * useIntegrations, so callers pass `enabled` false without it); empty while loading or when unreadable.
 */
export const useIntegrationOptions = (enabled = true): IntegrationChoice[] => useServerChoices(fetchIntegrationChoices, enabled, 'integrations')

/** Select options for an integration field (the stored id kept when not among the choices). */
export const integrationSelectOptions = choiceSelectOptions
