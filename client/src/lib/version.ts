import { useEffect, useState } from 'react'
import { local } from '../state/storage.ts'
import { api } from './api.ts'

export const VERSION_KEY = 'version'

/** GET /version, stored locally (spec part 1 §7); the stored value is shown until the call answers. */
export async function refreshVersion(): Promise<string | null> {
  try {
    const { version } = await api<{ version: string }>('/version', { auth: false })
    local.set(VERSION_KEY, version)
    return version
  } catch {
    return local.get(VERSION_KEY)
  }
}

export function useAppVersion(): string | null {
  const [version, setVersion] = useState(() => local.get(VERSION_KEY))
  useEffect(() => {
    let live = true
    void refreshVersion().then((v) => live && v && setVersion(v))
    return () => {
      live = false
    }
  }, [])
  return version
}
