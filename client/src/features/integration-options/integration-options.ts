import { useEffect, useState } from 'react'
import { api } from '../../lib/api.ts'

export interface IntegrationChoice {
  id: number
  name: string
  type: string
}

/** Every integration of the company, all pages of GET /queueIntegration (20 a page, by lower(name), id). */
export async function fetchIntegrationChoices(signal?: AbortSignal): Promise<IntegrationChoice[]> {
  const all: IntegrationChoice[] = []
  for (let pageNumber = 1; pageNumber <= 50; pageNumber++) {
    const res = await api<{ queueIntegrations: IntegrationChoice[]; hasMore: boolean }>('/queueIntegration/', { query: { searchParam: '', pageNumber }, signal })
    all.push(...res.queueIntegrations.map((i) => ({ id: i.id, name: i.name, type: i.type })))
    if (!res.hasMore) break
  }
  return all
}

/**
 * The company's integrations as id/name choices (spec part 2 §2: the integration selector needs the plan's
 * useIntegrations, so callers pass `enabled` false without it); empty while loading or when unreadable.
 */
export function useIntegrationOptions(enabled = true): IntegrationChoice[] {
  const [choices, setChoices] = useState<IntegrationChoice[]>([])
  useEffect(() => {
    if (!enabled) return
    const ctl = new AbortController()
    fetchIntegrationChoices(ctl.signal)
      .then(setChoices)
      .catch((err: unknown) => !ctl.signal.aborted && console.warn('integrations unreadable', err))
    return () => ctl.abort()
  }, [enabled])
  return choices
}

/**
 * Select options for an integration field: the choices, plus the stored id when it is not among them (the
 * list is still loading, or the plan hides it) so that a save never drops it silently.
 */
export function integrationSelectOptions(choices: IntegrationChoice[], value: string): { value: string; label: string }[] {
  const options = choices.map((c) => ({ value: String(c.id), label: c.name }))
  return value && !options.some((o) => o.value === value) ? [...options, { value, label: `#${value}` }] : options
}
