import { expect, test } from 'bun:test'
import { withTenant } from '../../db/tenant.ts'
import { describeEachBackend } from '../../../test/env.ts'
import { createCompany } from '../../../test/factories.ts'
import { insertTicket, ticketFixtures } from '../../../test/sync-support.ts'
import { loadRoutingState, loadRoutingStates } from './routing-state.ts'

describeEachBackend('routing state', (env) => {
  test('a batch read answers each ticket as the single read does, and leaves out tickets that are not there', async () => {
    const { companyId } = await createCompany(env())
    const { whatsappId, queueA } = await ticketFixtures(env(), companyId)
    const a = await insertTicket(env(), companyId, whatsappId)
    const b = await insertTicket(env(), companyId, whatsappId, { queueId: queueA, status: 'open', isBot: true })
    const c = await insertTicket(env(), companyId, whatsappId, { status: 'closed' })
    const missing = c.ticketId + 1_000_000
    await withTenant(env().services.db, { companyId }, async (tx) => {
      const ids = [c.ticketId, a.ticketId, missing, b.ticketId]
      const batch = await loadRoutingStates(tx, ids)
      expect([...batch.keys()].sort((x, y) => x - y)).toEqual([a.ticketId, b.ticketId, c.ticketId])
      for (const id of [a.ticketId, b.ticketId, c.ticketId]) expect(batch.get(id)).toEqual((await loadRoutingState(tx, id))!)
      expect(batch.get(b.ticketId)).toMatchObject({ queueId: queueA, status: 'open', isBot: true, whatsappId })
      expect(await loadRoutingState(tx, missing)).toBeNull()
      expect((await loadRoutingStates(tx, [])).size).toBe(0)
    })
  })

  test("another company's tickets are not read", async () => {
    const mine = await createCompany(env())
    const theirs = await createCompany(env())
    const own = await insertTicket(env(), mine.companyId, (await ticketFixtures(env(), mine.companyId)).whatsappId)
    const other = await insertTicket(env(), theirs.companyId, (await ticketFixtures(env(), theirs.companyId)).whatsappId)
    const batch = await withTenant(env().services.db, { companyId: mine.companyId }, (tx) => loadRoutingStates(tx, [own.ticketId, other.ticketId]))
    expect([...batch.keys()]).toEqual([own.ticketId])
  })
})
