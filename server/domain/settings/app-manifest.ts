import type { Queryable } from '../../db/connect.ts'
import { settingValue } from './settings.ts'

/** The PWA's manifest as built (the icons ship in client/dist/icons); the white-label overlays it. */
export const BASE_MANIFEST = {
  name: 'Balcão',
  short_name: 'Balcão',
  description: 'Atendimento multiempresa pelo WhatsApp',
  lang: 'pt-BR',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#6e31ef',
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
}

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', ico: 'image/x-icon' }

/**
 * GET /app.webmanifest (spec part 2 §9 branding, issue 19): the installed app takes the platform's name,
 * its light brand colour and its favicon (or light logo) as the first icon; the built icons stay after
 * it for the sizes a logo file may lack.
 */
export async function appManifest(sql: Queryable) {
  const [appName, color, favicon, logo] = await Promise.all(['appName', 'primaryColorLight', 'appLogoFavicon', 'appLogoLight'].map((k) => settingValue(sql, k)))
  const name = appName.trim() || BASE_MANIFEST.name
  const file = favicon || logo
  const ext = file.split('.').pop()?.toLowerCase() ?? ''
  const icons = file ? [{ src: `/media/1/${encodeURIComponent(file)}`, sizes: 'any', type: MIME[ext] ?? 'image/png' }, ...BASE_MANIFEST.icons] : BASE_MANIFEST.icons
  return { ...BASE_MANIFEST, name, short_name: name, theme_color: /^#[0-9a-f]{3,8}$/i.test(color) ? color : BASE_MANIFEST.theme_color, icons }
}
