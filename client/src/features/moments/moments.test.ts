import { describe, expect, test } from 'bun:test'
import { cut, groupMoments, mayOpen, type MomentCard, toMomentCard } from './moments.ts'

const card = (id: number, status: 'open' | 'pending', userId: number | null, userName: string | null): MomentCard => ({
  id, uuid: `u${id}`, status, lastMessage: '', unreadMessages: 0, updatedAt: '2026-11-20 12:00:00+00', userId, userName, contactName: `C${id}`, queue: null,
})

describe('live panel', () => {
  test('the waiting column first, then one per attendant by name, each keeping the newest-first order', () => {
    const columns = groupMoments([card(1, 'open', 7, 'Vera'), card(2, 'pending', null, null), card(3, 'open', 5, 'Ana'), card(4, 'open', 7, 'Vera'), card(5, 'pending', 7, 'Vera')])
    expect(columns.map((c) => [c.name, c.tickets.map((t) => t.id)])).toEqual([[null, [2, 5]], ['Ana', [3]], ['Vera', [1, 4]]])
    expect(groupMoments([])).toEqual([{ userId: null, name: null, tickets: [] }])
  })

  test('names and messages are cut at 30 characters', () => {
    expect(cut('a'.repeat(30))).toBe('a'.repeat(30))
    expect(cut('a'.repeat(31))).toBe(`${'a'.repeat(30)}…`)
  })

  test('an admin or the ticket\'s attendant may open it, nobody else', () => {
    expect(mayOpen({ userId: 3 }, { id: 9, profile: 'admin' })).toBe(true)
    expect(mayOpen({ userId: 3 }, { id: 3, profile: 'user' })).toBe(true)
    expect(mayOpen({ userId: null }, { id: 3, profile: 'user' })).toBe(false)
    expect(mayOpen({ userId: 4 }, { id: 3, profile: 'user' })).toBe(false)
  })

  test('a local row becomes a card with its queue chip', () => {
    expect(toMomentCard({ id: 1, uuid: 'u', status: 'open', last_message: null, unread_messages: '2', updated_at: 'x', user_id: 3, user_name: 'Ana', contact_name: 'C', queue_name: 'Vendas', queue_color: null }))
      .toEqual({ id: 1, uuid: 'u', status: 'open', lastMessage: '', unreadMessages: 2, updatedAt: 'x', userId: 3, userName: 'Ana', contactName: 'C', queue: { name: 'Vendas', color: '#64748b' } })
  })
})
