import { useEffect, useState } from 'react'
import { api } from '../../lib/api.ts'
import { toastError } from '../../lib/errors.ts'
import type { Help } from '../../lib/types.ts'

/** GET /helps/list: every help video (the Helps menu entry shows only when it is non-empty). */
export function useHelpList(enabled = true): { helps: Help[]; loading: boolean } {
  const [helps, setHelps] = useState<Help[]>([])
  const [loading, setLoading] = useState(enabled)
  useEffect(() => {
    if (!enabled) return
    let live = true
    setLoading(true)
    api<Help[]>('/helps/list')
      .then((list) => live && setHelps(list ?? []))
      .catch(toastError)
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
  }, [enabled])
  return { helps, loading }
}
