import type { Config } from '../../config.ts'
import type { Db } from '../../db/tenant.ts'
import { withSystem } from '../../db/tenant.ts'
import { AppError } from '../app-error.ts'
import type { DomainEvent } from '../context.ts'
import { confirmCharge } from './confirm-payment.ts'
import { isValidMercadoPagoSignature } from './mercadopago-signature.ts'
import { mercadoPagoOf } from './providers.ts'

export interface MercadoPagoNotification {
  dataId?: string
  type?: string
  signature?: string
  requestId?: string
}

/**
 * POST /subscription/webhook/mercadopago: a notification counts only with a valid x-signature (401
 * otherwise). It names a payment; its state is read back from Mercado Pago rather than trusted from the
 * body, and an approved one confirms its charge once (confirmCharge), so a replay changes nothing.
 */
export async function receiveMercadoPago(db: Db, config: Config, n: MercadoPagoNotification, now: Date): Promise<{ events: DomainEvent[]; confirmed: boolean }> {
  if (!isValidMercadoPagoSignature(config.MERCADOPAGO_WEBHOOK_SECRET, n.signature, n.dataId, n.requestId)) {
    throw new AppError('ERR_INVALID_WEBHOOK_SIGNATURE', config.MERCADOPAGO_WEBHOOK_SECRET ? 'Bad or missing x-signature' : 'MERCADOPAGO_WEBHOOK_SECRET is not set')
  }
  const provider = mercadoPagoOf(config)
  if (!provider || n.type !== 'payment' || !n.dataId) return { events: [], confirmed: false }
  const payment = await provider.fetchPayment(n.dataId)
  if (payment.status !== 'approved') return { events: [], confirmed: false }
  const events: DomainEvent[] = []
  const at = payment.date_approved ? new Date(payment.date_approved) : now
  const done = await withSystem(db, (tx) =>
    confirmCharge(tx, 'mercadopago', String(payment.id), Number(payment.transaction_amount), { by: null, at: Number.isNaN(at.getTime()) ? now : at }, (e) => events.push(e)),
  )
  return { events, confirmed: done !== null }
}
