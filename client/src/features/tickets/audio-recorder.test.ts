import { describe, expect, test } from 'bun:test'
import { AUDIO_MIME, MIN_AUDIO_BYTES, audioFileName, audioFormatFor, encodeMp3, floatTo16Bit, isTooShort } from './audio-recorder.ts'

describe('the size rule', () => {
  test('discards a recording under 10,000 bytes', () => {
    expect(isTooShort(9_999)).toBe(true)
    expect(isTooShort(0)).toBe(true)
  })

  test('keeps a recording of 10,000 bytes or more', () => {
    expect(MIN_AUDIO_BYTES).toBe(10_000)
    expect(isTooShort(10_000)).toBe(false)
  })
})

describe('the format', () => {
  test('is mp3 for the WhatsApp family and the simulator, whatever the browser records', () => {
    for (const channel of ['whatsapp', 'whatsappapi', 'simulator']) {
      expect(audioFormatFor(channel, true)).toBe('mp3')
      expect(audioFormatFor(channel, false)).toBe('mp3')
    }
  })

  test('is m4a for other channels when the browser records audio/mp4', () => {
    expect(audioFormatFor('facebook', true)).toBe('m4a')
    expect(audioFormatFor('instagram', true)).toBe('m4a')
  })

  test('falls back to mp3 when the browser cannot record audio/mp4', () => {
    expect(audioFormatFor('facebook', false)).toBe('mp3')
  })

  test('is mp3 when the channel is unknown', () => {
    expect(audioFormatFor(undefined, true)).toBe('mp3')
  })

  test('names the file after its format and type', () => {
    expect(audioFileName('mp3', new Date('2026-01-02T03:04:05.678Z'))).toBe('audio-20260102-030405.mp3')
    expect(AUDIO_MIME).toEqual({ mp3: 'audio/mpeg', m4a: 'audio/mp4' })
  })
})

describe('the mp3 encoding', () => {
  test('clips and scales float samples to 16 bits', () => {
    expect(Array.from(floatTo16Bit(new Float32Array([0, 1, -1, 2, -2])))).toEqual([0, 32767, -32768, 32767, -32768])
  })

  test('writes mp3 frames at 128 kbps: two seconds of tone take about 32 KB', () => {
    const rate = 44_100
    const samples = new Float32Array(rate * 2).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate))
    const mp3 = encodeMp3(samples, rate)
    // An MPEG-1 layer III frame header: sync bits, then bitrate index 9 (128 kbps) in the third byte.
    expect(mp3[0]).toBe(0xff)
    expect(mp3[1] & 0xe0).toBe(0xe0)
    expect(mp3[2] >> 4).toBe(9)
    expect(mp3.length).toBeGreaterThan(30_000)
    expect(mp3.length).toBeLessThan(34_000)
  })
})
