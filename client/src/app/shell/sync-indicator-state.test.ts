import { describe, expect, test } from 'bun:test'
import type { OutboxWrite } from '../../../../sync/client/outbox.ts'
import { IDLE_STATUS, type SyncStatus } from '../../../../sync/client/sync-status.ts'
import { describeWrite, syncIndicatorState } from './sync-indicator-state.ts'

const status = (s: Partial<SyncStatus>): SyncStatus => ({ ...IDLE_STATUS, ...s })

describe('syncIndicatorState', () => {
  test('offline wins over everything else', () => {
    expect(syncIndicatorState('open', status({ state: 'error', error: 'HTTP_500' }), false)).toEqual({ state: 'offline', error: null })
    expect(syncIndicatorState('opening', IDLE_STATUS, false).state).toBe('offline')
  })

  test('a database still opening is syncing; one that failed to open is an error', () => {
    expect(syncIndicatorState('opening', IDLE_STATUS, true).state).toBe('syncing')
    expect(syncIndicatorState('failed', IDLE_STATUS, true)).toEqual({ state: 'error', error: 'ERR_LOCAL_DB' })
  })

  test('a network error of the shape stream reads as offline; other errors keep their code', () => {
    expect(syncIndicatorState('open', status({ state: 'error', error: 'ERR_NETWORK' }), true).state).toBe('offline')
    expect(syncIndicatorState('open', status({ state: 'error', error: 'ERR_SESSION_EXPIRED' }), true)).toEqual({ state: 'error', error: 'ERR_SESSION_EXPIRED' })
  })

  test('up to date and syncing pass through', () => {
    expect(syncIndicatorState('open', status({ state: 'up-to-date', lastSyncedAt: 1 }), true).state).toBe('up-to-date')
    expect(syncIndicatorState('open', status({ state: 'syncing' }), true).state).toBe('syncing')
  })
})

const write = (over: Partial<OutboxWrite>): OutboxWrite => ({
  id: 'w1', key: 'w1', seq: 1, method: 'POST', path: '/users', body: { name: ' Dora ' }, state: 'pending', attempts: 0,
  nextAttemptAt: 0, createdAt: 0, error: null, lastFailure: null, ...over,
})

describe('describeWrite', () => {
  test('names the action, the resource and the record', () => {
    expect(describeWrite(write({}))).toEqual({ id: 'w1', action: 'create', resource: 'users', subject: 'Dora', failed: false, error: null, lastFailure: null })
    expect(describeWrite(write({ method: 'DELETE', path: '/users/5', body: undefined }))).toMatchObject({ action: 'delete', resource: 'users', subject: '/users/5' })
    expect(describeWrite(write({ method: 'PUT', path: '/users/5?x=1' })).action).toBe('update')
  })

  test('a refused write carries the server code', () => {
    const refused = write({ state: 'failed', error: { status: 409, code: 'ERR_EMAIL_ALREADY_EXISTS', message: null, body: null } })
    expect(describeWrite(refused)).toMatchObject({ failed: true, error: 'ERR_EMAIL_ALREADY_EXISTS' })
  })
})
