import { rememberedChoice, type ChoiceStore } from '../../lib/remembered-choice.ts'

/** Playback speeds of chat audio (issue: 0.5/1/1.5/2, the choice remembered in this browser). */
export const AUDIO_SPEEDS = [0.5, 1, 1.5, 2] as const
export type AudioSpeed = (typeof AUDIO_SPEEDS)[number]
export const AUDIO_SPEED_KEY = 'audioSpeed'

const choice = rememberedChoice<AudioSpeed>(AUDIO_SPEED_KEY, AUDIO_SPEEDS, 1)

/** The remembered speed, or 1 when none (or an unknown value) is stored. */
export const readAudioSpeed = (store?: ChoiceStore | null): AudioSpeed => choice.read(store)
export const saveAudioSpeed = (speed: AudioSpeed, store?: ChoiceStore | null): void => choice.save(speed, store)

/** The speed after `current` in the cycle 0.5 → 1 → 1.5 → 2 → 0.5. */
export function nextAudioSpeed(current: AudioSpeed): AudioSpeed {
  const i = AUDIO_SPEEDS.indexOf(current)
  return AUDIO_SPEEDS[(i + 1) % AUDIO_SPEEDS.length]
}
