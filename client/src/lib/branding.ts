import type { Theme } from '../state/theme.ts'

/** White-label settings readable without a session (spec part 2 §3 Setting, §9 branding defaults). */
export const BRANDING_KEYS = ['appName', 'primaryColorLight', 'primaryColorDark', 'appLogoLight', 'appLogoDark', 'appLogoFavicon', 'allowSignup'] as const
export type BrandingKey = (typeof BRANDING_KEYS)[number]
export type Branding = Partial<Record<BrandingKey, string>>

export const DEFAULT_APP_NAME = 'Balcão'
export const DEFAULT_PRIMARY = { light: '#6e31ef', dark: '#39ACE7' } as const
export const FALLBACK_PRIMARY = '#065183'

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i

/** The primary colour: the setting when it is a colour, the fallback when it is set but empty or bad, the default before it loads. */
export function primaryColorFor(theme: Theme, branding: Branding): string {
  const value = theme === 'dark' ? branding.primaryColorDark : branding.primaryColorLight
  if (value === undefined) return DEFAULT_PRIMARY[theme]
  return HEX.test(value.trim()) ? value.trim() : FALLBACK_PRIMARY
}

export function appNameOf(branding: Branding): string {
  return branding.appName?.trim() || DEFAULT_APP_NAME
}

/** Logos and the favicon live in company 1's media folder, readable by anyone. */
export function brandingFileUrl(fileName: string | undefined): string | null {
  return fileName ? `/media/1/${encodeURIComponent(fileName)}` : null
}

export function logoFor(theme: Theme, branding: Branding): string | null {
  return brandingFileUrl(theme === 'dark' ? branding.appLogoDark || branding.appLogoLight : branding.appLogoLight)
}
