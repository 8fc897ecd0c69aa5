import type { Db } from '../../db/tenant.ts'
import { withSystem } from '../../db/tenant.ts'
import type { NumberChecker } from './number-check.ts'

/** The NOTIFY payload on balcao_jobs that wakes the workers for a number check. */
export const NUMBER_CHECK_WAKE = 'number-check'

export interface NumberCheckRequestOptions {
  /** How long the asker waits for a worker's answer. */
  timeoutMs?: number
  pollMs?: number
}

/**
 * A NumberChecker for an API process without WhatsApp sessions (Postgres, workers apart): the question
 * goes through `number_checks` (its own committed transaction, so the worker sees it while the request's
 * transaction stays open) and the worker holding one of the company's sessions answers it
 * (answerNumberChecks). No answer within the timeout throws, like a session that cannot ask.
 */
export function numberChecksThroughDatabase(db: Db, opts: NumberCheckRequestOptions = {}): NumberChecker {
  const timeoutMs = opts.timeoutMs ?? 10_000
  const pollMs = opts.pollMs ?? 50
  return {
    async check(companyId, number) {
      const id = await withSystem(db, async (tx) => {
        const [row] = await tx<{ id: string }[]>`insert into number_checks (company_id, number) values (${companyId}, ${number}) returning id`
        await tx`select pg_notify('balcao_jobs', ${NUMBER_CHECK_WAKE})`
        return row.id
      })
      try {
        const deadline = Date.now() + timeoutMs
        while (Date.now() < deadline) {
          const [answer] = await withSystem(db, (tx) => tx<{ answeredAt: Date | null; waNumber: string | null; error: string | null }[]>`
            select answered_at, wa_number, error from number_checks where id = ${id}`)
          if (answer?.answeredAt) {
            if (answer.error) throw new Error(answer.error)
            return answer.waNumber
          }
          await Bun.sleep(pollMs)
        }
        throw new Error(`no worker answered within ${timeoutMs} ms`)
      } finally {
        await withSystem(db, (tx) => tx`delete from number_checks where id = ${id}`)
      }
    },
  }
}

/**
 * The worker's side: answers the open questions of the companies whose sessions this host holds, each
 * claimed first so two workers never ask twice. Rows nobody read for a minute are removed.
 */
export async function answerNumberChecks(
  db: Db,
  worker: { owner: string; companies: number[]; check: (companyId: number, number: string) => Promise<string | null> },
  now: Date,
): Promise<number> {
  await withSystem(db, (tx) => tx`delete from number_checks where created_at < ${new Date(now.getTime() - 60_000)}`)
  if (!worker.companies.length) return 0
  const claimed = await withSystem(db, (tx) => tx<{ id: string; companyId: number; number: string }[]>`
    update number_checks set claimed_by = ${worker.owner}, claimed_at = ${now}
     where id in (select id from number_checks
                   where answered_at is null and company_id in ${tx(worker.companies)}
                     and (claimed_at is null or claimed_at < ${new Date(now.getTime() - 15_000)})
                   order by id limit 20 for update skip locked)
    returning id, company_id, number`)
  for (const q of claimed) {
    let waNumber: string | null = null
    let error: string | null = null
    try {
      waNumber = await worker.check(q.companyId, q.number)
    } catch (err) {
      error = (err as Error).message || 'the session could not ask'
    }
    await withSystem(db, (tx) => tx`
      update number_checks set answered_at = now(), wa_number = ${waNumber}, error = ${error} where id = ${q.id}`)
  }
  return claimed.length
}
