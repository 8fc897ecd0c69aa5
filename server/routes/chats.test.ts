import { expect, test } from 'bun:test'
import type { DomainEvent } from '../domain/context.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createUser } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

async function team(env: TestEnv) {
  const company = await createCompany(env)
  const ana = await createUser(env, company.companyId, { name: 'Ana' })
  const bruno = await createUser(env, company.companyId, { name: 'Bruno' })
  return { ...company, ana, bruno }
}

const unreadsOf = (chat: { users: { userId: number; unreads: number }[] }) => Object.fromEntries(chat.users.map((u) => [u.userId, u.unreads]))

describeEachBackend('internal chat', (env) => {
  test('a chat is created with its owner among its users; a message counts as unread for the others until they read', async () => {
    const { adminToken, adminId, ana, bruno } = await team(env())
    const created = await call(env(), 'POST', '/chats', { token: adminToken, json: { title: 'Plantão', users: [ana.id] } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ title: 'Plantão', ownerId: adminId, lastMessage: '' })
    expect(created.body.users.map((u: { userId: number }) => u.userId).sort()).toEqual([adminId, ana.id].sort())
    expect(created.body.users.find((u: { userId: number }) => u.userId === ana.id).user).toEqual({ id: ana.id, name: 'Ana' })
    const id = created.body.id

    const sent = await call(env(), 'POST', `/chats/${id}/messages`, { token: adminToken, json: { message: '  Alguém cobre às 14h?  ' } })
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({ chatId: id, senderId: adminId, message: 'Alguém cobre às 14h?', sender: { id: adminId, name: 'Admin' } })
    const anaList = await call(env(), 'GET', '/chats', { token: ana.token })
    expect(anaList.body).toMatchObject({ count: 1, hasMore: false })
    expect(anaList.body.records[0]).toMatchObject({ id, lastMessage: 'Alguém cobre às 14h?' })
    expect(unreadsOf(anaList.body.records[0])).toEqual({ [adminId]: 0, [ana.id]: 1 })
    // Someone outside the chat does not see it, by id or by uuid.
    expect((await call(env(), 'GET', '/chats', { token: bruno.token })).body).toMatchObject({ records: [], count: 0 })
    expect((await call(env(), 'GET', `/chats/${id}`, { token: bruno.token })).body.error).toBe('ERR_NO_CHAT_FOUND')
    expect((await call(env(), 'GET', `/chats/${created.body.uuid}`, { token: bruno.token })).status).toBe(404)
    expect((await call(env(), 'POST', `/chats/${id}/messages`, { token: bruno.token, json: { message: 'oi' } })).status).toBe(404)

    expect((await call(env(), 'GET', `/chats/${created.body.uuid}`, { token: ana.token })).body.id).toBe(id)
    const read = await call(env(), 'POST', `/chats/${id}/read`, { token: ana.token, json: { userId: ana.id } })
    expect(unreadsOf(read.body)[ana.id]).toBe(0)
    expect((await call(env(), 'POST', `/chats/${id}/read`, { token: ana.token, json: { userId: adminId } })).body.error).toBe('ERR_NO_PERMISSION')
  })

  test('messages come 20 a page, newest page first, each page oldest first', async () => {
    const { adminToken, ana } = await team(env())
    const { body: chat } = await call(env(), 'POST', '/chats', { token: adminToken, json: { title: 'Histórico', users: [ana.id] } })
    for (let i = 1; i <= 25; i++) await call(env(), 'POST', `/chats/${chat.id}/messages`, { token: i % 2 ? adminToken : ana.token, json: { message: `m${i}` } })
    const first = await call(env(), 'GET', `/chats/${chat.id}/messages`, { token: ana.token })
    expect(first.body).toMatchObject({ count: 25, hasMore: true })
    expect(first.body.records.map((m: { message: string }) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`))
    const second = await call(env(), 'GET', `/chats/${chat.id}/messages?pageNumber=2`, { token: ana.token })
    expect(second.body.records.map((m: { message: string }) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5'])
    expect(second.body.hasMore).toBe(false)
  })

  test('only the owner edits and deletes; an edit replaces the other users and keeps the owner', async () => {
    const { adminToken, adminId, ana, bruno } = await team(env())
    const { body: chat } = await call(env(), 'POST', '/chats', { token: adminToken, json: { title: 'Escala', users: [ana.id] } })
    const byAna = await call(env(), 'PUT', `/chats/${chat.id}`, { token: ana.token, json: { title: 'Minha', users: [ana.id] } })
    expect(byAna.status).toBe(403)
    expect(byAna.body.error).toBe('ERR_NO_PERMISSION')
    expect((await call(env(), 'DELETE', `/chats/${chat.id}`, { token: ana.token })).status).toBe(403)

    const edited = await call(env(), 'PUT', `/chats/${chat.id}`, { token: adminToken, json: { title: 'Escala de dezembro', users: [bruno.id] } })
    expect(edited.body.title).toBe('Escala de dezembro')
    expect(edited.body.users.map((u: { userId: number }) => u.userId).sort()).toEqual([adminId, bruno.id].sort())
    expect((await call(env(), 'GET', `/chats/${chat.id}`, { token: ana.token })).status).toBe(404)

    expect((await call(env(), 'DELETE', `/chats/${chat.id}`, { token: adminToken })).status).toBe(200)
    expect((await call(env(), 'GET', `/chats/${chat.id}`, { token: adminToken })).status).toBe(404)
  })

  test('a title and at least one user are required; blank messages and users of another company are refused', async () => {
    const { adminToken, ana } = await team(env())
    const noTitle = await call(env(), 'POST', '/chats', { token: adminToken, json: { title: '  ', users: [ana.id] } })
    expect(noTitle.status).toBe(400)
    expect(noTitle.body.error).toBe('ERR_VALIDATION')
    expect((await call(env(), 'POST', '/chats', { token: adminToken, json: { title: 'Sem gente', users: [] } })).status).toBe(400)
    expect((await call(env(), 'POST', '/chats', { token: adminToken, json: { title: 'Sem gente' } })).status).toBe(400)
    const stranger = await team(env())
    const foreign = await call(env(), 'POST', '/chats', { token: adminToken, json: { title: 'Fora', users: [stranger.ana.id] } })
    expect(foreign.body.error).toBe('ERR_NO_USER_FOUND')
    const { body: chat } = await call(env(), 'POST', '/chats', { token: adminToken, json: { title: 'Ok', users: [ana.id] } })
    const blank = await call(env(), 'POST', `/chats/${chat.id}/messages`, { token: adminToken, json: { message: ' \n\t ' } })
    expect(blank.status).toBe(400)
    expect((await call(env(), 'GET', `/chats/${chat.id}/messages`, { token: adminToken })).body.count).toBe(0)
    expect((await call(env(), 'GET', '/chats/abc', { token: adminToken })).status).toBe(400)
  })

  test("live events go to the chat's users; someone taken out hears the chat is gone", async () => {
    const { adminToken, adminId, companyId, ana, bruno } = await team(env())
    const events: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => e.type === 'chat' && e.companyId === companyId && events.push(e))
    try {
      const { body: chat } = await call(env(), 'POST', '/chats', { token: adminToken, json: { title: 'Avisos', users: [ana.id] } })
      await call(env(), 'POST', `/chats/${chat.id}/messages`, { token: adminToken, json: { message: 'Reunião às 9h' } })
      await call(env(), 'PUT', `/chats/${chat.id}`, { token: adminToken, json: { title: 'Avisos', users: [bruno.id] } })
      const seen = events.map((e) => [e.payload.action, (e.payload.userIds as number[]).slice().sort()])
      expect(seen).toEqual([
        ['create', [adminId, ana.id].sort()],
        ['new-message', [adminId, ana.id].sort()],
        ['delete', [ana.id]],
        ['update', [adminId, bruno.id].sort()],
      ])
      expect(events[1].payload.message).toMatchObject({ message: 'Reunião às 9h', senderId: adminId })
      expect(unreadsOf(events[1].payload.record as never)[ana.id]).toBe(1)
    } finally {
      stop()
    }
  })

  test('without useInternalChat in the plan every chat route is refused', async () => {
    const { adminToken } = await createCompany(env(), { plan: { useInternalChat: false } })
    const list = await call(env(), 'GET', '/chats', { token: adminToken })
    expect(list.status).toBe(403)
    expect(list.body.error).toBe('ERR_PLAN_FEATURE_DISABLED')
    expect((await call(env(), 'POST', '/chats', { token: adminToken, json: { title: 'x', users: [1] } })).body.error).toBe('ERR_PLAN_FEATURE_DISABLED')
  })
})
