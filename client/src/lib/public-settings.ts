import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { brandingAtom } from '../state/branding.ts'
import { store } from '../state/store.ts'
import { api } from './api.ts'
import { BRANDING_KEYS, type Branding } from './branding.ts'
import type { Setting } from './types.ts'

/** GET /public-settings/{key} (no session). A failed read is only logged and the default applies (part 2 §8). */
export async function readPublicSetting(key: string): Promise<string | undefined> {
  try {
    const s = await api<Setting>(`/public-settings/${encodeURIComponent(key)}`, { auth: false })
    return s?.value ?? undefined
  } catch (err) {
    console.warn(`public setting ${key} unreadable`, err)
    return undefined
  }
}

let loading: Promise<void> | null = null

/** Reads every public branding key once per page load into brandingAtom. */
export function loadBranding(force = false): Promise<void> {
  if (loading && !force) return loading
  loading = (async () => {
    const values = await Promise.all(BRANDING_KEYS.map(readPublicSetting))
    const branding: Branding = {}
    BRANDING_KEYS.forEach((k, i) => {
      if (values[i] !== undefined) branding[k] = values[i]
    })
    store.set(brandingAtom, branding)
  })()
  return loading
}

export function useBranding(): Branding {
  useEffect(() => {
    void loadBranding()
  }, [])
  return useAtomValue(brandingAtom)
}

/** GET /setting/{key} for each key (super user; the spec has no call for several): the values by key. */
export async function readSettings<K extends string>(keys: readonly K[], signal?: AbortSignal): Promise<Record<K, string>> {
  const rows = await Promise.all(keys.map((k) => api<Setting>(`/setting/${encodeURIComponent(k)}`, { signal })))
  return Object.fromEntries(keys.map((k, i) => [k, rows[i]?.value ?? ''])) as Record<K, string>
}

/** PUT /settings/{key} (super user). */
export function saveSetting(key: string, value: string): Promise<Setting> {
  return api<Setting>(`/settings/${encodeURIComponent(key)}`, { method: 'PUT', json: { value } })
}
