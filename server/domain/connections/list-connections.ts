import { withSystemScope } from '../../db/tenant.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { assertCan } from '../permissions.ts'
import { findConnectionView, selectConnectionViews, viewFor, type ConnectionView } from './connection-view.ts'

/**
 * GET /whatsapp (spec part 2 §7; part 1 §7 ticket filters and forms use it too): every user lists the
 * company's connections, the token and QR code only for those who manage connections. A super user may
 * name another company.
 */
export async function listConnections(ctx: DomainCtx, input: { companyId?: number; channel?: string }): Promise<ConnectionView[]> {
  const { tx, auth } = ctx
  const companyId = input.companyId ?? auth.user.companyId
  const ofChannel = (views: ConnectionView[]) => (input.channel ? views.filter((v) => v.channel === input.channel) : views)
  if (companyId === auth.user.companyId) return ofChannel(await selectConnectionViews(tx, companyId)).map((v) => viewFor(auth, v))
  assertCan(auth, 'super')
  return ofChannel(await withSystemScope(tx, () => selectConnectionViews(tx, companyId)))
}

export type ConnectionWithCompany = Omit<ConnectionView, 'token'> & { company: { id: number; name: string } }

/** GET /whatsapp/all (super user): every company's connections, for the all-companies overview. No tokens. */
export async function listAllConnections(ctx: DomainCtx): Promise<ConnectionWithCompany[]> {
  const { tx } = ctx
  assertCan(ctx.auth, 'super')
  return withSystemScope(tx, async () => {
    const names = new Map((await tx<{ id: number; name: string }[]>`select id, name from companies`).map((c) => [c.id, c.name]))
    return (await selectConnectionViews(tx, null)).map(({ token: _token, ...v }) => ({
      ...v,
      company: { id: v.companyId, name: names.get(v.companyId) ?? '' },
    }))
  })
}

/** GET /whatsapp/{id}: the editor and the QR dialog (qrcode), for those who manage connections. */
export async function showConnection(ctx: DomainCtx, id: number): Promise<ConnectionView> {
  assertCan(ctx.auth, 'connections:view')
  const view = await findConnectionView(ctx.tx, id)
  if (!view) throw new AppError('ERR_NO_WAPP_FOUND')
  return view
}

/** GET /whatsapp-admin/{id} (super user): one connection of any company. */
export async function showConnectionAsSuper(ctx: DomainCtx, id: number): Promise<ConnectionView> {
  assertCan(ctx.auth, 'super')
  const view = await withSystemScope(ctx.tx, () => findConnectionView(ctx.tx, id))
  if (!view) throw new AppError('ERR_NO_WAPP_FOUND')
  return view
}
