/** localStorage that never throws (private mode, disabled storage, bun tests without a DOM). */
export const local = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null
    } catch {
      return null
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value)
    } catch {
      // storage unavailable: the value lives for this page only
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key)
    } catch {
      // ignore
    }
  },
}

/** Keys of device preferences: they survive logout (the session data does not). */
export const PREFERENCE_KEYS = ['preferredTheme', 'language', 'volume', 'cshow'] as const
