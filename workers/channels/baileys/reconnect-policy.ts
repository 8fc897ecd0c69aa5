import type { ConnectionStatus } from '../types.ts'

export type ReconnectAction = 'reconnect' | 'restart-now' | 'stop' | 'wipe-and-stop'

export interface DisconnectInfo {
  /** Boom status code of lastDisconnect.error; undefined when Baileys gave none. */
  statusCode: number | undefined
  /** Consecutive failed connects before this one (0 for the first close after a start or an open). */
  attempt: number
  /** Whether this socket ever reached 'open'. */
  everOpened: boolean
  /** Whether this socket showed a QR code or pairing code (an unpaired session). */
  qrSession: boolean
  /** [0, 1): the jitter source, injectable for tests. */
  random: () => number
}

export interface ReconnectDecision {
  action: ReconnectAction
  delayMs: number
  /** The connection status to report. */
  status: ConnectionStatus
  reason: string
}

export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 5 * 60_000
/** 500 badSession is retried this many times before the session is taken as corrupt. */
export const BAD_SESSION_RETRIES = 2
/** 515 restarts at once this many times in a row; past that (a rejected link) it backs off like any close. */
export const RESTART_NOW_LIMIT = 3

/** Baileys DisconnectReason values plus the codes it leaves out of the enum (405, 402, 406). */
export const Code = {
  connectionClosed: 428,
  timedOut: 408,
  restartRequired: 515,
  connectionReplaced: 440,
  loggedOut: 401,
  forbidden: 403,
  multideviceMismatch: 411,
  badSession: 500,
  unavailableService: 503,
  staleVersion: 405,
  paymentRequired: 402,
  notAcceptable: 406,
} as const

/**
 * Exponential backoff with "equal jitter": half the step is fixed and half random, so delays grow
 * with every attempt yet two sockets that dropped together do not come back in lockstep.
 */
export function backoffDelay(attempt: number, random: () => number): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 20))
  return Math.round(step / 2 + (step / 2) * random())
}

/**
 * What to do when a Baileys socket closes (channels.md §1.3 disconnect table).
 *
 * 440 connectionReplaced stops: with the lease making us the only socket for these creds, a conflict
 * means a newer host (or a stray process) took the session over, and reconnecting would start the
 * ping-pong that corrupts keys. The host that owns the lease restarts us if it still wants to.
 */
export function decideReconnect(info: DisconnectInfo): ReconnectDecision {
  const { statusCode, attempt } = info
  const retry = (reason: string): ReconnectDecision => ({
    action: 'reconnect',
    delayMs: backoffDelay(attempt, info.random),
    status: 'OPENING',
    reason,
  })
  const stop = (reason: string): ReconnectDecision => ({ action: 'stop', delayMs: 0, status: 'DISCONNECTED', reason })
  const wipe = (reason: string): ReconnectDecision => ({ action: 'wipe-and-stop', delayMs: 0, status: 'DISCONNECTED', reason })

  switch (statusCode) {
    case Code.restartRequired:
      if (attempt >= RESTART_NOW_LIMIT) return retry('restart required again')
      // Normal right after pairing: the server wants a fresh socket on the new creds.
      return { action: 'restart-now', delayMs: 0, status: 'OPENING', reason: 'restart required' }
    case Code.loggedOut:
      return wipe('logged out')
    case Code.forbidden:
      return wipe('forbidden (banned or restricted)')
    case Code.badSession:
      return attempt < BAD_SESSION_RETRIES ? retry('bad session') : wipe('bad session persists')
    case Code.connectionReplaced:
      return stop('connection replaced by another session')
    case Code.multideviceMismatch:
    case Code.paymentRequired:
    case Code.notAcceptable:
      return stop(`refused by WhatsApp (${statusCode})`)
    case Code.timedOut:
      // An unpaired socket that closes with 408 has run out of QR refs: nobody scanned.
      if (info.qrSession && !info.everOpened) return stop('QR code expired')
      return retry('timed out')
    case Code.staleVersion:
      return retry('WhatsApp Web version refused (update the configured version)')
    default:
      return retry(statusCode === undefined ? 'closed' : `closed (${statusCode})`)
  }
}
