import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import i18n from '../i18n/index.ts'
import { tokenAtom, userAtom } from '../state/auth.ts'
import { store } from '../state/store.ts'
import { pushToast } from '../state/toasts.ts'
import { importProgressAtom, realtimeStateAtom, type RealtimeState } from '../state/ui.ts'
import { refreshAccessToken } from './api.ts'
import { goTo } from './navigation.ts'
import { endSession, readToken, rememberLogoutReason, unsentWriteCount, wipeLocalData, type LogoutReason } from './session.ts'
import { closeLocalFirst } from '../state/local-first.ts'
import type { User } from './types.ts'

/** Protocol constants (spec part 1 §4, §7; server/realtime). */
export const RECONNECT_MS = 1000
export const STATUS_PULSE_MS = 300_000
export const TOKEN_EXPIRED_CLOSE = 4001
export const SESSION_REPLACED_CLOSE = 4002
/** After this many failed opens in a row the token may be the reason (the server refuses it before the upgrade). */
export const REFRESH_AFTER_FAILED_OPENS = 3

export interface SocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number): void
  onopen: ((ev: unknown) => void) | null
  onclose: ((ev: { code: number }) => void) | null
  onmessage: ((ev: { data: unknown }) => void) | null
  onerror: ((ev: unknown) => void) | null
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
  setInterval(fn: () => void, ms: number): unknown
  clearInterval(id: unknown): void
}

export interface RealtimeOptions {
  url(token: string): string
  getToken(): string | null
  /** A fresh access token after a 4001 close, or null when the session is over. */
  refreshToken(): Promise<string | null>
  onEvent(event: string, data: unknown): void
  onState?(state: RealtimeState): void
  onSessionOver?(): void
  /** The server closed with 4002: another login took this session over. */
  onSessionReplaced?(): void
  createSocket?(url: string): SocketLike
  timers?: Timers
}

const OPEN = 1

/**
 * Delay before the next attempt: 1 s (spec: reconnect delay 1 s, unlimited attempts). While the socket
 * cannot be opened at all (server down, /ws missing) the delay grows after 5 failures, up to 30 s.
 */
export function reconnectDelay(failedOpens: number): number {
  return failedOpens <= 5 ? RECONNECT_MS : Math.min(30_000, RECONNECT_MS * 2 ** (failedOpens - 5))
}

/** The socket to /ws?token=…: frames are JSON {event, data}; it reconnects quietly and forever until stopped. */
export class RealtimeClient {
  private socket: SocketLike | null = null
  private retryTimer: unknown = null
  private pulseTimer: unknown = null
  private failedOpens = 0
  private stopped = true
  private readonly timers: Timers
  private readonly opts: RealtimeOptions

  constructor(opts: RealtimeOptions) {
    this.opts = opts
    this.timers = opts.timers ?? globalThis
  }

  start(): void {
    this.stopped = false
    this.connect()
  }

  stop(): void {
    this.stopped = true
    this.timers.clearTimeout(this.retryTimer)
    this.timers.clearInterval(this.pulseTimer)
    const socket = this.socket
    this.socket = null
    if (socket) {
      socket.onclose = null
      socket.close(1000)
    }
    this.opts.onState?.('closed')
  }

  send(event: string, data?: unknown): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false
    this.socket.send(JSON.stringify(data === undefined ? { event } : { event, data }))
    return true
  }

  private connect(): void {
    if (this.stopped) return
    const token = this.opts.getToken()
    if (!token) return this.opts.onSessionOver?.()
    this.opts.onState?.('connecting')
    let opened = false
    let socket: SocketLike
    try {
      socket = this.opts.createSocket ? this.opts.createSocket(this.opts.url(token)) : (new WebSocket(this.opts.url(token)) as SocketLike)
    } catch {
      this.failedOpens++
      return this.schedule(reconnectDelay(this.failedOpens))
    }
    this.socket = socket
    socket.onopen = () => {
      opened = true
      this.failedOpens = 0
      this.opts.onState?.('open')
      this.send('joinNotification')
      this.send('userStatus')
      this.timers.clearInterval(this.pulseTimer)
      this.pulseTimer = this.timers.setInterval(() => this.send('userStatus'), STATUS_PULSE_MS)
    }
    socket.onmessage = (ev) => this.receive(ev.data)
    socket.onerror = () => {}
    socket.onclose = (ev) => this.closed(ev.code, opened)
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return
    try {
      const frame = JSON.parse(raw) as { event?: unknown; data?: unknown }
      if (typeof frame.event === 'string') this.opts.onEvent(frame.event, frame.data)
    } catch {
      // not a frame of ours
    }
  }

  private closed(code: number, opened: boolean): void {
    this.socket = null
    this.timers.clearInterval(this.pulseTimer)
    this.opts.onState?.('closed')
    if (this.stopped) return
    if (code === SESSION_REPLACED_CLOSE) {
      this.stopped = true
      return this.opts.onSessionReplaced?.()
    }
    if (code === TOKEN_EXPIRED_CLOSE) return this.refreshThenReconnect(RECONNECT_MS)
    if (!opened) this.failedOpens++
    const delay = opened ? RECONNECT_MS : reconnectDelay(this.failedOpens)
    if (this.failedOpens === REFRESH_AFTER_FAILED_OPENS) return this.refreshThenReconnect(delay)
    this.schedule(delay)
  }

  /** A fresh token, then the next attempt; a session the server ended stops the client, a network error just retries. */
  private refreshThenReconnect(delay: number): void {
    this.opts.refreshToken().then(
      (token) => {
        if (this.stopped) return
        if (!token) {
          this.stopped = true
          return this.opts.onSessionOver?.()
        }
        this.schedule(delay)
      },
      () => {
        if (!this.stopped) this.schedule(delay)
      },
    )
  }

  private schedule(ms: number): void {
    this.timers.clearTimeout(this.retryTimer)
    this.retryTimer = this.timers.setTimeout(() => this.connect(), ms)
  }
}

export type RealtimeAction =
  | { type: 'sessionReplaced'; message: string }
  | { type: 'passwordChanged'; message: string }
  | { type: 'userUpdated'; user: User }
  | { type: 'companyUpdated'; company: Partial<User['company']> }
  | { type: 'importProgress'; progress: ImportProgress | null }
  | null

/** A history import under way (spec part 2 §4 Import): count -1 while preparing. */
export interface ImportProgress {
  done: number
  total: number
  date: string | null
}

/** What an incoming event means for the shell (pure): another login took over, or our own user changed. */
export function realtimeAction(event: string, data: unknown, me: { companyId: number; userId: number }): RealtimeAction {
  const d = (data ?? {}) as { action?: unknown; message?: unknown; userId?: unknown; user?: { id?: unknown } }
  if (event === `company-${me.companyId}-auth` && (d.action === 'sessionReplaced' || d.action === 'passwordChanged')) {
    const target = d.userId ?? d.user?.id
    if (target !== undefined && Number(target) !== me.userId) return null
    return { type: d.action, message: typeof d.message === 'string' ? d.message : '' }
  }
  if (event === `company-${me.companyId}-user` && d.action === 'update' && d.user && Number(d.user.id) === me.userId) {
    return { type: 'userUpdated', user: d.user as User }
  }
  // Our company changed (renewed, deactivated, another plan): the header, expiry and gates follow at once.
  if (event === `company-${me.companyId}-company` && d.action === 'update') {
    const c = (data as { company?: { id?: unknown; name?: unknown; dueDate?: unknown; status?: unknown; planId?: unknown } }).company
    if (!c || Number(c.id) !== me.companyId) return null
    const company: Partial<User['company']> = {}
    if (typeof c.name === 'string') company.name = c.name
    if (typeof c.dueDate === 'string' || c.dueDate === null) company.dueDate = c.dueDate
    if (typeof c.status === 'boolean') company.status = c.status
    if (typeof c.planId === 'number' || c.planId === null) company.planId = c.planId
    return { type: 'companyUpdated', company }
  }
  if (event === `company-${me.companyId}-importMessages`) {
    const status = (data ?? {}) as { action?: unknown; status?: { this?: unknown; all?: unknown; date?: unknown } }
    // refresh: the import ended; the connection row now offers closing the imported tickets.
    if (status.action === 'refresh') return { type: 'importProgress', progress: null }
    const s = status.status ?? {}
    return {
      type: 'importProgress',
      progress: { done: Number(s.this ?? -1), total: Number(s.all ?? 0), date: typeof s.date === 'string' ? s.date : null },
    }
  }
  return null
}

type FrameListener = (event: string, data: unknown) => void
const frameListeners = new Set<FrameListener>()

/** Calls listener with every frame of the company socket; features pick their own events (internal chat). */
export function onRealtimeEvent(listener: FrameListener): () => void {
  frameListeners.add(listener)
  return () => frameListeners.delete(listener)
}

export function socketUrl(token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`
}

/**
 * "Sua conta foi acessada em outro computador.": show it, end the session and reload after 1 s (spec part
 * 1 §4). Local data is wiped as the spec says only when the outbox is known to be empty: unsent writes are
 * never dropped without the user's word, so they stay with this user on this device (her database and
 * outbox are keyed by user) and go out at her next login here. The login page says why and what was kept.
 */
let replacing = false

/** The same for a password changed elsewhere (by the user or an admin): this session was ended by the server. */
async function onSessionReplaced(message: string, kind: LogoutReason['kind'] = 'sessionReplaced'): Promise<void> {
  if (replacing) return
  replacing = true
  pushToast('warning', i18n.exists(`realtime.${kind}`) ? i18n.t(`realtime.${kind}`) : message)
  const unsent = await unsentWriteCount()
  if (unsent === 0) {
    await wipeLocalData()
  } else {
    await closeLocalFirst()
    endSession()
  }
  rememberLogoutReason({ kind, unsent: unsent ?? 0 })
  setTimeout(() => location.reload(), 1000)
}

/** Keeps the company socket open while a user is logged in. */
export function useRealtime(): void {
  const hasToken = useAtomValue(tokenAtom) !== null
  const user = useAtomValue(userAtom)
  const companyId = user?.companyId
  const userId = user?.id
  useEffect(() => {
    if (!hasToken || !companyId || !userId) return
    const client = new RealtimeClient({
      url: socketUrl,
      getToken: readToken,
      refreshToken: () => refreshAccessToken(),
      onState: (s) => store.set(realtimeStateAtom, s),
      onSessionOver: () => {
        endSession()
        goTo('/login')
      },
      onSessionReplaced: () => void onSessionReplaced(''),
      onEvent: (event, data) => {
        for (const l of frameListeners) l(event, data)
        const action = realtimeAction(event, data, { companyId, userId })
        if (action?.type === 'sessionReplaced' || action?.type === 'passwordChanged') {
          client.stop()
          void onSessionReplaced(action.message, action.type)
        } else if (action?.type === 'userUpdated') {
          store.set(userAtom, (prev) => (prev ? { ...prev, ...action.user } : prev))
        } else if (action?.type === 'companyUpdated') {
          store.set(userAtom, (prev) => (prev ? { ...prev, company: { ...prev.company, ...action.company } } : prev))
        } else if (action?.type === 'importProgress') {
          store.set(importProgressAtom, action.progress)
        }
      },
    })
    client.start()
    // A token refreshed by an API call extends the open socket too (server frame `refreshToken`).
    const unsubscribe = store.sub(tokenAtom, () => {
      const token = store.get(tokenAtom)
      if (token) client.send('refreshToken', token)
    })
    return () => {
      unsubscribe()
      client.stop()
    }
  }, [hasToken, companyId, userId])
}
