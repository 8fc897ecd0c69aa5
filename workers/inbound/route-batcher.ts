import type { Tx } from '../../server/db/connect.ts'
import type { Db } from '../../server/db/tenant.ts'
import { CompanyBatcher } from './company-batcher.ts'

type Step = (tx: Tx) => Promise<unknown>

/**
 * The routing steps (bot, queue menu, flows) of different chats of one company in one transaction
 * (CompanyBatcher; issue 21: a flow step on every chat paid a transaction of its own per message). The
 * steps of a batch run side by side on its connection, so their statements go out back to back
 * (pipelined) instead of waiting for each other's round trips: they touch only their own chat's ticket,
 * contact and jobs, and a routing step makes no outside call (integrations and webhooks are jobs). Any
 * step failing rolls the whole batch back, and each step runs again alone, so a step must not keep
 * anything from a failed attempt (routeMessage gathers its events per attempt).
 */
export class RouteBatcher {
  private readonly batcher: CompanyBatcher<Step>

  constructor(db: Db) {
    this.batcher = new CompanyBatcher<Step>(db, {
      together: async (tx, steps) => {
        // Every step settles before the transaction ends: none may still be sending when it rolls back.
        const settled = await Promise.allSettled(steps.map((step) => step(tx)))
        const failed = settled.find((s) => s.status === 'rejected')
        if (failed) throw failed.reason
        return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value)
      },
      alone: (tx, step) => step(tx),
    })
  }

  /** Runs step in the company's scope, in one transaction with whatever other steps of it are waiting. */
  run<T>(companyId: number, step: (tx: Tx) => Promise<T>): Promise<T> {
    return this.batcher.add<T>(companyId, step)
  }
}
