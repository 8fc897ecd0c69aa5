/** Where a small choice of this browser is kept (localStorage; tests pass a map). */
export type ChoiceStore = Pick<Storage, 'getItem' | 'setItem'>

const browserStore = (): ChoiceStore | null => (typeof localStorage === 'undefined' ? null : localStorage)

/**
 * One of a fixed list of numbers, remembered in the browser under `key`: `read` gives the stored value,
 * or `fallback` when none or an unknown one is stored; `save` never throws (a full or blocked storage
 * only forgets the choice).
 */
export function rememberedChoice<T extends number>(key: string, choices: readonly T[], fallback: T) {
  return {
    read(store: ChoiceStore | null = browserStore()): T {
      const stored = Number(store?.getItem(key))
      return (choices as readonly number[]).includes(stored) ? (stored as T) : fallback
    },
    save(value: T, store: ChoiceStore | null = browserStore()): void {
      try {
        store?.setItem(key, String(value))
      } catch {
        // storage full or blocked: the choice just is not remembered
      }
    },
  }
}
