import { atom } from 'jotai'
import { local } from './storage.ts'

export type Theme = 'light' | 'dark'
export const THEME_KEY = 'preferredTheme'

/** The stored preference, else the system's (spec part 2 §4 Theme). */
export function initialTheme(): Theme {
  const stored = local.get(THEME_KEY)
  if (stored === 'light' || stored === 'dark') return stored
  const dark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
  return dark ? 'dark' : 'light'
}

export const themeAtom = atom<Theme>(initialTheme())

/** Writing the theme stores it as the preference. */
export const setThemeAtom = atom(null, (_get, set, theme: Theme) => {
  local.set(THEME_KEY, theme)
  set(themeAtom, theme)
})

export const toggleThemeAtom = atom(null, (get, set) => {
  set(setThemeAtom, get(themeAtom) === 'dark' ? 'light' : 'dark')
})
