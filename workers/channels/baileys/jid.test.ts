import { describe, expect, test } from 'bun:test'
import { brazilianVariants, isIgnoredJid, jidForPeer, jidUser, normaliseBrazilNumber, peerFromJids } from './jid.ts'

describe('normaliseBrazilNumber', () => {
  test.each([
    ['5511988887777', '5511988887777', 'a São Paulo mobile already with the ninth digit'],
    ['551188887777', '5511988887777', 'a São Paulo mobile without it'],
    ['557188887777', '5571988887777', 'a Salvador mobile as WhatsApp reports it (DDD 71, no 9)'],
    ['+55 (71) 98888-7777', '5571988887777', 'formatted input'],
    ['551133334444', '551133334444', 'a landline (subscriber starts with 3)'],
    ['551125554444', '551125554444', 'a landline (subscriber starts with 2)'],
    ['14155550123', '14155550123', 'a US number'],
    ['351912345678', '351912345678', 'a Portuguese mobile'],
    ['55119888877', '55119888877', 'a too-short number'],
  ])('%s → %s (%s)', (input, expected) => {
    expect(normaliseBrazilNumber(input)).toBe(expected)
  })
})

describe('peerFromJids', () => {
  test('a LID jid with its phone alternate gives both, digits only', () => {
    expect(peerFromJids('123456789012345@lid', '5571988887777@s.whatsapp.net', 'Ana')).toEqual({
      lid: '123456789012345',
      number: '5571988887777',
      name: 'Ana',
    })
  })

  test('a phone jid with a LID alternate and a device suffix', () => {
    expect(peerFromJids('5511988887777:12@s.whatsapp.net', '99887766@lid')).toEqual({ number: '5511988887777', lid: '99887766' })
  })

  test('a LID jid alone gives only the lid', () => {
    expect(peerFromJids('123@lid')).toEqual({ lid: '123' })
  })
})

describe('jids', () => {
  test('status, broadcast lists and newsletters are ignored; people and groups are not', () => {
    expect(isIgnoredJid('status@broadcast')).toBe(true)
    expect(isIgnoredJid('1234@broadcast')).toBe(true)
    expect(isIgnoredJid('120363@newsletter')).toBe(true)
    expect(isIgnoredJid('5511988887777@s.whatsapp.net')).toBe(false)
    expect(isIgnoredJid('120363@g.us')).toBe(false)
  })

  test('jidUser drops the device part', () => {
    expect(jidUser('5511988887777:3@s.whatsapp.net')).toBe('5511988887777')
    expect(jidUser(undefined)).toBeUndefined()
  })

  test('sending prefers the group, then the LID, then the number', () => {
    expect(jidForPeer({ number: '5511988887777', group: '120363' })).toBe('120363@g.us')
    expect(jidForPeer({ number: '5511988887777', lid: '777' })).toBe('777@lid')
    expect(jidForPeer({ number: '+55 11 98888-7777' })).toBe('5511988887777@s.whatsapp.net')
    expect(() => jidForPeer({})).toThrow()
  })
})

test('brazilianVariants: mobile numbers with and without the ninth digit; others as they are', () => {
  expect(brazilianVariants('5531988887777')).toEqual(['5531988887777', '553188887777'])
  expect(brazilianVariants('+55 (31) 8888-7777')).toEqual(['553188887777', '5531988887777'])
  // Landlines (starting 2-5) never had a ninth digit; other countries are left alone.
  expect(brazilianVariants('553133334444')).toEqual(['553133334444'])
  expect(brazilianVariants('14155550123')).toEqual(['14155550123'])
})
