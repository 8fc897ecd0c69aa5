import { describe, expect, test } from 'bun:test'
import { DEFAULT_LIST_VIEW, viewFor } from './ticket-list-view.ts'

describe('the ticket list view kept for the session', () => {
  const mine = { userId: 7, view: { ...DEFAULT_LIST_VIEW, search: 'Rui', searchMessages: true, queueIds: [3] } }

  test("is the user's own when she comes back to the list", () => {
    expect(viewFor(mine, 7)).toEqual({ ...DEFAULT_LIST_VIEW, search: 'Rui', searchMessages: true, queueIds: [3] })
  })

  test('starts from the defaults for another user on the same tab, and before anything was set', () => {
    expect(viewFor(mine, 8)).toEqual(DEFAULT_LIST_VIEW)
    expect(viewFor(null, 7)).toEqual(DEFAULT_LIST_VIEW)
    expect(DEFAULT_LIST_VIEW).toMatchObject({ search: '', searchMessages: false, showAll: false, order: 'desc', queueIds: null, filtersOpen: false })
  })
})
