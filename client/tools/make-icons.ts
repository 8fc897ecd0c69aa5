/**
 * Writes the PWA icons (client/public/icons/*.png and client/public/favicon.png): a violet rounded square
 * with a white speech bubble and three dots. Run once with `bun client/tools/make-icons.ts`; the PNGs are
 * committed, so the build does not depend on this script.
 */
import { deflateSync } from 'node:zlib'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const VIOLET = [0x6e, 0x31, 0xef] as const
const WHITE = [0xff, 0xff, 0xff] as const

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(new TextEncoder().encode(type), 4)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

function png(size: number, rgba: Uint8Array): Uint8Array {
  const header = new Uint8Array(13)
  const hv = new DataView(header.buffer)
  hv.setUint32(0, size)
  hv.setUint32(4, size)
  header.set([8, 6, 0, 0, 0], 8)
  const raw = new Uint8Array(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) raw.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1)
  const parts = [new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())]
  const total = parts.reduce((n, p) => n + p.length, 0)
  const out = new Uint8Array(total)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Signed distance to a rounded box centred at 0.5,0.5 in unit coordinates. */
function roundedBox(x: number, y: number, half: number, radius: number): number {
  const qx = Math.abs(x - 0.5) - half + radius
  const qy = Math.abs(y - 0.5) - half + radius
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius
}

/** Colour of one sample: background square (full bleed when maskable), bubble, tail, dots. */
function sample(x: number, y: number, maskable: boolean): readonly number[] | null {
  const inSquare = maskable || roundedBox(x, y, 0.5, 0.2) <= 0
  if (!inSquare) return null
  const scale = maskable ? 0.8 : 1
  const u = 0.5 + (x - 0.5) / scale
  const v = 0.5 + (y - 0.5) / scale
  const bubble = (u - 0.5) ** 2 / 0.3 ** 2 + (v - 0.47) ** 2 / 0.24 ** 2 <= 1
  const tail = v > 0.6 && v < 0.8 && u > 0.3 && u < 0.45 && u - 0.3 > (v - 0.6) * 0.1 && 0.45 - u > (v - 0.6) * 0.75
  if (!bubble && !tail) return VIOLET
  for (const dx of [-0.13, 0, 0.13]) if ((u - 0.5 - dx) ** 2 + (v - 0.47) ** 2 <= 0.045 ** 2) return VIOLET
  return WHITE
}

function draw(size: number, maskable = false): Uint8Array {
  const rgba = new Uint8Array(size * size * 4)
  const n = 4
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = sample((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, maskable)
          if (!c) continue
          r += c[0]; g += c[1]; b += c[2]; a += 1
        }
      }
      const i = (py * size + px) * 4
      if (a) rgba.set([Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round((255 * a) / (n * n))], i)
    }
  }
  return png(size, rgba)
}

const publicDir = join(import.meta.dir, '..', 'public')
mkdirSync(join(publicDir, 'icons'), { recursive: true })
writeFileSync(join(publicDir, 'icons', 'icon-192.png'), draw(192))
writeFileSync(join(publicDir, 'icons', 'icon-512.png'), draw(512))
writeFileSync(join(publicDir, 'icons', 'maskable-512.png'), draw(512, true))
writeFileSync(join(publicDir, 'icons', 'apple-touch-icon.png'), draw(180, true))
writeFileSync(join(publicDir, 'favicon.png'), draw(48))
console.log('icons written to', publicDir)
