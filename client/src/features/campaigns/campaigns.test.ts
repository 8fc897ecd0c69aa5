import { describe, expect, test } from 'bun:test'
import { campaignActions, percentOf, reportBars, reportUpdate } from './campaign-status.ts'
import { applyCampaignEvent, mergeCampaignPages, parseCampaignEvent, type Campaign } from './campaigns.ts'

const c = (id: number, over: Partial<Campaign> = {}): Campaign => ({
  id, name: `Campanha ${id}`, message1: 'Oi', message2: '', message3: '', message4: '', message5: '',
  confirmationMessage1: '', confirmationMessage2: '', confirmationMessage3: '', confirmationMessage4: '', confirmationMessage5: '',
  status: 'INATIVA', confirmation: false, scheduledAt: null, completedAt: null, contactListId: 1, contactList: { id: 1, name: 'Clientes' },
  tagListId: null, whatsappId: 1, whatsapp: { id: 1, name: 'Vendas' }, userId: null, queueId: null, statusTicket: 'closed', openTicket: 'disabled',
  mediaPath: null, mediaName: null, progress: { valid: 10, delivered: 0, confirmationRequested: 0, confirmed: 0 },
  createdAt: '2026-11-20T12:00:00.000Z', updatedAt: '2026-11-20T12:00:00.000Z', ...over,
})
const ids = (list: Campaign[]) => list.map((x) => x.id)

describe('campaign live events', () => {
  test('only the company campaign frames are read', () => {
    expect(parseCampaignEvent('company-3-campaign', { action: 'update', record: c(1) })).toMatchObject({ action: 'update', record: { id: 1 } })
    expect(parseCampaignEvent('company-3-campaign', { action: 'delete', id: 4 })).toEqual({ action: 'delete', id: 4 })
    expect(parseCampaignEvent('company-3-schedule', { action: 'update', record: c(1) })).toBeNull()
    expect(parseCampaignEvent('company-3-campaign', { action: 'update' })).toBeNull()
    expect(parseCampaignEvent('company-3-campaign', { action: 'delete' })).toBeNull()
    expect(parseCampaignEvent('company-3-campaign', null)).toBeNull()
  })

  test('a create goes on top, an update is replaced in place, a delete is removed', () => {
    const list = [c(2), c(1)]
    expect(ids(applyCampaignEvent(list, { action: 'create', record: c(3) }))).toEqual([3, 2, 1])
    const updated = applyCampaignEvent(list, { action: 'update', record: c(1, { status: 'EM_ANDAMENTO' }) })
    expect(updated.map((x) => [x.id, x.status])).toEqual([[2, 'INATIVA'], [1, 'EM_ANDAMENTO']])
    expect(ids(applyCampaignEvent(list, { action: 'delete', id: 2 }))).toEqual([1])
  })

  test('a new campaign outside the search stays out; a loaded one is updated anyway', () => {
    const list = [c(1, { name: 'Natal' })]
    expect(ids(applyCampaignEvent(list, { action: 'create', record: c(2, { name: 'Páscoa' }) }, 'natal'))).toEqual([1])
    expect(ids(applyCampaignEvent(list, { action: 'create', record: c(3, { name: 'Natal VIP' }) }, 'NATAL'))).toEqual([3, 1])
    expect(applyCampaignEvent(list, { action: 'update', record: c(1, { name: 'Outra' }) }, 'natal')[0].name).toBe('Outra')
  })

  test('pages merged keep each campaign once, newest first', () => {
    expect(ids(mergeCampaignPages([c(5), c(4)], [c(4), c(3)]))).toEqual([5, 4, 3])
  })
})

describe('campaign row actions', () => {
  test('stop only in progress, restart only cancelled, report once it left INATIVA', () => {
    expect(campaignActions({ status: 'INATIVA' })).toEqual({ stop: false, restart: false, report: false })
    expect(campaignActions({ status: 'PROGRAMADA' })).toEqual({ stop: false, restart: false, report: true })
    expect(campaignActions({ status: 'EM_ANDAMENTO' })).toEqual({ stop: true, restart: false, report: true })
    expect(campaignActions({ status: 'CANCELADA' })).toEqual({ stop: false, restart: true, report: true })
    expect(campaignActions({ status: 'FINALIZADA' })).toEqual({ stop: false, restart: false, report: true })
  })
})

describe('campaign report', () => {
  test('percentages are whole, 0 with nothing to count, never over 100', () => {
    expect(percentOf(1, 3)).toBe(33)
    expect(percentOf(5, 0)).toBe(0)
    expect(percentOf(12, 10)).toBe(100)
  })

  test('delivered of the valid contacts; with confirmation, confirmed of those asked', () => {
    const progress = { valid: 8, delivered: 4, confirmationRequested: 4, confirmed: 1 }
    expect(reportBars(c(1, { progress }))).toEqual([{ key: 'delivered', done: 4, total: 8, percent: 50 }])
    expect(reportBars(c(1, { progress, confirmation: true }))[1]).toEqual({ key: 'confirmed', done: 1, total: 4, percent: 25 })
  })

  test('a live event for another campaign is ignored; FINALIZADA asks for the later reload', () => {
    expect(reportUpdate(1, { action: 'update', record: c(2) })).toBeNull()
    expect(reportUpdate(1, { action: 'update', record: c(1, { status: 'EM_ANDAMENTO' }) })).toMatchObject({ finished: false, deleted: false })
    expect(reportUpdate(1, { action: 'update', record: c(1, { status: 'FINALIZADA' }) })).toMatchObject({ finished: true })
    expect(reportUpdate(1, { action: 'delete', id: 1 })).toEqual({ record: null, deleted: true, finished: false })
    expect(reportUpdate(1, { action: 'delete', id: 2 })).toBeNull()
  })
})
