import { expect, test } from 'bun:test'
import { importPercent, importPreparingUntil, IMPORT_PREPARING_MS } from './connections-import-card.tsx'
import { needsRelink, newConnectionValues } from './connection-form.ts'

test('the import shows a percent, or preparing while the count is -1 or nothing is known yet', () => {
  expect(importPercent({ done: 40, total: 200, date: null })).toBe(20)
  expect(importPercent({ done: 200, total: 200, date: null })).toBe(100)
  expect(importPercent({ done: -1, total: 0, date: null })).toBeNull()
  expect(importPercent({ done: 3, total: 0, date: null })).toBeNull()
})

test('an import is preparing for 35 s after the link that started it, then not', () => {
  const linked = 1_790_000_000_000
  expect(importPreparingUntil(String(linked), linked + 1_000)).toBe(linked + IMPORT_PREPARING_MS)
  expect(importPreparingUntil(String(linked), linked + IMPORT_PREPARING_MS)).toBeNull()
  expect(importPreparingUntil('Running', linked)).toBeNull()
  expect(importPreparingUntil('renderButtonCloseTickets', linked)).toBeNull()
  expect(importPreparingUntil(null, linked)).toBeNull()
})

test('saving an import on a connected WhatsApp connection needs a new link; other edits do not', () => {
  const before = { ...newConnectionValues('whatsapp'), name: 'Loja' }
  const importing = { ...before, enableImportMessage: true, importOldMessages: '2026-10-01' }
  expect(needsRelink(before, importing, 'CONNECTED')).toBe(true)
  expect(needsRelink(before, importing, 'DISCONNECTED')).toBe(false)
  expect(needsRelink(importing, { ...importing, name: 'Loja 2' }, 'CONNECTED')).toBe(false)
  expect(needsRelink(importing, { ...importing, importOldMessages: '2026-09-01' }, 'CONNECTED')).toBe(true)
  expect(needsRelink(before, { ...before, name: 'Loja 2' }, 'CONNECTED')).toBe(false)
  expect(needsRelink({ ...before, channel: 'facebook' }, { ...importing, channel: 'facebook' }, 'CONNECTED')).toBe(false)
})
