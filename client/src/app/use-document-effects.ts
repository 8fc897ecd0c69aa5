import { useEffect } from 'react'
import { appNameOf, brandingFileUrl, primaryColorFor, type Branding } from '../lib/branding.ts'
import { titleWithCount } from './title-count.ts'
import type { Theme } from '../state/theme.ts'

const DARK_TEXT = '#111827'

/** WCAG relative luminance of a #rgb or #rrggbb colour. */
export function luminanceOf(hex: string): number {
  let h = hex.replace('#', '')
  if (h.length === 3) h = [...h].map((c) => c + c).join('')
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export const contrastRatio = (a: string, b: string) => {
  const [hi, lo] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/**
 * Black or white text, whichever contrasts more with the brand colour (WCAG ratios). The old rule kept
 * white on the default dark-theme blue #39ACE7 (2.5:1); dark text there reads at 6.7:1 (issue 17).
 */
export function contrastOn(hex: string): string {
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, DARK_TEXT) ? '#ffffff' : DARK_TEXT
}

/** Applies theme, brand colour, favicon and title (with the unread count) to the document. */
export function useDocumentEffects(theme: Theme, branding: Branding, unread: number): void {
  useEffect(() => {
    const root = document.documentElement
    root.classList.toggle('dark', theme === 'dark')
    const brand = primaryColorFor(theme, branding)
    root.style.setProperty('--brand', brand)
    root.style.setProperty('--brand-contrast', contrastOn(brand))
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand)
  }, [theme, branding])

  useEffect(() => {
    const href = brandingFileUrl(branding.appLogoFavicon) ?? '/favicon.png'
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
    if (!link) {
      link = document.createElement('link')
      link.rel = 'icon'
      document.head.appendChild(link)
    }
    link.removeAttribute('type')
    link.href = href
  }, [branding.appLogoFavicon])

  useEffect(() => {
    document.title = titleWithCount(appNameOf(branding), unread)
  }, [branding, unread])
}
