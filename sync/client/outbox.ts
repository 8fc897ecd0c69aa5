import { retryDelay, systemClock, type Clock } from './backoff.ts'
import { classify, type Outcome } from './outbox-answer.ts'
import { browserConnectivity, browserLock, defaultChannel, type Connectivity, type CrossTabLock, type FetchLike } from './outbox-env.ts'
import { OutboxStore, outboxDbName, type OutboxWrite, type WriteMethod, type WriteResult } from './outbox-store.ts'
import type { TokenGetter } from './start-sync.ts'

export type { Connectivity, CrossTabLock, FetchLike } from './outbox-env.ts'
export type { OutboxWrite, WriteError, WriteMethod, WriteResult } from './outbox-store.ts'

/**
 * Where the outbox stands: idle (empty), sending, waiting (backoff timer), offline (the browser says
 * so), blocked (a write was refused: retry or discard it; the writes that depend on it wait), unauthorized (no valid token: replay
 * again after login), closed.
 */
export type OutboxState = 'idle' | 'sending' | 'waiting' | 'offline' | 'blocked' | 'unauthorized' | 'closed'

export interface OutboxSnapshot {
  /** Every write not yet answered with a 2xx, in order: pending ones and the failed one blocking them. */
  writes: readonly OutboxWrite[]
  state: OutboxState
}

export type OutboxEvent =
  | { type: 'sent'; write: OutboxWrite; result: WriteResult }
  | { type: 'failed'; write: OutboxWrite }
  | { type: 'retried'; write: OutboxWrite }
  | { type: 'discarded'; write: OutboxWrite }

export interface OutboxOptions {
  userKey: string
  getToken: TokenGetter
  /** Prefix of every path ('' in the browser: same origin). */
  baseUrl?: string
  fetch?: FetchLike
  indexedDB?: IDBFactory
  clock?: Clock
  random?: () => number
  /** Default: the browser's; null: always online (tests drive it with notifyOnline/notifyOffline). */
  connectivity?: Connectivity | null
  /** Default: navigator.locks when present. */
  lock?: CrossTabLock | null
  /** Tells the other tabs of the user that the queue changed. Default: a BroadcastChannel when present. */
  channel?: BroadcastChannel | null
  /** Send right after enqueue and on start (default true). */
  autoReplay?: boolean
  /** How long 2xx answers are kept for reconciliation (default a day). */
  resultRetentionMs?: number
  /** Unexpected storage errors while sending (default console.error); the outbox tries again later. */
  onError?: (err: unknown) => void
}

const DAY_MS = 24 * 3600_000
const DRAIN_ERROR_RETRY_MS = 5_000

/**
 * Writes made in the browser, kept in IndexedDB and sent to the API strictly in order, each with its id
 * as the Idempotency-Key (the server runs a repeated write once and replays its answer).
 *
 * Rules: network errors, 5xx, 408 and 429 are retried with backoff (1 s doubling to 30 s, jittered,
 * Retry-After honoured) and at once when the browser comes back online or the app calls notifyOnline().
 * A 401 refreshes the token once; if that fails the outbox pauses (state unauthorized) with nothing lost.
 * Any other refusal marks that write failed with the server's error code and holds back the later writes
 * that depend on it (nextSendable: the same record by scope, or any write without a scope) until it is
 * retried or discarded, so the server still sees each record's writes in the order they were made; the
 * writes on other records go on (a reply to ticket A just closed by the sweep does not hold the replies
 * to every other customer). Nothing leaves the queue except by a 2xx answer or an explicit discard().
 *
 * @example
 * const outbox = await openOutbox({ userKey, getToken })
 * await outbox.enqueue({ method: 'POST', path: '/messages/5', body: { body: 'Olá' }, clientId })
 */
export class Outbox {
  readonly #store: OutboxStore
  readonly #opts: OutboxOptions
  readonly #clock: Clock
  readonly #fetch: FetchLike
  #snapshot: OutboxSnapshot = { writes: [], state: 'idle' }
  readonly #listeners = new Set<(s: OutboxSnapshot) => void>()
  readonly #eventListeners = new Set<(e: OutboxEvent) => void>()
  #online = true
  #timer: unknown = null
  #draining: Promise<OutboxState> | null = null
  #again = false
  /** Send the head now even if its backoff has not run out (we just came back online). */
  #skipWait = false
  #mutex: Promise<unknown> = Promise.resolve()
  #closed = false
  #channel: BroadcastChannel | null = null
  readonly #cleanups: (() => void)[] = []

  private constructor(store: OutboxStore, opts: OutboxOptions) {
    this.#store = store
    this.#opts = opts
    this.#clock = opts.clock ?? systemClock
    this.#fetch = opts.fetch ?? ((input, init) => fetch(input, init))
  }

  static async open(opts: OutboxOptions): Promise<Outbox> {
    const factory = opts.indexedDB ?? globalThis.indexedDB
    let outbox: Outbox | undefined
    const store = await OutboxStore.open(factory, outboxDbName(opts.userKey), () => outbox && outbox.#shutDown())
    outbox = new Outbox(store, opts)
    await outbox.#start()
    return outbox
  }

  async #start() {
    const connectivity = this.#opts.connectivity === undefined ? browserConnectivity() : this.#opts.connectivity
    if (connectivity) {
      this.#online = connectivity.isOnline()
      this.#cleanups.push(connectivity.subscribe((online) => void (online ? this.notifyOnline() : this.notifyOffline())))
    }
    const channel = this.#opts.channel === undefined ? defaultChannel(this.#opts.userKey) : this.#opts.channel
    if (channel) {
      this.#channel = channel
      channel.onmessage = () => void this.#refresh()
      this.#cleanups.push(() => channel.close())
    }
    await this.#store.pruneResults(this.#clock.now() - (this.#opts.resultRetentionMs ?? DAY_MS))
    await this.#refresh()
    if (this.#opts.autoReplay !== false) void this.replay()
  }

  /** Queues a write after every write already queued; its id is the Idempotency-Key (a new UUID unless given). */
  async enqueue(input: { method: WriteMethod; path: string; body?: unknown; clientId?: string; scope?: string[] }): Promise<OutboxWrite> {
    this.#assertOpen()
    const id = input.clientId ?? crypto.randomUUID()
    const write = await this.#store.add({
      id,
      key: id,
      method: input.method,
      path: input.path,
      body: input.body,
      ...(input.scope?.length ? { scope: input.scope } : {}),
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: this.#clock.now(),
      error: null,
      lastFailure: null,
    })
    await this.#changed()
    if (this.#opts.autoReplay !== false) void this.replay()
    return write
  }

  /**
   * Sends queued writes in order until the queue is empty, a write is refused, a retry must wait or the
   * browser is offline. One drain at a time per tab, and one tab at a time. Resolves with the state it
   * stopped in.
   */
  replay(): Promise<OutboxState> {
    if (this.#closed) return Promise.resolve('closed')
    if (this.#draining) {
      this.#again = true
      return this.#draining
    }
    this.#draining = (async () => {
      let state: OutboxState
      do {
        this.#again = false
        state = await this.#exclusive(() => this.#drain()).catch((err: unknown) => this.#drainFailed(err))
      } while (this.#again && !this.#closed)
      return state
    })().finally(() => (this.#draining = null))
    return this.#draining
  }

  /** Resolves when the drain in progress (if any) has stopped, without starting one. */
  async whenSettled(): Promise<OutboxState> {
    while (this.#draining) await this.#draining
    return this.#snapshot.state
  }

  /** Sends a failed write again, under a new Idempotency-Key (and then the queue behind it). */
  async retry(id: string): Promise<void> {
    const write = await this.#exclusive(async () => {
      const w = await this.#store.get(id)
      if (!w || w.state !== 'failed') return undefined
      const next: OutboxWrite = { ...w, key: crypto.randomUUID(), state: 'pending', attempts: 0, nextAttemptAt: 0, error: null, lastFailure: null }
      await this.#store.put(next)
      return next
    })
    if (!write) return
    this.#emit({ type: 'retried', write })
    await this.#changed()
    void this.replay()
  }

  /** Drops a queued write on the user's word; the writes behind it go on. */
  async discard(id: string): Promise<void> {
    const write = await this.#exclusive(async () => {
      const w = await this.#store.get(id)
      if (w) await this.#store.delete(w)
      return w
    })
    if (!write) return
    this.#emit({ type: 'discarded', write })
    await this.#changed()
    void this.replay()
  }

  /** Something reached the server (or the browser says online): stop waiting and send now. */
  notifyOnline(): Promise<OutboxState> {
    this.#online = true
    this.#skipWait = true
    this.#clearTimer()
    return this.replay()
  }

  notifyOffline(): void {
    this.#online = false
    this.#clearTimer()
    this.#setState('offline')
  }

  /** The latest snapshot (stable object between changes, for useSyncExternalStore). */
  snapshot(): OutboxSnapshot {
    return this.#snapshot
  }

  /** Calls listener now and after every change of the queue or its state. */
  subscribe(listener: (s: OutboxSnapshot) => void): () => void {
    this.#listeners.add(listener)
    listener(this.#snapshot)
    return () => this.#listeners.delete(listener)
  }

  /** Answers, refusals, retries and discards made by this tab, as they happen. */
  onEvent(listener: (e: OutboxEvent) => void): () => void {
    this.#eventListeners.add(listener)
    return () => this.#eventListeners.delete(listener)
  }

  /** The queue as stored now. */
  list(): Promise<OutboxWrite[]> {
    return this.#store.list()
  }

  /** 2xx answers of the last day (or since `since`), for reconciling optimistic rows after a reload. */
  results(since = 0): Promise<WriteResult[]> {
    return this.#store.results(since)
  }

  close(): void {
    if (this.#closed) return
    this.#store.close()
    this.#shutDown()
  }

  #shutDown() {
    this.#closed = true
    this.#clearTimer()
    for (const c of this.#cleanups.splice(0)) c()
    this.#setState('closed')
  }

  /** IndexedDB failed under us (storage pressure, a closing database): report it and look again later. */
  #drainFailed(err: unknown): OutboxState {
    if (this.#closed) return 'closed'
    ;(this.#opts.onError ?? console.error)(err)
    return this.#wait(DRAIN_ERROR_RETRY_MS)
  }

  async #drain(): Promise<OutboxState> {
    for (;;) {
      if (this.#closed) return 'closed'
      const { next: head, held } = nextSendable(await this.#store.list())
      if (!head) return this.#setState(held ? 'blocked' : 'idle')
      if (!this.#online) return this.#setState('offline')
      const wait = head.nextAttemptAt - this.#clock.now()
      if (wait > 0 && !this.#skipWait) return this.#wait(wait)
      this.#skipWait = false
      this.#setState('sending')
      const outcome = await this.#send(head)
      if (this.#closed) return 'closed'
      if (outcome.kind === 'sent') {
        await this.#store.complete(head, outcome.result)
        await this.#changed()
        this.#emit({ type: 'sent', write: head, result: outcome.result })
        continue
      }
      if (outcome.kind === 'unauthorized') return this.#setState('unauthorized')
      if (outcome.kind === 'refused') {
        const failed: OutboxWrite = { ...head, state: 'failed', error: outcome.error }
        await this.#store.put(failed)
        await this.#changed()
        this.#emit({ type: 'failed', write: failed })
        continue
      }
      const attempts = head.attempts + 1
      const delay = retryDelay(attempts, outcome.retryAfterMs, this.#opts.random)
      await this.#store.put({ ...head, attempts, nextAttemptAt: this.#clock.now() + delay, lastFailure: outcome.failure })
      await this.#changed()
      return this.#wait(delay)
    }
  }

  async #send(write: OutboxWrite): Promise<Outcome> {
    try {
      let token = await this.#opts.getToken()
      let res = await this.#request(write, token)
      if (res.status === 401) {
        const stale = token
        token = await this.#opts.getToken({ refresh: true, stale })
        if (!token) return { kind: 'unauthorized' }
        res = await this.#request(write, token)
        if (res.status === 401) return { kind: 'unauthorized' }
      }
      return await classify(write, res, this.#clock.now())
    } catch {
      // fetch (or a token refresh) could not reach the server; the write may or may not have arrived.
      return { kind: 'retry', failure: 'ERR_NETWORK', retryAfterMs: null }
    }
  }

  #request(write: OutboxWrite, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', 'idempotency-key': write.key }
    if (token) headers.authorization = `Bearer ${token}`
    if (write.body !== undefined) headers['content-type'] = 'application/json'
    const body = write.body === undefined ? undefined : JSON.stringify(write.body)
    return this.#fetch(`${this.#opts.baseUrl ?? ''}${write.path}`, { method: write.method, headers, body })
  }

  #wait(ms: number): OutboxState {
    this.#clearTimer()
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null
      void this.replay()
    }, ms)
    return this.#setState('waiting')
  }

  #clearTimer() {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer)
    this.#timer = null
  }

  /** One at a time in this tab (a promise chain), and across tabs when a lock is available. */
  #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const lock = this.#opts.lock === undefined ? browserLock(this.#opts.userKey) : this.#opts.lock
    const run = () => (lock ? lock(fn) : fn())
    const result = this.#mutex.then(run, run)
    this.#mutex = result.catch(() => {})
    return result
  }

  async #changed() {
    await this.#refresh()
    this.#channel?.postMessage('changed')
  }

  async #refresh() {
    if (this.#closed) return
    const writes = await this.#store.list().catch(() => null)
    if (!writes) return
    this.#publish({ ...this.#snapshot, writes })
  }

  #setState(state: OutboxState): OutboxState {
    if (state !== this.#snapshot.state) this.#publish({ ...this.#snapshot, state })
    return state
  }

  #publish(snapshot: OutboxSnapshot) {
    this.#snapshot = Object.freeze(snapshot)
    for (const l of this.#listeners) l(this.#snapshot)
  }

  #emit(event: OutboxEvent) {
    for (const l of this.#eventListeners) l(event)
  }

  #assertOpen() {
    if (this.#closed) throw new Error('outbox closed')
  }
}

/** Opens the user's outbox and starts sending what it holds. */
export function openOutbox(opts: OutboxOptions): Promise<Outbox> {
  return Outbox.open(opts)
}

/**
 * The first write that may go now, in queue order: not refused itself and not behind a refused write it
 * may depend on. A held write holds its own records too, so one record's writes never overtake each
 * other. `held` tells whether anything is waiting on a refusal (the queue's 'blocked' state).
 */
export function nextSendable(writes: readonly OutboxWrite[]): { next: OutboxWrite | undefined; held: boolean } {
  const heldScopes = new Set<string>()
  let holdAll = false
  let held = false
  for (const w of writes) {
    const scoped = !!w.scope?.length
    const behind = holdAll || (held && !scoped) || (scoped && w.scope!.some((s) => heldScopes.has(s)))
    if (w.state !== 'failed' && !behind) return { next: w, held }
    held = true
    if (scoped) for (const s of w.scope!) heldScopes.add(s)
    else holdAll = true
  }
  return { next: undefined, held }
}
