import { describe, expect, test } from 'bun:test'
import type { BaileysEventMap } from 'baileys'
import { mapBaileysEvents } from './map-events.ts'
import { mapAddressBook } from './map-address-book.ts'

describe('mapAddressBook', () => {
  test('contacts: the saved name first, then the push name, then the business name; LID ids keep their number', () => {
    const events = mapAddressBook({
      'contacts.upsert': [
        { id: '5511988887777@s.whatsapp.net', name: 'Ana Salva', notify: 'Ana' },
        { id: '555@lid', phoneNumber: '5511966665555@s.whatsapp.net', notify: 'Carla' },
        { id: '5511955554444@s.whatsapp.net', verifiedName: 'Loja X' },
        { id: '777@lid' },
      ],
      'contacts.update': [{ id: '5511944443333@s.whatsapp.net', name: 'Davi' }],
    })
    expect(events).toEqual([
      {
        kind: 'addressBook',
        entries: [
          { number: '5511988887777', name: 'Ana Salva', source: 'contacts' },
          { lid: '555', number: '5511966665555', name: 'Carla', source: 'contacts' },
          { number: '5511955554444', name: 'Loja X', source: 'contacts' },
          { lid: '777', name: undefined, source: 'contacts' },
          { number: '5511944443333', name: 'Davi', source: 'contacts' },
        ],
      },
    ])
  })

  test('groups, broadcasts, channels and ids without a person are left out; nothing left means no event', () => {
    expect(
      mapAddressBook({
        'contacts.upsert': [{ id: '1203@g.us', name: 'Grupo' }, { id: 'status@broadcast' }, { id: '123@newsletter' }],
        'chats.upsert': [{ id: '99@g.us' }, { id: '' }],
      }),
    ).toEqual([])
  })

  test("a history sync's contacts and chats count, whether or not an import is running", () => {
    const history = {
      chats: [{ id: '5511933332222@s.whatsapp.net', name: 'Eva' }],
      contacts: [{ id: '5511922221111@s.whatsapp.net', notify: 'Fábio' }],
      messages: [],
      lidPnMappings: [{ lid: '444@lid', pn: '5511911110000@s.whatsapp.net' }],
      isLatest: true,
    } as unknown as BaileysEventMap['messaging-history.set']
    const events = mapBaileysEvents({ 'messaging-history.set': history }, { ownNumber: '5511900000000' } as never)
    expect(events).toEqual([
      { kind: 'lidMapping', lid: '444', number: '5511911110000' },
      {
        kind: 'addressBook',
        entries: [
          { number: '5511922221111', name: 'Fábio', source: 'contacts' },
          { number: '5511933332222', name: 'Eva', source: 'chats' },
        ],
      },
    ])
  })
})
