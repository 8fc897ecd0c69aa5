import { useEffect, useState } from 'react'
import { local } from '../state/storage.ts'
import { ApiError, onServerReachable } from './api.ts'
import { toastError } from './errors.ts'

const KEY_PREFIX = 'remembered:'

/** The last answer kept under `key`, or null (logout clears it with the rest of localStorage). */
export function rememberedValue<T>(key: string): T | null {
  try {
    return JSON.parse(local.get(KEY_PREFIX + key) ?? 'null') as T | null
  } catch {
    return null
  }
}

/** Keeps `value` as the last answer under `key` (what a later offline start shows). */
export function rememberValue<T>(key: string, value: T): void {
  local.set(KEY_PREFIX + key, JSON.stringify(value))
}

/**
 * Calls `listener` once the network may be back: the browser says it is online, or any API call succeeds.
 * Returns the function that stops listening.
 */
export function whenReachable(listener: () => void): () => void {
  let done = false
  const once = () => {
    if (done) return
    stop()
    listener()
  }
  const offReached = onServerReachable(once)
  globalThis.addEventListener?.('online', once)
  const stop = () => {
    done = true
    offReached()
    globalThis.removeEventListener?.('online', once)
  }
  return stop
}

/**
 * A server answer the shell decides with (the plan's flags, the help videos): the last one is kept, so an
 * offline start decides as the last session did, and a call that failed for want of network is made again
 * as soon as the network is back (docs/decisions.md "Offline start"). `key` null: nothing to load.
 */
export function useRemembered<T>(key: string | null, load: () => Promise<T>): { value: T | null; loading: boolean } {
  const [value, setValue] = useState<T | null>(() => (key ? rememberedValue<T>(key) : null))
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!key) return
    setValue(rememberedValue<T>(key))
    setFailed(false)
    let live = true
    let stopWaiting = () => {}
    const attempt = () => {
      load()
        .then((v) => {
          if (!live) return
          rememberValue(key, v)
          setValue(v)
        })
        .catch((err: unknown) => {
          if (!live) return
          if (err instanceof ApiError && err.code === 'ERR_NETWORK') stopWaiting = whenReachable(attempt)
          else {
            toastError(err)
            setFailed(true)
          }
        })
    }
    attempt()
    return () => {
      live = false
      stopWaiting()
    }
    // `load` is a new function each render; the key names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return { value, loading: key !== null && value === null && !failed }
}
