import { describe, expect, test } from 'bun:test'
import {
  campaignFormValuesOf, campaignProblems, campaignRequestBody, currentProblems, filledSlots, isCampaignEditable, matchingUsers, newCampaignValues,
  toLocalInput, type CampaignFormValues,
} from './campaign-form.ts'
import type { Campaign } from './campaigns.ts'

const NOW = new Date('2026-11-20T12:00:00.000Z')
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString()

const valid = (over: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  ...newCampaignValues(),
  name: 'Black Friday',
  whatsappId: 3,
  contactListId: 7,
  message1: 'Olá {nome}!',
  ...over,
})

const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  id: 1, name: 'Natal', message1: 'Oi {nome}', message2: '', message3: 'Boas festas', message4: '', message5: '',
  confirmationMessage1: 'Confirma?', confirmationMessage2: '', confirmationMessage3: '', confirmationMessage4: '', confirmationMessage5: '',
  status: 'INATIVA', confirmation: true, scheduledAt: null, completedAt: null, contactListId: null, contactList: null, tagListId: 4,
  whatsappId: 2, whatsapp: { id: 2, name: 'Vendas' }, userId: 5, queueId: 6, statusTicket: 'pending', openTicket: 'enabled',
  mediaPath: null, mediaName: null, progress: { valid: 0, delivered: 0, confirmationRequested: 0, confirmed: 0 },
  createdAt: NOW.toISOString(), updatedAt: NOW.toISOString(), ...over,
})

describe('new campaign defaults', () => {
  test('starts with confirmation off, no tag, ticket status closed and open-ticket disabled', () => {
    const v = newCampaignValues()
    expect(v).toMatchObject({ confirmation: false, tagListId: null, contactListId: null, statusTicket: 'closed', openTicket: 'disabled', scheduledAt: '', userId: null, queueId: null })
    expect(filledSlots(v, 'message')).toEqual([])
  })
})

describe('when a campaign is editable', () => {
  test('a new campaign and an inactive one are editable', () => {
    expect(isCampaignEditable(null, NOW)).toBe(true)
    expect(isCampaignEditable({ status: 'INATIVA', scheduledAt: null }, NOW)).toBe(true)
  })

  test('a scheduled campaign is editable only more than one hour before its time', () => {
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: minutes(61) }, NOW)).toBe(true)
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: minutes(60) }, NOW)).toBe(false)
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: minutes(10) }, NOW)).toBe(false)
    expect(isCampaignEditable({ status: 'PROGRAMADA', scheduledAt: null }, NOW)).toBe(false)
  })

  test('a cancelled campaign still offers save; one in progress or finished is read-only', () => {
    expect(isCampaignEditable({ status: 'CANCELADA', scheduledAt: minutes(-30) }, NOW)).toBe(true)
    expect(isCampaignEditable({ status: 'EM_ANDAMENTO', scheduledAt: minutes(300) }, NOW)).toBe(false)
    expect(isCampaignEditable({ status: 'FINALIZADA', scheduledAt: null }, NOW)).toBe(false)
  })
})

describe('campaign form validation', () => {
  test('a complete form has no problems', () => {
    expect(campaignProblems(valid())).toEqual({})
  })

  test('the name is required and 2 to 50 characters', () => {
    expect(campaignProblems(valid({ name: '  ' })).name).toBe('campaigns.validation.required')
    expect(campaignProblems(valid({ name: 'A' })).name).toBe('campaigns.validation.tooShort')
    expect(campaignProblems(valid({ name: 'x'.repeat(51) })).name).toBe('campaigns.validation.tooLong')
    expect(campaignProblems(valid({ name: 'x'.repeat(50) })).name).toBeUndefined()
  })

  test('a connection is required', () => {
    expect(campaignProblems(valid({ whatsappId: null })).whatsappId).toBe('campaigns.validation.required')
  })

  test('a contact list or a tag is required', () => {
    expect(campaignProblems(valid({ contactListId: null })).contactListId).toBe('errors.ERR_CAMPAIGN_NO_TARGET')
    expect(campaignProblems(valid({ contactListId: null, tagListId: 9 })).contactListId).toBeUndefined()
  })

  test('a queue is required when a user opens the ticket', () => {
    expect(campaignProblems(valid({ openTicket: 'enabled', userId: 5 })).queueId).toBe('campaigns.validation.required')
    expect(campaignProblems(valid({ openTicket: 'enabled', userId: 5, queueId: 6 })).queueId).toBeUndefined()
    expect(campaignProblems(valid({ openTicket: 'enabled', userId: null })).queueId).toBeUndefined()
    expect(campaignProblems(valid({ openTicket: 'disabled', userId: 5 })).queueId).toBeUndefined()
  })

  test('at least one message, and one confirmation message with confirmation on', () => {
    expect(campaignProblems(valid({ message1: '' })).message1).toBe('campaigns.validation.required')
    expect(campaignProblems(valid({ message1: '', message4: 'Oi' })).message1).toBeUndefined()
    expect(campaignProblems(valid({ confirmation: true })).confirmationMessage1).toBe('campaigns.validation.required')
    expect(campaignProblems(valid({ confirmation: true, confirmationMessage2: 'Responda SIM' })).confirmationMessage1).toBeUndefined()
  })

  test('an unreadable time is refused; no time is fine', () => {
    expect(campaignProblems(valid({ scheduledAt: 'amanhã' })).scheduledAt).toBe('campaigns.validation.invalidDate')
    expect(campaignProblems(valid({ scheduledAt: '' })).scheduledAt).toBeUndefined()
  })
})

describe('reasons shown while the form is fixed', () => {
  test('a client rule reason goes once its value is fixed; one still failing stays', () => {
    const shown = campaignProblems(valid({ name: 'A', whatsappId: null }))
    expect(currentProblems(shown, valid({ name: 'Natal', whatsappId: null }))).toEqual({ whatsappId: 'campaigns.validation.required' })
  })

  test("the server's reasons stay whatever the values", () => {
    expect(currentProblems({ tagListId: 'Not found', name: 'Too Short!' }, valid())).toEqual({ tagListId: 'Not found', name: 'Too Short!' })
  })
})

describe('campaign request body', () => {
  test('with open-ticket disabled the user, queue and ticket status are not sent', () => {
    const body = campaignRequestBody(valid({ userId: 5, queueId: 6, statusTicket: 'open' }))
    expect(body).toMatchObject({ openTicket: 'disabled', userId: null, queueId: null, statusTicket: 'closed', scheduledAt: null })
  })

  test('with open-ticket enabled they are sent as chosen', () => {
    expect(campaignRequestBody(valid({ openTicket: 'enabled', userId: 5, queueId: 6, statusTicket: 'pending' }))).toMatchObject({ userId: 5, queueId: 6, statusTicket: 'pending' })
  })

  test('the time picked on the browser clock goes as an instant; a list wins over a tag', () => {
    const local = toLocalInput(new Date(NOW.getTime() + 3 * 3600_000))
    const body = campaignRequestBody(valid({ scheduledAt: local, tagListId: 9, name: '  Natal  ' }))
    expect(body.scheduledAt).toBe(new Date(local).toISOString())
    expect(body).toMatchObject({ contactListId: 7, tagListId: null, name: 'Natal' })
  })

  test('a stored campaign opens with its values and sends them back unchanged', () => {
    const stored = campaign({ scheduledAt: '2026-12-24T13:00:00.000Z' })
    const v = campaignFormValuesOf(stored)
    expect(v.scheduledAt).toBe(toLocalInput(new Date('2026-12-24T13:00:00.000Z')))
    expect(filledSlots(v, 'message')).toEqual([1, 3])
    expect(campaignRequestBody(v)).toMatchObject({
      name: 'Natal', message1: 'Oi {nome}', message3: 'Boas festas', confirmationMessage1: 'Confirma?', confirmation: true,
      tagListId: 4, whatsappId: 2, userId: 5, queueId: 6, statusTicket: 'pending', openTicket: 'enabled', scheduledAt: '2026-12-24T13:00:00.000Z',
    })
  })
})

describe('user search in the dialog', () => {
  const users = [{ id: 1, name: 'José Silva' }, { id: 2, name: 'Joana' }, { id: 3, name: 'Mário' }]

  test('offers nothing under 3 characters', () => {
    expect(matchingUsers(users, 'jo')).toEqual([])
    expect(matchingUsers(users, '  jo ')).toEqual([])
  })

  test('from 3 characters matches inside the name, ignoring case and accents', () => {
    expect(matchingUsers(users, 'JOS').map((u) => u.id)).toEqual([1])
    expect(matchingUsers(users, 'ari').map((u) => u.id)).toEqual([3])
    expect(matchingUsers(users, 'silv').map((u) => u.id)).toEqual([1])
  })
})
