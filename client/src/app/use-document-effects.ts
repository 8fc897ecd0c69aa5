import { useEffect } from 'react'
import { appNameOf, brandingFileUrl, primaryColorFor, type Branding } from '../lib/branding.ts'
import { titleWithCount } from './title-count.ts'
import type { Theme } from '../state/theme.ts'

/** Black or white text, whichever reads better on the brand colour. */
export function contrastOn(hex: string): string {
  let h = hex.replace('#', '')
  if (h.length === 3) h = [...h].map((c) => c + c).join('')
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255)
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
  return luminance > 0.6 ? '#111827' : '#ffffff'
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
