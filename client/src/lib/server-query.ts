import { useEffect, useState } from 'react'

export interface ServerQueryState<T> {
  data: T | null
  loading: boolean
  error: unknown
}

/**
 * An online-only read (dashboard, reports) asked again whenever `key` changes; the previous request
 * is aborted, so an older answer never replaces a newer one. `key` null waits (an incomplete filter).
 * The last answer stays on screen while the next one loads.
 */
export function useServerQuery<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): ServerQueryState<T> {
  const [state, setState] = useState<ServerQueryState<T>>({ data: null, loading: true, error: null })
  useEffect(() => {
    if (key === null) return
    const abort = new AbortController()
    setState((s) => ({ ...s, loading: true, error: null }))
    load(abort.signal).then(
      (data) => setState({ data, loading: false, error: null }),
      (error) => !abort.signal.aborted && setState((s) => ({ ...s, loading: false, error })),
    )
    return () => abort.abort()
    // `load` closes over what `key` names; a new function each render must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return state
}
