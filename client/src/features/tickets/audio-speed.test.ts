import { describe, expect, test } from 'bun:test'
import { AUDIO_SPEED_KEY, nextAudioSpeed, readAudioSpeed, saveAudioSpeed } from './audio-speed.ts'

const memory = () => {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}

describe('the playback speed', () => {
  test('is 1 when nothing is remembered', () => {
    expect(readAudioSpeed(memory())).toBe(1)
    expect(readAudioSpeed(null)).toBe(1)
  })

  test('is remembered under audioSpeed', () => {
    const store = memory()
    saveAudioSpeed(1.5, store)
    expect(store.getItem(AUDIO_SPEED_KEY)).toBe('1.5')
    expect(readAudioSpeed(store)).toBe(1.5)
  })

  test('ignores a stored value that is not one of the speeds', () => {
    const store = memory()
    store.setItem(AUDIO_SPEED_KEY, '3')
    expect(readAudioSpeed(store)).toBe(1)
  })

  test('cycles 0.5, 1, 1.5, 2 and back', () => {
    expect([nextAudioSpeed(0.5), nextAudioSpeed(1), nextAudioSpeed(1.5), nextAudioSpeed(2)]).toEqual([1, 1.5, 2, 0.5])
  })
})
