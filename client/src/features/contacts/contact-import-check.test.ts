import { describe, expect, test } from 'bun:test'
import { ApiError } from '../../lib/api.ts'
import { importCheckingWhatsapp, ROW_PACE_MS, type CheckedImportProgress } from './contact-import-check.ts'
import { chosenIndexes, type MappedRow } from './contact-import.ts'

const row = (name: string, number: string, email = '', tags = ''): MappedRow => ({ name, number, email, tags })

describe('chosen rows', () => {
  test('every row but those left out, in file order', () => {
    expect(chosenIndexes(5, new Set([1, 3]))).toEqual([0, 2, 4])
    expect(chosenIndexes(2, new Set())).toEqual([0, 1])
    expect(chosenIndexes(2, new Set([0, 1]))).toEqual([])
  })
})

describe('import checking WhatsApp', () => {
  test('one paced request per row with a name and a number; counts by answer; progress after every row', async () => {
    const rows = [
      row('Ana', '5511900000001', 'ANA@x.com', 'VIP'),
      row('', '5511900000002'),
      row('Bia', '5511900000003', 'not-an-email'),
      row('Caio', '5511900000004'),
      row('Dora', '123'),
      row('Eli', '5511900000006'),
      row('Fábio', '5511900000007'),
    ]
    const sent: unknown[] = []
    const sleeps: number[] = []
    const progress: CheckedImportProgress[] = []
    const { result, stop } = await importCheckingWhatsapp(rows, {
      post: async (body) => {
        sent.push(body)
        if (body.number === '5511900000004') throw new ApiError(400, 'ERR_WAPP_INVALID_CONTACT', 'not on WhatsApp')
        if (body.number === '123') throw new ApiError(400, 'ERR_VALIDATION', 'number: Invalid number')
        return body.number === '5511900000006' ? 200 : 201
      },
      sleep: async (ms) => void sleeps.push(ms),
      onProgress: (p) => progress.push(p),
    })
    expect(stop).toBeNull()
    expect(result).toEqual({ created: 3, duplicated: 1, invalid: 1, notOnWhatsapp: 1, ignored: 1, total: 7 })
    expect(sent).toHaveLength(6)
    expect(sent[0]).toEqual({ name: 'Ana', number: '5511900000001', email: 'ana@x.com', tags: 'VIP', validateContact: true })
    expect((sent[1] as { email: string }).email).toBe('')
    expect(sleeps).toEqual(Array(5).fill(ROW_PACE_MS))
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(progress[1].result).toMatchObject({ created: 1, ignored: 1 })
  })

  test('stops at the first row WhatsApp could not be asked about, or at a network failure, keeping the counts', async () => {
    const rows = [row('Ana', '5511900000001'), row('Bia', '5511900000002'), row('Caio', '5511900000003')]
    const noSession = await importCheckingWhatsapp(rows, {
      post: async (b) => {
        if (b.name === 'Bia') throw new ApiError(400, 'ERR_WAPP_CHECK_CONTACT', 'no session')
        return 201
      },
      sleep: async () => {},
      onProgress: () => {},
    })
    expect(noSession).toEqual({ result: { created: 1, duplicated: 0, invalid: 0, notOnWhatsapp: 0, ignored: 0, total: 3 }, stop: { reason: 'check', at: 1 } })
    const offline = await importCheckingWhatsapp(rows, {
      post: async () => Promise.reject(new TypeError('Failed to fetch')),
      sleep: async () => {},
      onProgress: () => {},
    })
    expect(offline.stop).toEqual({ reason: 'network', at: 0 })
    let calls = 0
    const cancelled = await importCheckingWhatsapp(rows, { post: async () => (++calls, 201), sleep: async () => {}, onProgress: () => {}, cancelled: () => calls >= 2 })
    expect(cancelled.stop).toEqual({ reason: 'cancelled', at: 2 })
    expect(cancelled.result.created).toBe(2)
  })
})
