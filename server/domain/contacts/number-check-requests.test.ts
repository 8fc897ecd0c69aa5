import { expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../../test/env.ts'
import { createCompany } from '../../../test/factories.ts'
import { withSystem } from '../../db/tenant.ts'
import { answerNumberChecks, numberChecksThroughDatabase } from './number-check-requests.ts'

const openRows = async (env: TestEnv) =>
  (await withSystem(env.services.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from number_checks`))[0].n

/** A worker answering every 10 ms until stopped, for the companies it holds sessions of. */
function worker(env: TestEnv, companies: number[], check: (companyId: number, number: string) => Promise<string | null>) {
  let running = true
  const asked: string[] = []
  const loop = (async () => {
    while (running) {
      await answerNumberChecks(env.services.db, { owner: 'w1', companies, check: async (c, n) => (asked.push(`${c}:${n}`), check(c, n)) }, new Date())
      await Bun.sleep(10)
    }
  })()
  return { asked, stop: async () => ((running = false), await loop) }
}

describeEachBackend('number checks through the database', (env) => {
  test('the worker holding the company\'s session answers; its failure and silence reach the asker; nothing stays behind', async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const checker = numberChecksThroughDatabase(env().services.db, { timeoutMs: 4_000, pollMs: 10 })
    const impatient = numberChecksThroughDatabase(env().services.db, { timeoutMs: 300, pollMs: 10 })
    const w = worker(env(), [a.companyId], async (_c, number) => {
      if (number.endsWith('0')) return null
      if (number.endsWith('9')) throw new Error('socket closed')
      return `${number}`.replace(/^5531 ?9/, '5531')
    })
    try {
      expect(await checker.check(a.companyId, '5531988887777')).toBe('553188887777')
      expect(await checker.check(a.companyId, '5511988887770')).toBeNull()
      expect(await checker.check(a.companyId, '5511988887779').catch((err: Error) => err.message)).toBe('socket closed')
      // Nobody holds company B's session: the asker gives up after its timeout.
      expect(await impatient.check(b.companyId, '5511988887777').catch((err: Error) => err.message)).toBe('no worker answered within 300 ms')
      expect(w.asked).toEqual([`${a.companyId}:5531988887777`, `${a.companyId}:5511988887770`, `${a.companyId}:5511988887779`])
    } finally {
      await w.stop()
    }
    expect(await openRows(env())).toBe(0)
  })

  test('questions nobody read for a minute are swept', async () => {
    const a = await createCompany(env())
    await withSystem(env().services.db, (tx) => tx`
      insert into number_checks (company_id, number, created_at) values (${a.companyId}, '5511988887777', ${new Date(Date.now() - 120_000)})`)
    expect(await answerNumberChecks(env().services.db, { owner: 'w1', companies: [], check: async () => null }, new Date())).toBe(0)
    expect(await openRows(env())).toBe(0)
  })
})
