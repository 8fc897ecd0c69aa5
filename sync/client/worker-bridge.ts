import type { TokenGetter } from './start-sync.ts'
import type { Connectivity } from './outbox-env.ts'
import { createStatusStore, IDLE_STATUS, type StatusSource, type SyncStatus } from './sync-status.ts'

/**
 * The sync worker and the user's tabs talk over one BroadcastChannel per user: the worker asks for the
 * access token (tabs own it: localStorage and the refresh cookie), tabs hear the sync status, and a
 * logout asks every tab to close the database before it is deleted.
 */
type BridgeMessage =
  | { type: 'token-request'; id: string; refresh: boolean; stale: string | null }
  | { type: 'token'; id: string; token: string | null }
  | { type: 'status'; status: SyncStatus }
  | { type: 'status-request' }
  | { type: 'close' }
  | { type: 'closed' }
  | { type: 'online' }

export const bridgeName = (userKey: string) => `balcao-sync-${userKey}`

const TOKEN_TIMEOUT_MS = 10_000

/** The worker's side: a token getter that asks the tabs, and a status publisher. */
export function workerBridge(userKey: string) {
  const channel = new BroadcastChannel(bridgeName(userKey))
  const waiting = new Map<string, (token: string | null) => void>()
  let status: SyncStatus = IDLE_STATUS
  const onlineListeners = new Set<() => void>()
  channel.onmessage = (ev: MessageEvent<BridgeMessage>) => {
    const m = ev.data
    if (m.type === 'token') waiting.get(m.id)?.(m.token)
    else if (m.type === 'status-request') channel.postMessage({ type: 'status', status } satisfies BridgeMessage)
    else if (m.type === 'online') for (const l of onlineListeners) l()
  }
  const getToken: TokenGetter = (opts) =>
    new Promise((resolve, reject) => {
      const id = crypto.randomUUID()
      const timer = setTimeout(() => {
        waiting.delete(id)
        reject(new Error('no tab answered the token request'))
      }, TOKEN_TIMEOUT_MS)
      waiting.set(id, (token) => {
        clearTimeout(timer)
        waiting.delete(id)
        resolve(token)
      })
      channel.postMessage({ type: 'token-request', id, refresh: Boolean(opts?.refresh), stale: opts?.stale ?? null } satisfies BridgeMessage)
    })
  return {
    getToken,
    publishStatus(next: SyncStatus) {
      status = next
      channel.postMessage({ type: 'status', status } satisfies BridgeMessage)
    },
    /** A tab says the network may be back (its online event, or an API call that succeeded). */
    onOnline(listener: () => void): () => void {
      onlineListeners.add(listener)
      return () => onlineListeners.delete(listener)
    },
    close: () => channel.close(),
  }
}

/** A tab's side: answers token requests with the app's getter, mirrors the status, obeys close requests. */
export function tabBridge(userKey: string, getToken: TokenGetter, onCloseRequest: () => Promise<void>, connectivity?: Connectivity | null) {
  const channel = new BroadcastChannel(bridgeName(userKey))
  const status = createStatusStore()
  channel.onmessage = async (ev: MessageEvent<BridgeMessage>) => {
    const m = ev.data
    if (m.type === 'status') status.set(m.status)
    else if (m.type === 'token-request') {
      const token = await getToken({ refresh: m.refresh, stale: m.stale }).catch(() => null)
      channel.postMessage({ type: 'token', id: m.id, token } satisfies BridgeMessage)
    } else if (m.type === 'close' && !closing) {
      closing = true
      await onCloseRequest().catch(() => {})
      channel.postMessage({ type: 'closed' } satisfies BridgeMessage)
      channel.close()
    }
  }
  let closing = false
  channel.postMessage({ type: 'status-request' } satisfies BridgeMessage)
  // The worker's requests that failed offline go again at once when this tab sees the network back.
  const unsubscribe = connectivity?.subscribe((online) => online && !closing && channel.postMessage({ type: 'online' } satisfies BridgeMessage))
  return {
    status: status.source as StatusSource,
    // During a close request the channel stays open until the answer is sent.
    close: () => {
      unsubscribe?.()
      if (!closing) channel.close()
    },
  }
}

/** Asks every tab of the user to close its database; resolves after the first answers settle or waitMs. */
export async function requestCloseEverywhere(userKey: string, waitMs = 1500): Promise<void> {
  const channel = new BroadcastChannel(bridgeName(userKey))
  await new Promise<void>((resolve) => {
    let quiet: ReturnType<typeof setTimeout>
    const done = setTimeout(resolve, waitMs)
    channel.onmessage = (ev: MessageEvent<BridgeMessage>) => {
      if (ev.data.type !== 'closed') return
      // More tabs may answer: wait until they have been quiet for a moment.
      clearTimeout(quiet)
      quiet = setTimeout(() => {
        clearTimeout(done)
        resolve()
      }, 150)
    }
    channel.postMessage({ type: 'close' } satisfies BridgeMessage)
  })
  channel.close()
}
