import { atom } from 'jotai'
import { local } from './storage.ts'

export const VOLUME_KEY = 'volume'

/** A stored volume as a number 0..1 in steps of 0.1; anything unreadable is full volume. */
export function parseVolume(raw: string | null): number {
  const n = raw === null ? NaN : Number(raw)
  if (!Number.isFinite(n)) return 1
  return Math.round(Math.min(1, Math.max(0, n)) * 10) / 10
}

const baseVolumeAtom = atom(parseVolume(local.get(VOLUME_KEY)))

/** Notification volume (spec part 1 §2: slider 0 to 1, step 0.1, stored locally under `volume`). */
export const volumeAtom = atom(
  (get) => get(baseVolumeAtom),
  (_get, set, value: number) => {
    const v = parseVolume(String(value))
    local.set(VOLUME_KEY, String(v))
    set(baseVolumeAtom, v)
  },
)
