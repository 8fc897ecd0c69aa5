import { describe, expect, test } from 'bun:test'
import { formatBytes, locationLabel, mapUrl, parseLocation, parseMediaUrl, parseVCard } from './message-content.ts'

describe('parseMediaUrl', () => {
  test('reads the company and file of a stored message file', () => {
    expect(parseMediaUrl('media/12/ab12.png')).toEqual({ companyId: 12, fileName: 'ab12.png' })
    expect(parseMediaUrl('/media/3/x.mp3')).toEqual({ companyId: 3, fileName: 'x.mp3' })
  })

  test('refuses anything else', () => {
    expect(parseMediaUrl(null)).toBeNull()
    expect(parseMediaUrl('https://example.com/media/1/a.png')).toBeNull()
    expect(parseMediaUrl('media/1/../2/a.png')).toBeNull()
  })
})

describe('parseVCard', () => {
  test('reads the name and the WhatsApp id of the first number', () => {
    const card = 'BEGIN:VCARD\nVERSION:3.0\nFN:Maria Souza\nTEL;type=CELL;waid=5511999990000:+55 11 99999-0000\nEND:VCARD'
    expect(parseVCard(card)).toEqual({ name: 'Maria Souza', number: '5511999990000' })
  })

  test('takes the written number without a waid, and N when there is no FN', () => {
    const card = 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Souza;João;;;\r\nitem1.TEL:+55 21 3333-4444\r\nEND:VCARD'
    expect(parseVCard(card)).toEqual({ name: 'João Souza', number: '+55 21 3333-4444' })
  })

  test('unfolds continued lines', () => {
    expect(parseVCard('BEGIN:VCARD\nFN:Ana Maria\n  da Silva\nEND:VCARD')?.name).toBe('Ana Maria da Silva')
  })

  test('is null for text that is not a vCard', () => {
    expect(parseVCard('Maria')).toBeNull()
    expect(parseVCard(null)).toBeNull()
  })
})

describe('parseLocation', () => {
  test('reads the coordinates of the maps link the channels write', () => {
    const body = 'Padaria\nRua A, 10\nhttps://maps.google.com/maps?q=-23.5505,-46.6333'
    expect(parseLocation(body)).toEqual({ latitude: -23.5505, longitude: -46.6333 })
    expect(locationLabel(body)).toBe('Padaria\nRua A, 10')
    expect(mapUrl({ latitude: -23.5505, longitude: -46.6333 })).toBe('https://maps.google.com/maps?q=-23.5505,-46.6333')
  })

  test('is null without coordinates or with impossible ones', () => {
    expect(parseLocation('somewhere')).toBeNull()
    expect(parseLocation('99.1,200.5')).toBeNull()
  })
})

describe('formatBytes', () => {
  test('writes bytes, kilobytes and megabytes', () => {
    expect([formatBytes(512), formatBytes(12_345), formatBytes(4_500_000)]).toEqual(['512 B', '12.3 KB', '4.5 MB'])
  })
})
