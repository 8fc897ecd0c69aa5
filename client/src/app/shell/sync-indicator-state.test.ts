import { describe, expect, test } from 'bun:test'
import type { OutboxWrite } from '../../../../sync/client/outbox.ts'
import { IDLE_STATUS, type SyncStatus } from '../../../../sync/client/sync-status.ts'
import { PGlite } from '@electric-sql/pglite'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import { describeWrite, syncIndicatorState, writeNamesQuery } from './sync-indicator-state.ts'

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
  const described = (over: Partial<OutboxWrite>) => {
    const { key, vars, refs } = describeWrite(write(over))
    return { key, vars, refs }
  }

  test('a reply names its ticket and shows the start of its text; a private one says so', () => {
    const long = 'Olá, tudo bem? Estou verificando o seu pedido agora mesmo, um instante'
    expect(described({ path: '/messages/12', body: { body: long, isPrivate: false } })).toEqual({
      key: 'reply', vars: { ticket: 12, text: 'Olá, tudo bem? Estou verificando o seu …' }, refs: { ticketId: 12 },
    })
    expect(described({ path: '/messages/12', body: { body: '', isPrivate: false } }).key).toBe('replyMedia')
    expect(described({ path: '/messages/12', body: { body: 'só para a equipe', isPrivate: true } })).toMatchObject({ key: 'privateMessage', refs: { ticketId: 12 } })
    expect(described({ path: '/messages/edit/40', body: { body: 'corrigido' } })).toMatchObject({ key: 'editMessage', vars: { text: 'corrigido' } })
  })

  test('ticket actions are told apart by what they change', () => {
    const ticket = (body: Record<string, unknown>) => described({ method: 'PUT', path: '/tickets/7', body }).key
    expect(ticket({ status: 'open', userId: 3 })).toBe('accept')
    expect(ticket({ status: 'closed', sendFarewellMessage: true })).toBe('close')
    expect(ticket({ status: 'pending', userId: null })).toBe('returnTicket')
    expect(ticket({ status: 'open', userId: 4, queueId: 2, isTransfered: true })).toBe('transfer')
    expect(described({ path: '/ticket-notes', body: { note: 'ligar amanhã', ticketId: 7, contactId: 1 } })).toMatchObject({ key: 'note', refs: { ticketId: 7 } })
    expect(described({ method: 'PUT', path: '/ticket-tags/7/3', body: undefined })).toMatchObject({ key: 'tagTicket', refs: { ticketId: 7 } })
  })

  test('records are named by their body, or looked up by id', () => {
    expect(described({})).toMatchObject({ key: 'createUser', vars: { subject: 'Dora' } })
    expect(described({ method: 'DELETE', path: '/users/5', body: undefined })).toEqual({ key: 'deleteUser', vars: { subject: '' }, refs: { userId: 5 } })
    expect(described({ method: 'PUT', path: '/contacts/block/9', body: { active: false } })).toMatchObject({ key: 'blockContact', refs: { contactId: 9 } })
    expect(described({ method: 'PUT', path: '/companySettings', body: { column: 'userRating', data: 'enabled' } })).toMatchObject({ key: 'setting', vars: { setting: 'userRating' } })
    expect(described({ method: 'PUT', path: '/whatever/1', body: undefined })).toMatchObject({ key: 'other', vars: { path: '/whatever/1' } })
  })

  test('a refused write carries the server code', () => {
    const refused = write({ state: 'failed', error: { status: 409, code: 'ERR_EMAIL_ALREADY_EXISTS', message: null, body: null } })
    expect(describeWrite(refused)).toMatchObject({ failed: true, error: 'ERR_EMAIL_ALREADY_EXISTS' })
  })

  test("the names come from the browser's database: a ticket's contact, a user, a quick message", async () => {
    const pg = await PGlite.create('memory://')
    await applyLocalSchema(pg)
    await pg.exec(`insert into contacts (id, company_id, name, number) values (1, 1, 'Maria Souza', '5511999990000'), (2, 1, '', '5511888880000');
      insert into tickets (id, company_id, contact_id, status) values (12, 1, 1, 'open'), (13, 1, 2, 'open');
      insert into users (id, company_id, name, email, profile) values (5, 1, 'Dora', 'dora@x.com', 'user');
      insert into quick_messages (id, company_id, shortcode, message) values (8, 1, 'bomdia', 'Bom dia!')`)
    const q = writeNamesQuery([{ ticketId: 12 }, { ticketId: 13 }, { userId: 5 }, { quickMessageId: 8 }, {}])
    const { rows } = await pg.query<{ kind: string; id: number; name: string }>(q.sql, q.params)
    expect(rows.map((r) => `${r.kind}:${r.id}:${r.name}`).sort()).toEqual(['quickMessage:8:bomdia', 'ticket:12:Maria Souza', 'ticket:13:5511888880000', 'user:5:Dora'])
    await pg.close()
  })
})
