/** Playback speeds of chat audio (issue: 0.5/1/1.5/2, the choice remembered in this browser). */
export const AUDIO_SPEEDS = [0.5, 1, 1.5, 2] as const
export type AudioSpeed = (typeof AUDIO_SPEEDS)[number]
export const AUDIO_SPEED_KEY = 'audioSpeed'

type SpeedStore = Pick<Storage, 'getItem' | 'setItem'>

const browserStore = (): SpeedStore | null => (typeof localStorage === 'undefined' ? null : localStorage)

/** The remembered speed, or 1 when none (or an unknown value) is stored. */
export function readAudioSpeed(store: SpeedStore | null = browserStore()): AudioSpeed {
  const stored = Number(store?.getItem(AUDIO_SPEED_KEY))
  return (AUDIO_SPEEDS as readonly number[]).includes(stored) ? (stored as AudioSpeed) : 1
}

export function saveAudioSpeed(speed: AudioSpeed, store: SpeedStore | null = browserStore()): void {
  try {
    store?.setItem(AUDIO_SPEED_KEY, String(speed))
  } catch {
    // storage full or blocked: the speed just is not remembered
  }
}

/** The speed after `current` in the cycle 0.5 → 1 → 1.5 → 2 → 0.5. */
export function nextAudioSpeed(current: AudioSpeed): AudioSpeed {
  const i = AUDIO_SPEEDS.indexOf(current)
  return AUDIO_SPEEDS[(i + 1) % AUDIO_SPEEDS.length]
}
