import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { assertCan, assertPlanFeature } from '../permissions.ts'
import { assertConnectionLimit } from './connection-checks.ts'
import { generateToken } from './connection-rules.ts'
import { emitConnection, findConnectionView, type ConnectionView } from './connection-view.ts'

export interface LinkFacebookInput {
  facebookUserId: string
  facebookUserToken: string
  addInstagram?: boolean
}

/** A Page as Graph lists it for the user (GET /me/accounts). */
export interface LinkablePage {
  id: string
  name: string
  accessToken: string
  instagram?: { id: string; name?: string; username?: string }
}

/** The Graph calls linking needs, passed in so the domain stays free of HTTP clients. */
export interface FacebookPagesPort {
  listPages(userToken: string): Promise<LinkablePage[]>
  /** Subscribes the app to the page's webhooks; a failure is logged, the link stays. */
  subscribePage?(pageId: string, pageToken: string): Promise<void>
  log?(message: string, err?: unknown): void
}

interface Target {
  channel: 'facebook' | 'instagram'
  number: string
  name: string
  config: Record<string, string>
}

/**
 * POST /facebook (spec part 2 §7): links every Page the Facebook user manages as a 'facebook'
 * connection, or with addInstagram each Page's Instagram professional account as an 'instagram' one.
 * A Page already linked is updated in place (new token, CONNECTED); new ones count against the plan.
 */
export async function linkFacebook(ctx: DomainCtx, port: FacebookPagesPort, input: LinkFacebookInput): Promise<ConnectionView[]> {
  assertCan(ctx.auth, 'admin')
  assertPlanFeature(ctx.auth, input.addInstagram ? 'useInstagram' : 'useFacebook')
  const pages = await port.listPages(input.facebookUserToken)
  const targets = pages.flatMap((p) => targetsOf(p, input))
  if (!targets.length) {
    throw new AppError('ERR_NO_WAPP_FOUND', input.addInstagram ? 'No Page with an Instagram account' : 'No Page to link')
  }
  const views: ConnectionView[] = []
  for (const t of targets) {
    const id = await upsertConnection(ctx.tx, ctx.auth.user.companyId, t)
    const view = (await findConnectionView(ctx.tx, id))!
    emitConnection(ctx, view)
    views.push(view)
  }
  for (const p of pages) await subscribe(port, p)
  return views
}

function targetsOf(page: LinkablePage, input: LinkFacebookInput): Target[] {
  const base = { pageId: page.id, pageAccessToken: page.accessToken, facebookUserId: input.facebookUserId }
  if (!input.addInstagram) return [{ channel: 'facebook', number: page.id, name: page.name, config: base }]
  if (!page.instagram) return []
  const ig = page.instagram
  return [{ channel: 'instagram', number: ig.id, name: ig.username || ig.name || page.name, config: { ...base, igUserId: ig.id } }]
}

async function upsertConnection(tx: Tx, companyId: number, t: Target): Promise<number> {
  const [existing] = await tx<{ id: number }[]>`
    select id from whatsapps where company_id = ${companyId} and channel = ${t.channel} and number = ${t.number}`
  if (existing) {
    await tx`update whatsapps set status = 'CONNECTED', channel_config = ${tx.json(t.config)} where id = ${existing.id}`
    return existing.id
  }
  await assertConnectionLimit(tx, companyId)
  const [hasDefault] = await tx`select 1 from whatsapps where company_id = ${companyId} and is_default`
  const [created] = await tx<{ id: number }[]>`
    insert into whatsapps (company_id, name, channel, number, status, token, is_default, channel_config)
    values (${companyId}, ${await freeName(tx, companyId, t)}, ${t.channel}, ${t.number}, 'CONNECTED', ${generateToken()},
            ${!hasDefault}, ${tx.json(t.config)})
    returning id`
  return created.id
}

/** Connection names are unique per company: a second "Loja" becomes "Loja (instagram 1784...)". */
async function freeName(tx: Tx, companyId: number, t: Target): Promise<string> {
  const name = t.name.slice(0, 50)
  const [taken] = await tx`select 1 from whatsapps where company_id = ${companyId} and lower(name) = lower(${name})`
  return taken ? `${name} (${t.channel} ${t.number})` : name
}

async function subscribe(port: FacebookPagesPort, page: LinkablePage) {
  if (!port.subscribePage) return
  try {
    await port.subscribePage(page.id, page.accessToken)
  } catch (err) {
    port.log?.(`subscribing the app to page ${page.id} failed`, err)
  }
}
