import { randomBytes } from 'node:crypto'
import { AppError } from '../app-error.ts'
import { brCode, type PixMerchant } from './br-code.ts'

/** What a checkout asks of a provider: a Pix charge of `amount` for one invoice. */
export interface ChargeRequest {
  invoiceId: number
  companyId: number
  amount: number
  description: string
  /** Our reference of the charge, also the BR Code's txid where we build it (letters and digits, ≤ 25). */
  txid: string
  payer: { firstName: string; lastName: string; email: string; taxId: string }
}

export interface ProviderCharge {
  /** The provider's id of the charge: what its notifications name. */
  externalId: string
  brCode: string
}

/**
 * Where Pix charges are made (docs/decisions.md "Billing"): `manual` builds the BR Code from the Pix
 * key the super user set and waits for the super user to confirm the payment; `mercadopago` creates
 * the charge through Mercado Pago's payments API and learns of the payment from its signed webhook.
 */
export interface PaymentProvider {
  readonly name: 'manual' | 'mercadopago'
  createCharge(req: ChargeRequest): Promise<ProviderCharge>
}

/** A fresh txid: 'BLC', the invoice and random letters; ≤ 25 characters of [A-Za-z0-9] as the BR Code wants. */
export function newTxid(invoiceId: number): string {
  return `BLC${invoiceId}X${randomBytes(8).toString('hex').toUpperCase()}`.slice(0, 25)
}

export function manualProvider(merchant: PixMerchant | null): PaymentProvider {
  return {
    name: 'manual',
    async createCharge(req) {
      if (!merchant) throw new AppError('ERR_PIX_NOT_CONFIGURED', 'The Pix key, merchant name and city are not set')
      return { externalId: req.txid, brCode: brCode({ ...merchant, amount: req.amount, txid: req.txid }) }
    },
  }
}

export interface MercadoPagoConfig {
  apiUrl: string
  accessToken: string
  /** Where Mercado Pago posts its notifications; omitted when the account's panel sets it. */
  notificationUrl?: string
  fetch?: typeof fetch
}

/** A payment as GET /v1/payments/{id} answers it (the fields we read). */
export interface MercadoPagoPayment {
  id: number | string
  status: string
  transaction_amount: number
  external_reference?: string | null
  date_approved?: string | null
  point_of_interaction?: { transaction_data?: { qr_code?: string } }
}

const MP_TIMEOUT_MS = 15_000

async function mercadoPagoCall<T>(cfg: MercadoPagoConfig, path: string, init: RequestInit): Promise<T> {
  let res: Response
  try {
    res = await (cfg.fetch ?? fetch)(`${cfg.apiUrl.replace(/\/$/, '')}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${cfg.accessToken}`, 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(MP_TIMEOUT_MS),
    })
  } catch (err) {
    throw new AppError('ERR_PROVIDER_UNAVAILABLE', `Mercado Pago unreachable: ${(err as Error).message}`)
  }
  if (!res.ok) throw new AppError('ERR_PROVIDER_UNAVAILABLE', `Mercado Pago answered ${res.status}`)
  return (await res.json()) as T
}

export function mercadoPagoProvider(cfg: MercadoPagoConfig): PaymentProvider & { fetchPayment(id: string): Promise<MercadoPagoPayment> } {
  return {
    name: 'mercadopago',
    async createCharge(req) {
      const digits = req.payer.taxId
      const payment = await mercadoPagoCall<MercadoPagoPayment>(cfg, '/v1/payments', {
        method: 'POST',
        // One charge per txid: a retried request cannot create a second payment.
        headers: { 'x-idempotency-key': req.txid },
        body: JSON.stringify({
          transaction_amount: req.amount,
          description: req.description,
          payment_method_id: 'pix',
          external_reference: req.txid,
          ...(cfg.notificationUrl ? { notification_url: cfg.notificationUrl } : {}),
          payer: {
            email: req.payer.email,
            first_name: req.payer.firstName,
            last_name: req.payer.lastName,
            identification: { type: digits.length === 14 ? 'CNPJ' : 'CPF', number: digits },
          },
        }),
      })
      const code = payment.point_of_interaction?.transaction_data?.qr_code
      if (!code) throw new AppError('ERR_PROVIDER_UNAVAILABLE', 'Mercado Pago answered no Pix code')
      return { externalId: String(payment.id), brCode: code }
    },
    fetchPayment: (id) => mercadoPagoCall<MercadoPagoPayment>(cfg, `/v1/payments/${encodeURIComponent(id)}`, { method: 'GET' }),
  }
}
