import { useEffect, useState } from 'react'
import { api } from './api.ts'

/** A record offered in a select: its id and name. */
export interface Choice {
  id: number
  name: string
}

/** Every record of a paged list call (20 a page, `listKey` holding the page, `hasMore`), up to 50 pages. */
export async function fetchAllPages<T extends Choice>(path: string, listKey: string, signal?: AbortSignal): Promise<T[]> {
  const all: T[] = []
  for (let pageNumber = 1; pageNumber <= 50; pageNumber++) {
    const res = await api<Record<string, unknown> & { hasMore: boolean }>(path, { query: { searchParam: '', pageNumber }, signal })
    all.push(...((res[listKey] as T[]) ?? []))
    if (!res.hasMore) break
  }
  return all
}

/** The records of a paged list call as choices, loaded while `enabled`; empty while loading or when unreadable. */
export function useServerChoices<T extends Choice>(load: (signal: AbortSignal) => Promise<T[]>, enabled: boolean, what: string): T[] {
  const [choices, setChoices] = useState<T[]>([])
  useEffect(() => {
    if (!enabled) return
    const ctl = new AbortController()
    load(ctl.signal)
      .then(setChoices)
      .catch((err: unknown) => !ctl.signal.aborted && console.warn(`${what} unreadable`, err))
    return () => ctl.abort()
    // `load` is a module-level function of each caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled])
  return choices
}

/**
 * Select options for a reference field: the choices, plus the stored id when it is not among them (the
 * list is still loading, or the plan hides it) so that a save never drops it silently.
 */
export function choiceSelectOptions(choices: Choice[], value: string): { value: string; label: string }[] {
  const options = choices.map((c) => ({ value: String(c.id), label: c.name }))
  return value && !options.some((o) => o.value === value) ? [...options, { value, label: `#${value}` }] : options
}
