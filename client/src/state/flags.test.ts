import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createStore } from 'jotai'
import { campaignFlagAtom, CAMPAIGN_FLAG_KEY, hasCampaignFlag } from './flags.ts'

/** A Map-backed localStorage, so the flag's storage side can be watched without a DOM. */
function fakeStorage() {
  const items = new Map<string, string>()
  let writes = 0
  return {
    items,
    writes: () => writes,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      writes++
      items.set(k, String(v))
    },
    removeItem: (k: string) => {
      writes++
      items.delete(k)
    },
  }
}

let storage: ReturnType<typeof fakeStorage>
const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')

beforeEach(() => {
  storage = fakeStorage()
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true })
})
afterEach(() => {
  if (original) Object.defineProperty(globalThis, 'localStorage', original)
  else delete (globalThis as { localStorage?: unknown }).localStorage
})

describe('campaignFlagAtom', () => {
  test('switching on stores cshow, and hasCampaignFlag reads it', () => {
    const store = createStore()
    store.set(campaignFlagAtom, true)
    expect(store.get(campaignFlagAtom)).toBe(true)
    expect(storage.items.has(CAMPAIGN_FLAG_KEY)).toBe(true)
    expect(hasCampaignFlag()).toBe(true)
  })

  test('switching off removes cshow from storage', () => {
    const store = createStore()
    store.set(campaignFlagAtom, true)
    store.set(campaignFlagAtom, false)
    expect(store.get(campaignFlagAtom)).toBe(false)
    expect(storage.items.has(CAMPAIGN_FLAG_KEY)).toBe(false)
    expect(hasCampaignFlag()).toBe(false)
  })

  test('repeating the same value writes storage only once', () => {
    const store = createStore()
    store.set(campaignFlagAtom, true)
    store.set(campaignFlagAtom, true)
    expect(storage.writes()).toBe(1)
  })

  test('a flag removed from storage by hand is stored again when the switch says on', () => {
    const store = createStore()
    store.set(campaignFlagAtom, true)
    storage.items.delete(CAMPAIGN_FLAG_KEY)
    store.set(campaignFlagAtom, true)
    expect(hasCampaignFlag()).toBe(true)
  })
})
