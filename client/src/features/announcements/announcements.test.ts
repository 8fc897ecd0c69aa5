import { describe, expect, test } from 'bun:test'
import type { Announcement } from '../../lib/types.ts'
import { applyAnnouncementEvent, matchesAnnouncementSearch, mergeAnnouncementPages, parseAnnouncementEvent, priorityColor, sortAnnouncements } from './announcements.ts'

const a = (id: number, over: Partial<Announcement> = {}): Announcement => ({
  id, companyId: 1, title: `Aviso ${id}`, text: 'Texto', priority: 3, status: true, mediaPath: null, mediaName: null,
  createdAt: `2026-11-${String(10 + id).padStart(2, '0')}T12:00:00.000Z`, ...over,
})
const ids = (list: Announcement[]) => list.map((x) => x.id)

describe('announcement lists', () => {
  test('priority colours: 1 red, 2 orange, 3 grey, anything else grey', () => {
    expect([1, 2, 3, 9].map(priorityColor)).toEqual(['#dc2626', '#f97316', '#9ca3af', '#9ca3af'])
  })

  test('sorted as the server sorts: most urgent, then newest, then highest id', () => {
    const list = [a(1), a(2, { priority: 1 }), a(3), a(4, { priority: 2 }), a(5, { createdAt: a(3).createdAt })]
    expect(ids(sortAnnouncements(list))).toEqual([2, 4, 5, 3, 1])
  })

  test('only this app\'s announcement frames are read', () => {
    expect(parseAnnouncementEvent('company-6-announcement', { action: 'create', record: a(1) })).toMatchObject({ action: 'create', record: { id: 1 } })
    expect(parseAnnouncementEvent('company-6-chat', { action: 'create', record: a(1) })).toBeNull()
    expect(parseAnnouncementEvent('company-6-announcement', { action: 'explode', record: a(1) })).toBeNull()
    expect(parseAnnouncementEvent('company-6-announcement', { action: 'update' })).toBeNull()
  })

  test('a create is added in its place, an update replaced, a delete removed', () => {
    const list = [a(1), a(2)]
    expect(ids(applyAnnouncementEvent(list, { action: 'create', record: a(3, { priority: 1 }) }))).toEqual([3, 2, 1])
    const updated = applyAnnouncementEvent(list, { action: 'update', record: a(1, { title: 'Novo', priority: 1 }) })
    expect(updated.map((x) => [x.id, x.title])).toEqual([[1, 'Novo'], [2, 'Aviso 2']])
    expect(ids(applyAnnouncementEvent(list, { action: 'delete', record: a(2) }))).toEqual([1])
  })

  test('a new record outside the search stays out; a known one is updated anyway', () => {
    const list = [a(1, { title: 'Feriado' })]
    expect(ids(applyAnnouncementEvent(list, { action: 'create', record: a(2, { title: 'Manutenção' }) }, { search: 'feriado' }))).toEqual([1])
    expect(ids(applyAnnouncementEvent(list, { action: 'create', record: a(3, { text: 'Próximo FERIADO' }) }, { search: 'Feriado' }))).toEqual([3, 1])
    expect(applyAnnouncementEvent(list, { action: 'update', record: a(1, { title: 'Outro' }) }, { search: 'feriado' })[0].title).toBe('Outro')
    expect(matchesAnnouncementSearch({ title: 'X', text: 'y' }, '  ')).toBe(true)
  })

  test('the top bar keeps active ones only: an announcement made inactive leaves it', () => {
    const list = [a(1), a(2)]
    expect(ids(applyAnnouncementEvent(list, { action: 'update', record: a(1, { status: false }) }, { activeOnly: true }))).toEqual([2])
    expect(ids(applyAnnouncementEvent(list, { action: 'create', record: a(3, { status: false }) }, { activeOnly: true }))).toEqual([1, 2])
    // The admin page shows inactive ones.
    expect(ids(applyAnnouncementEvent(list, { action: 'update', record: a(1, { status: false }) }))).toEqual([2, 1])
  })

  test('pages merge with each record once, the newer copy winning', () => {
    const merged = mergeAnnouncementPages([a(1), a(2)], [a(2, { title: 'Novo' }), a(3)])
    expect(ids(merged)).toEqual([3, 2, 1])
    expect(merged.find((x) => x.id === 2)?.title).toBe('Novo')
  })
})
