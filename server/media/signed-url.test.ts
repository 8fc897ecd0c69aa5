import { describe, expect, test } from 'bun:test'
import { makeTokenKeys } from '../auth/tokens.ts'
import { signMediaPath, verifyMediaSignature } from './signed-url.ts'

const keys = makeTokenKeys('signing-key-signing-key-signing-key-01', 900)
const otherKeys = makeTokenKeys('another-key-another-key-another-key-02', 900)
const file = `${'a'.repeat(32)}.png`
const now = new Date('2026-11-20T12:00:00Z')
const inOneHour = new Date(now.getTime() + 3600_000)

function parse(path: string) {
  const url = new URL(path, 'http://x')
  return { pathname: url.pathname, exp: Number(url.searchParams.get('exp')), sig: url.searchParams.get('sig') ?? '' }
}

describe('signMediaPath', () => {
  test('builds the media path with exp in unix seconds and a base64url sig', () => {
    const { pathname, exp, sig } = parse(signMediaPath(keys, 7, file, inOneHour))
    expect(pathname).toBe(`/media/7/${file}`)
    expect(exp).toBe(Math.floor(inOneHour.getTime() / 1000))
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})

describe('verifyMediaSignature', () => {
  test('accepts a signature it made before the expiry', () => {
    const { exp, sig } = parse(signMediaPath(keys, 7, file, inOneHour))
    expect(verifyMediaSignature(keys, 7, file, exp, sig, now)).toBe(true)
  })

  test('rejects the signature once the expiry has passed', () => {
    const { exp, sig } = parse(signMediaPath(keys, 7, file, inOneHour))
    expect(verifyMediaSignature(keys, 7, file, exp, sig, new Date(inOneHour.getTime() + 1000))).toBe(false)
  })

  test('rejects the signature for another company or another file', () => {
    const { exp, sig } = parse(signMediaPath(keys, 7, file, inOneHour))
    expect(verifyMediaSignature(keys, 8, file, exp, sig, now)).toBe(false)
    expect(verifyMediaSignature(keys, 7, `${'b'.repeat(32)}.png`, exp, sig, now)).toBe(false)
  })

  test('rejects a later expiry than the one signed', () => {
    const { exp, sig } = parse(signMediaPath(keys, 7, file, inOneHour))
    expect(verifyMediaSignature(keys, 7, file, exp + 86400, sig, now)).toBe(false)
  })

  test('rejects a signature made with another key, a truncated one and garbage', () => {
    const { exp, sig } = parse(signMediaPath(otherKeys, 7, file, inOneHour))
    expect(verifyMediaSignature(keys, 7, file, exp, sig, now)).toBe(false)
    const good = parse(signMediaPath(keys, 7, file, inOneHour)).sig
    expect(verifyMediaSignature(keys, 7, file, exp, good.slice(0, 20), now)).toBe(false)
    expect(verifyMediaSignature(keys, 7, file, Number.NaN, good, now)).toBe(false)
    expect(verifyMediaSignature(keys, 7, file, exp, 'é'.repeat(43), now)).toBe(false)
  })
})
