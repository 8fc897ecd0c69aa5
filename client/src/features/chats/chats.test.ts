import { describe, expect, test } from 'bun:test'
import {
  applyChatEvent, canSendChatMessage, chatFormProblems, chatMessageTime, isChatOwner, mergeChatMessages, myUnreads, parseChatEvent, shouldLoadOlder,
  totalUnreads, type Chat, type ChatMessage,
} from './chats.ts'

const ME = 7
const OTHER = 9

function chat(id: number, over: Partial<Chat> = {}): Chat {
  return {
    id,
    uuid: `uuid-${id}`,
    title: `Chat ${id}`,
    ownerId: OTHER,
    lastMessage: '',
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: `2025-01-0${id}T10:00:00.000Z`,
    users: [
      { userId: ME, unreads: 0, user: { id: ME, name: 'Me' } },
      { userId: OTHER, unreads: 0, user: { id: OTHER, name: 'Other' } },
    ],
    ...over,
  }
}

const withUnreads = (c: Chat, n: number): Chat => ({ ...c, users: c.users.map((u) => (u.userId === ME ? { ...u, unreads: n } : u)) })

function message(id: number, createdAt: string): ChatMessage {
  return { id, chatId: 1, senderId: OTHER, message: `m${id}`, createdAt, sender: { id: OTHER, name: 'Other' } }
}

describe('applyChatEvent', () => {
  const list = [chat(2), chat(1)]

  test('a created chat goes first (newest activity first)', () => {
    const next = applyChatEvent(list, { action: 'create', record: chat(3) }, ME)
    expect(next.map((c) => c.id)).toEqual([3, 2, 1])
  })

  test('a new message replaces the chat and moves it to the top with its unread count and preview', () => {
    const record = withUnreads(chat(1, { lastMessage: 'olá', updatedAt: '2025-02-01T00:00:00.000Z' }), 1)
    const next = applyChatEvent(list, { action: 'new-message', record }, ME)
    expect(next.map((c) => c.id)).toEqual([1, 2])
    expect(next[0].lastMessage).toBe('olá')
    expect(myUnreads(next[0], ME)).toBe(1)
  })

  test('delete removes the chat', () => {
    expect(applyChatEvent(list, { action: 'delete', record: chat(2) }, ME).map((c) => c.id)).toEqual([1])
  })

  test('an update that takes the user out of the chat removes it from their list', () => {
    const record = chat(2, { users: [{ userId: OTHER, unreads: 0, user: { id: OTHER, name: 'Other' } }] })
    expect(applyChatEvent(list, { action: 'update', record }, ME).map((c) => c.id)).toEqual([1])
  })

  test('a new chat that does not match the search is left out; a listed one is still updated', () => {
    expect(applyChatEvent(list, { action: 'create', record: chat(3, { title: 'Vendas' }) }, ME, 'suporte')).toBe(list)
    const renamed = applyChatEvent(list, { action: 'update', record: chat(2, { title: 'Vendas' }) }, ME, 'chat')
    expect(renamed.find((c) => c.id === 2)?.title).toBe('Vendas')
  })

  test('the search matches the title without regard to case', () => {
    const next = applyChatEvent([], { action: 'create', record: chat(3, { title: 'Suporte Técnico' }) }, ME, 'SUPORTE')
    expect(next.map((c) => c.id)).toEqual([3])
  })
})

describe('unread counts', () => {
  test("my count is my own row's, never another user's", () => {
    const c = { ...chat(1), users: [{ userId: ME, unreads: 2, user: { id: ME, name: 'Me' } }, { userId: OTHER, unreads: 5, user: { id: OTHER, name: 'Other' } }] }
    expect(myUnreads(c, ME)).toBe(2)
    expect(myUnreads(c, 123)).toBe(0)
  })

  test('the badge sums my unread counts over the chats', () => {
    expect(totalUnreads([withUnreads(chat(1), 2), withUnreads(chat(2), 3), chat(3)], ME)).toBe(5)
    expect(totalUnreads([], ME)).toBe(0)
  })
})

describe('mergeChatMessages', () => {
  test('an older page goes before the loaded messages, oldest first', () => {
    const newer = [message(3, '2025-01-01T10:03:00Z'), message(4, '2025-01-01T10:04:00Z')]
    const older = [message(1, '2025-01-01T10:01:00Z'), message(2, '2025-01-01T10:02:00Z')]
    expect(mergeChatMessages(older, newer).map((m) => m.id)).toEqual([1, 2, 3, 4])
  })

  test('a message that arrives both live and as the send answer is kept once', () => {
    const m = message(5, '2025-01-01T10:05:00Z')
    expect(mergeChatMessages([m], [m]).map((x) => x.id)).toEqual([5])
  })
})

describe('rules of the spec', () => {
  test('empty or whitespace messages are not sent', () => {
    expect(canSendChatMessage('')).toBe(false)
    expect(canSendChatMessage('   \n\t ')).toBe(false)
    expect(canSendChatMessage(' oi ')).toBe(true)
  })

  test('saving needs a title and at least one user', () => {
    expect(chatFormProblems({ title: ' ', users: [] })).toEqual({ title: 'chats.dialog.titleRequired', users: 'chats.dialog.usersRequired' })
    expect(chatFormProblems({ title: 'Equipe', users: [OTHER] })).toEqual({})
  })

  test('only the owner edits and deletes', () => {
    expect(isChatOwner(chat(1, { ownerId: ME }), ME)).toBe(true)
    expect(isChatOwner(chat(1), ME)).toBe(false)
    expect(isChatOwner(chat(1, { ownerId: null }), ME)).toBe(false)
  })

  test('older messages load within 600 px of the top, once at a time, while there are more', () => {
    expect(shouldLoadOlder(600, true, false)).toBe(true)
    expect(shouldLoadOlder(601, true, false)).toBe(false)
    expect(shouldLoadOlder(0, false, false)).toBe(false)
    expect(shouldLoadOlder(0, true, true)).toBe(false)
  })
})

describe('chatMessageTime', () => {
  const now = new Date(2025, 4, 20, 15, 0)

  test("today's messages show the time only", () => {
    expect(chatMessageTime(new Date(2025, 4, 20, 9, 5).toISOString(), now)).toBe('09:05')
  })

  test('older messages show the day too', () => {
    expect(chatMessageTime(new Date(2025, 4, 19, 23, 59).toISOString(), now)).toBe('19/05/25 23:59')
  })

  test('an unreadable date shows nothing', () => {
    expect(chatMessageTime('not a date', now)).toBe('')
  })
})

describe('parseChatEvent', () => {
  test("takes this company's chat frame", () => {
    const e = parseChatEvent('company-4-chat', { action: 'new-message', record: chat(1), message: message(1, 'x') }, 4)
    expect(e?.action).toBe('new-message')
    expect(e?.message?.id).toBe(1)
  })

  test("ignores other companies' frames, other events and malformed data", () => {
    expect(parseChatEvent('company-5-chat', { action: 'create', record: chat(1) }, 4)).toBeNull()
    expect(parseChatEvent('company-4-ticket', { action: 'create', record: chat(1) }, 4)).toBeNull()
    expect(parseChatEvent('company-4-chat', { action: 'explode', record: chat(1) }, 4)).toBeNull()
    expect(parseChatEvent('company-4-chat', { action: 'create' }, 4)).toBeNull()
  })
})
