import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { BACKENDS } from '../env.ts'
import { createScratchDatabase } from '../scratch-db.ts'
import { freePort, startServer, waitUp } from './spawned-server.ts'

/**
 * Issue 20's proof: `kill -9` the process that runs the API and the workers in the middle of a campaign
 * of 600 recipients on the simulator; after a restart every recipient has exactly one campaign message,
 * each sent, and the campaign is FINALIZADA.
 */
const RECIPIENTS = 600
const ADMIN = { email: 'campaign@test.local', password: 'campaign-pass-1' }

describe.skipIf(!BACKENDS.includes('postgres'))('kill -9 during a campaign [postgres]', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
  let dataDir: string
  let child: ReturnType<typeof startServer> | undefined
  beforeAll(async () => {
    scratch = await createScratchDatabase()
    dataDir = mkdtempSync(join(tmpdir(), 'balcao-kill-campaign-'))
  })
  afterAll(async () => {
    child?.kill('SIGKILL')
    await child?.exited
    await scratch.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('every recipient gets exactly one message, and the campaign finishes', async () => {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    child = startServer(scratch.url, dataDir, port, ADMIN)
    await waitUp(base)
    const sql = postgres(scratch.url, { max: 1, onnotice: () => {} })
    try {
      const [{ id: campaignId }] = await sql<{ id: number }[]>`
        with company as (select id, plan_id from companies order by id limit 1),
             plan as (update plans set use_campaigns = true where id = (select plan_id from company)),
             switch as (update company_settings set campaigns_enabled = true where company_id = (select id from company)),
             settings as (
               insert into campaign_settings (company_id, key, value)
               select (select id from company), k, v from (values ('messageInterval', '0'), ('longerIntervalAfter', '0'), ('greaterInterval', '0'),
                 ('startHour', '00:00'), ('endHour', '23:59'), ('sabado', 'true'), ('domingo', 'true')) as s(k, v)),
             list as (insert into contact_lists (company_id, name) select id, 'Lista kill' from company returning id, company_id),
             items as (
               insert into contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid)
               select l.company_id, l.id, 'Pessoa ' || g, '55119' || (60000000 + g)::text, true from list l, generate_series(1, ${RECIPIENTS}) g)
        insert into campaigns (company_id, name, message1, status, scheduled_at, contact_list_id, whatsapp_id)
        select l.company_id, 'Kill', 'Oi {nome}', 'PROGRAMADA', now(), l.id,
               (select id from whatsapps where company_id = l.company_id and channel = 'simulator' order by id limit 1)
          from list l returning id`
      const dispatched = async () =>
        (await sql<{ n: number }[]>`select count(*)::int as n from campaign_shipping where campaign_id = ${campaignId} and message_id is not null`)[0].n
      for (let i = 0; i < 600 && (await dispatched()) < 100; i++) await Bun.sleep(50)
      child.kill('SIGKILL')
      await child.exited
      const atKill = await dispatched()
      expect(atKill).toBeGreaterThanOrEqual(100)
      expect(atKill).toBeLessThan(RECIPIENTS)
      child = startServer(scratch.url, dataDir, port, ADMIN)
      let status = ''
      for (let i = 0; i < 1500 && status !== 'FINALIZADA'; i++) {
        await Bun.sleep(100)
        status = (await sql<{ status: string }[]>`select status from campaigns where id = ${campaignId}`)[0].status
      }
      expect(status).toBe('FINALIZADA')
      const perContact = await sql<{ n: number }[]>`
        select count(*)::int as n from messages m join campaign_shipping s on s.message_id = m.id
         where s.campaign_id = ${campaignId} group by m.contact_id`
      expect(perContact).toHaveLength(RECIPIENTS)
      expect(perContact.every((r) => r.n === 1)).toBe(true)
      const [{ campaignMessages, delivered }] = await sql<{ campaignMessages: number; delivered: number }[]>`
        select (select count(*)::int from messages where from_me and data_json->>'campaignShippingId' is not null) as "campaignMessages",
               (select count(*)::int from campaign_shipping where campaign_id = ${campaignId} and delivered_at is not null) as delivered`
      expect({ campaignMessages, delivered }).toEqual({ campaignMessages: RECIPIENTS, delivered: RECIPIENTS })
    } finally {
      await sql.end()
    }
  }, 240_000)
})
