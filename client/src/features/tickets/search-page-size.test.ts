import { expect, test } from 'bun:test'
import { readSearchPageSize, saveSearchPageSize, SEARCH_PAGE_SIZE_KEY } from './search-page-size.ts'

const memory = () => {
  const m = new Map<string, string>()
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) }
}

test('the search page size is 40 until one of the choices is saved, which is then remembered', () => {
  const store = memory()
  expect(readSearchPageSize(store)).toBe(40)
  saveSearchPageSize(100, store)
  expect(readSearchPageSize(store)).toBe(100)
})

test('an unknown stored value falls back to 40, and a storage that throws loses only the choice', () => {
  const store = memory()
  store.setItem(SEARCH_PAGE_SIZE_KEY, '37')
  expect(readSearchPageSize(store)).toBe(40)
  const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError') } }
  expect(() => saveSearchPageSize(20, full)).not.toThrow()
  expect(readSearchPageSize(null)).toBe(40)
})
