import { describe, expect, test } from 'bun:test'
import { simulatorKnows, validitySource } from './whatsapp-validity.ts'

const conn = (channel: string, status = 'CONNECTED') => ({ channel, status })

describe('validitySource: who decides whether a list item is on WhatsApp', () => {
  test('a connected WhatsApp session, when this process can reach a checker', () => {
    expect(validitySource([conn('whatsapp'), conn('simulator')], true)).toBe('session')
  })

  test('without a checker, or with the session not connected, nobody: the simulator does not speak for a WhatsApp company', () => {
    expect(validitySource([conn('whatsapp'), conn('simulator')], false)).toBe('none')
    expect(validitySource([conn('whatsapp', 'DISCONNECTED'), conn('simulator')], true)).toBe('none')
    expect(validitySource([conn('whatsappapi'), conn('simulator')], true)).toBe('none')
  })

  test('the simulator when it is the only phone channel (Meta channels have no numbers)', () => {
    expect(validitySource([conn('simulator')], false)).toBe('simulator')
    expect(validitySource([conn('simulator', 'DISCONNECTED'), conn('facebook'), conn('instagram')], true)).toBe('simulator')
  })

  test('no connection at all: nobody', () => {
    expect(validitySource([], true)).toBe('none')
    expect(validitySource([conn('facebook')], true)).toBe('none')
  })

  test('the simulator knows any 8 to 15 digits, as its driver answers', () => {
    expect(['12345678', '5511987650001', '123456789012345'].map(simulatorKnows)).toEqual([true, true, true])
    expect(['1234567', '1234567890123456', '55 11 9'].map(simulatorKnows)).toEqual([false, false, false])
  })
})
