import type { Tx } from '../../db/connect.ts'
import { automationRuns } from '../companies/company-standing.ts'
import { loadCampaignSettings } from './campaign-settings.ts'
import { planSendTimes } from './send-plan.ts'

/** The job queue of campaign sends; payload {campaignId, shippingId, step}. */
export const CAMPAIGN_QUEUE = 'campaign'
export type CampaignStep = 'send' | 'ask'

/** SQL condition: the campaign's company may run campaigns now (paid and active, plan useCampaigns, switch on). */
export function campaignsRun(tx: Tx, now: Date) {
  return tx`(${automationRuns(tx, now)} and p.use_campaigns and coalesce(cs.campaigns_enabled, false))`
}
export const CAMPAIGN_COMPANY_JOIN = `join companies c on c.id = k.company_id join plans p on p.id = c.plan_id
  left join company_settings cs on cs.company_id = c.id`

/**
 * Starts the next PROGRAMADA campaign whose time has come (anchor §4 ProcessCampaign), in one transaction:
 * a shipping row per valid recipient (the list's valid numbers, or the tag's contacts), each with a send
 * job at its planned time (send-plan.ts), then EM_ANDAMENTO. Claimed with SKIP LOCKED, so two workers never
 * start one campaign twice; a crash before the commit leaves it PROGRAMADA for the next sweep.
 * Returns the started campaign's id and company, or null when none is due.
 */
export async function startNextDueCampaign(tx: Tx, now: Date): Promise<{ id: number; companyId: number } | null> {
  const [k] = await tx<{ id: number; companyId: number; confirmation: boolean; contactListId: number | null; tagListId: number | null; timezone: string }[]>`
    select k.id, k.company_id, k.confirmation, k.contact_list_id, k.tag_list_id, c.timezone
      from campaigns k ${tx.unsafe(CAMPAIGN_COMPANY_JOIN)}
     where k.status = 'PROGRAMADA' and k.scheduled_at <= ${now} and ${campaignsRun(tx, now)}
     order by k.scheduled_at, k.id limit 1
       for update of k skip locked`
  if (!k) return null
  if (k.contactListId) {
    await tx`
      insert into campaign_shipping (company_id, campaign_id, contact_list_item_id, number, confirmation)
      select ${k.companyId}, ${k.id}, i.id, i.number, ${k.confirmation}
        from contact_list_items i where i.contact_list_id = ${k.contactListId} and i.is_whatsapp_valid
       order by i.id
      on conflict do nothing`
  } else if (k.tagListId) {
    await tx`
      insert into campaign_shipping (company_id, campaign_id, contact_id, number, confirmation)
      select ${k.companyId}, ${k.id}, ct.contact_id, x.number, ${k.confirmation}
        from contact_tags ct join contacts x on x.id = ct.contact_id
       where ct.tag_id = ${k.tagListId} and not x.is_group and x.number <> ''
       order by ct.contact_id
      on conflict do nothing`
  }
  await tx`update campaigns set status = 'EM_ANDAMENTO', completed_at = null where id = ${k.id}`
  await queueUnsent(tx, { id: k.id, companyId: k.companyId, confirmation: k.confirmation, timezone: k.timezone }, now)
  return { id: k.id, companyId: k.companyId }
}

/**
 * A send job for every shipping row not yet dispatched, paced from `now` (a start, or a restart that
 * sends only to those not reached). A campaign with nothing to send is FINALIZADA at once.
 */
export async function queueUnsent(tx: Tx, k: { id: number; companyId: number; confirmation: boolean; timezone: string }, now: Date): Promise<number> {
  const rows = await tx<{ id: number }[]>`
    select id from campaign_shipping
     where campaign_id = ${k.id} and message_id is null and confirmation_message_id is null and failed_at is null
     order by id`
  if (!rows.length) {
    await finishIfDone(tx, k.id, now)
    return 0
  }
  const settings = await loadCampaignSettings(tx, k.companyId)
  const times = planSendTimes(now, rows.length, settings, k.timezone).map((t) => t.toISOString())
  const step: CampaignStep = k.confirmation ? 'ask' : 'send'
  const ids = rows.map((r) => r.id)
  // The start's instant in the key: a restart queues new jobs for rows whose earlier jobs were dropped.
  const keys = ids.map((id) => `campaign:${k.id}:shipping:${id}:${step}:${now.getTime()}`)
  await tx`select app_enqueue_campaign_jobs(${k.companyId}, ${k.id}, ${step}, ${ids}::int[], ${times}::timestamptz[], ${keys}::text[])`
  await tx`
    update campaign_shipping c set planned_at = s.at
      from unnest(${ids}::int[], ${times}::timestamptz[]) as s(id, at) where c.id = s.id`
  return rows.length
}

/**
 * FINALIZADA with completedAt once no recipient is left to send to: each delivered, asked (with
 * confirmation: the message follows a reply) or failed for good. Returns whether it finished now.
 */
export async function finishIfDone(tx: Tx, campaignId: number, now: Date): Promise<boolean> {
  const done = await tx`
    update campaigns set status = 'FINALIZADA', completed_at = ${now}
     where id = ${campaignId} and status = 'EM_ANDAMENTO'
       and not exists (select 1 from campaign_shipping
                        where campaign_id = ${campaignId} and delivered_at is null and confirmation_requested_at is null and failed_at is null)
    returning id`
  return done.length > 0
}
