/**
 * Pure readers of what a chat message carries besides its text (spec part 1 §3 Message mediaTypes): where
 * its stored file lives, the contact of a vCard, the coordinates of a location. No React, no network.
 */

/** A stored message file, as `media_url` keeps it: `media/{companyId}/{fileName}` (a leading slash tolerated). */
export function parseMediaUrl(mediaUrl: string | null | undefined): { companyId: number; fileName: string } | null {
  const match = /^\/?media\/(\d+)\/([^/?#]+)$/.exec(mediaUrl ?? '')
  if (!match) return null
  return { companyId: Number(match[1]), fileName: decodeURIComponent(match[2]) }
}

export interface VCardContact {
  name: string
  number: string
}

/** Unfolds vCard lines (a line starting with a space continues the previous one). */
function vCardLines(card: string): string[] {
  return card.replace(/\r?\n[ \t]/g, '').split(/\r?\n/)
}

/**
 * The first contact of a vCard: FN (else N, reordered), and the first TEL, preferring its `waid`
 * (WhatsApp's id, digits only) over the written number. Null when the text is not a vCard.
 */
export function parseVCard(card: string | null | undefined): VCardContact | null {
  if (!card || !/BEGIN:VCARD/i.test(card)) return null
  let name = ''
  let fallbackName = ''
  let number = ''
  for (const line of vCardLines(card)) {
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const key = line.slice(0, colon).toUpperCase()
    const value = line.slice(colon + 1).trim()
    if (/^(ITEM\d+\.)?FN(;|$)/.test(key) && !name) name = value
    else if (/^N(;|$)/.test(key) && !fallbackName) fallbackName = value.split(';').slice(0, 2).reverse().filter(Boolean).join(' ')
    else if (/^(ITEM\d+\.)?TEL(;|$)/.test(key) && !number) number = /WAID=(\d+)/.exec(key)?.[1] ?? value
    if (/^END$/.test(key) && value.toUpperCase() === 'VCARD') break
  }
  return { name: name || fallbackName, number }
}

/** Coordinates in a location message's body: a maps link (`q=lat,lng`) or a bare `lat,lng` pair. */
export function parseLocation(body: string | null | undefined): { latitude: number; longitude: number } | null {
  const match = /(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)/.exec(body ?? '')
  if (!match) return null
  const latitude = Number(match[1])
  const longitude = Number(match[2])
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null
  return { latitude, longitude }
}

/** A map anyone can open for the coordinates (the link the channels write into the body). */
export function mapUrl(p: { latitude: number; longitude: number }): string {
  return `https://maps.google.com/maps?q=${p.latitude},${p.longitude}`
}

/** The body without the maps link line (the place's name and address stay). */
export function locationLabel(body: string): string {
  return body
    .split('\n')
    .filter((line) => !/^https?:\/\//.test(line.trim()))
    .join('\n')
    .trim()
}

/** A file size for chips: 999 B, 12.3 KB, 4.5 MB. */
export function formatBytes(size: number): string {
  if (size < 1000) return `${size} B`
  if (size < 1_000_000) return `${(size / 1000).toFixed(1)} KB`
  return `${(size / 1_000_000).toFixed(1)} MB`
}
