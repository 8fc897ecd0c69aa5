import type { Tx } from '../../db/connect.ts'
import { CAMPAIGN_QUEUE, finishIfDone } from './start-campaign.ts'

/** What the outbound queue tells a campaign about one of its messages (messages.data_json marks). */
export interface CampaignMark {
  campaignShippingId: number
  campaignStep: 'send' | 'ask'
}

export function campaignMarkOf(data: unknown): CampaignMark | null {
  const d = data as Partial<CampaignMark> | null
  if (!d || typeof d.campaignShippingId !== 'number' || (d.campaignStep !== 'send' && d.campaignStep !== 'ask')) return null
  return { campaignShippingId: d.campaignShippingId, campaignStep: d.campaignStep }
}

/**
 * The channel accepted a campaign message: the recipient is delivered (or asked), and the campaign is
 * FINALIZADA when it was the last. Runs in the transaction that records the send. Returns the campaign
 * touched, for the live report.
 */
export async function markCampaignSent(tx: Tx, mark: CampaignMark, now: Date): Promise<{ campaignId: number; companyId: number; finished: boolean } | null> {
  const column = mark.campaignStep === 'ask' ? tx`confirmation_requested_at` : tx`delivered_at`
  const [s] = await tx<{ campaignId: number; companyId: number }[]>`
    update campaign_shipping set ${column} = coalesce(${column}, ${now}) where id = ${mark.campaignShippingId}
    returning campaign_id, company_id`
  if (!s) return null
  return { ...s, finished: await finishIfDone(tx, s.campaignId, now) }
}

/** The channel refused a campaign message for good: the recipient counts as failed, with the reason. */
export async function markCampaignFailed(tx: Tx, mark: CampaignMark, code: string, now: Date): Promise<{ campaignId: number; companyId: number; finished: boolean } | null> {
  const [s] = await tx<{ campaignId: number; companyId: number }[]>`
    update campaign_shipping set failed_at = coalesce(failed_at, ${now}), send_error = ${code}
     where id = ${mark.campaignShippingId} and delivered_at is null
    returning campaign_id, company_id`
  if (!s) return null
  return { ...s, finished: await finishIfDone(tx, s.campaignId, now) }
}

/**
 * A contact's message on a connection answers the confirmation question a campaign on that connection
 * asked them (anchor §4 verifyRecentCampaign, which matched any campaign by number alone): the newest
 * question still waiting, asked at most CONFIRMATION_WINDOW_MS ago, is confirmed and its message queued
 * at once. Replies before the question was sent, or from another contact or connection, count for nothing.
 * Returns the campaign confirmed, if any.
 */
export async function confirmCampaignReply(tx: Tx, reply: { companyId: number; contactId: number; whatsappId: number }, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - CONFIRMATION_WINDOW_MS)
  const [s] = await tx<{ id: number; campaignId: number }[]>`
    update campaign_shipping set confirmed_at = ${now}
     where id = (select s.id from campaign_shipping s join campaigns k on k.id = s.campaign_id
                  where s.contact_id = ${reply.contactId} and s.confirmation_requested_at is not null and s.confirmed_at is null
                    and s.message_id is null and s.confirmation_requested_at >= ${since} and k.whatsapp_id = ${reply.whatsappId}
                    and k.status in ('EM_ANDAMENTO', 'FINALIZADA')
                  order by s.confirmation_requested_at desc limit 1
                    for update of s skip locked)
    returning id, campaign_id`
  if (!s) return null
  const payload = { campaignId: s.campaignId, shippingId: s.id, step: 'send' }
  await tx`select app_enqueue_job(${CAMPAIGN_QUEUE}, ${tx.json(payload)}::jsonb, ${reply.companyId}, ${`campaign:${s.campaignId}:shipping:${s.id}:confirmed`}, ${now})`
  return s.campaignId
}

/** A confirmation question is answered within a week, or the reply is an ordinary message. */
export const CONFIRMATION_WINDOW_MS = 7 * 24 * 60 * 60 * 1000
