import { expect, test } from 'bun:test'
import { initAuthCreds } from 'baileys'
import pino from 'pino'
import type { PostgresAuthState } from './auth-state.ts'
import { DEFAULT_WA_VERSION, socketConfig } from './socket-config.ts'

const auth = {
  state: { creds: initAuthCreds(), keys: { get: async () => ({}), set: async () => {} } },
} as unknown as PostgresAuthState
const getMessage = async (id: string) => (id === 'KNOWN' ? { conversation: 'stored' } : undefined)

test('pins the version, stays offline, ignores statuses and newsletters, serves getMessage from our store', async () => {
  const config = socketConfig(auth, pino({ level: 'silent' }), { getMessage })
  expect(config.version).toEqual(DEFAULT_WA_VERSION)
  expect(config.waWebSocketUrl).toBeUndefined()
  expect(config.markOnlineOnConnect).toBe(false)
  expect(config.auth?.creds).toBe(auth.state.creds)
  expect(config.auth?.keys).not.toBe(auth.state.keys)
  expect(config.shouldIgnoreJid!('status@broadcast')).toBe(true)
  expect(config.shouldIgnoreJid!('1203@newsletter')).toBe(true)
  expect(config.shouldIgnoreJid!('1203@g.us')).toBe(false)
  expect(await config.getMessage!({ id: 'KNOWN' })).toEqual({ conversation: 'stored' })
  expect(await config.getMessage!({ id: 'OTHER' })).toBeUndefined()
})

test('passes an explicit version and WebSocket URL through', () => {
  const config = socketConfig(auth, pino({ level: 'silent' }), { getMessage, version: [2, 3000, 1], waWebSocketUrl: 'ws://127.0.0.1:1/ws' })
  expect(config.version).toEqual([2, 3000, 1])
  expect(config.waWebSocketUrl).toBe('ws://127.0.0.1:1/ws')
})
