import { randomUUID } from 'node:crypto'
import { brCode } from '../server/domain/billing/br-code.ts'
import { mercadoPagoSignature } from '../server/domain/billing/mercadopago-signature.ts'

/**
 * A local stand-in for Mercado Pago's payments API as its documentation describes it: POST /v1/payments
 * with a bearer token and X-Idempotency-Key creates a Pix payment (status pending, the BR Code in
 * point_of_interaction.transaction_data.qr_code), GET /v1/payments/{id} reads it back, and `approve`
 * plays the payer: the payment turns approved and a signed notification (x-signature, x-request-id,
 * ?data.id=&type=payment) is posted to the notification URL. Loopback only, random port.
 */
export interface FakePayment {
  id: number
  status: 'pending' | 'approved'
  transaction_amount: number
  description: string
  external_reference: string
  payer: unknown
  date_approved: string | null
  point_of_interaction: { type: 'PIX'; transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string } }
}

export interface FakeMercadoPago {
  url: string
  accessToken: string
  secret: string
  payments: Map<number, FakePayment>
  /** Requests seen, for asserting what the driver put on the wire. */
  requests: { method: string; path: string; headers: Record<string, string>; json?: any }[]
  /** Approves a payment and posts the signed notification; answers the webhook's HTTP status. */
  approve(id: number, notify: (path: string, init: RequestInit) => Promise<Response>, opts?: { secret?: string }): Promise<number>
  /** The signed notification of a payment, as Mercado Pago would post it (for replays and forgeries). */
  notification(id: number, opts?: { secret?: string }): { path: string; init: RequestInit }
  close(): Promise<void>
}

export async function startFakeMercadoPago(opts: { accessToken?: string; secret?: string } = {}): Promise<FakeMercadoPago> {
  const accessToken = opts.accessToken ?? 'TEST-mp-access-token'
  const secret = opts.secret ?? 'mp-webhook-secret-for-tests'
  const payments = new Map<number, FakePayment>()
  const byIdempotencyKey = new Map<string, number>()
  const requests: FakeMercadoPago['requests'] = []
  let nextId = 1_300_000_000

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      const json = req.method === 'POST' ? await req.json().catch(() => undefined) : undefined
      requests.push({ method: req.method, path: url.pathname, headers: Object.fromEntries(req.headers), json })
      if (req.headers.get('authorization') !== `Bearer ${accessToken}`) return Response.json({ message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] }, { status: 401 })
      if (req.method === 'POST' && url.pathname === '/v1/payments') {
        const key = req.headers.get('x-idempotency-key')
        if (!key) return Response.json({ message: 'Header X-Idempotency-Key can\'t be null', error: 'bad_request', status: 400, cause: [] }, { status: 400 })
        const again = byIdempotencyKey.get(key)
        if (again) return Response.json(payments.get(again), { status: 201 })
        if (json?.payment_method_id !== 'pix' || !(json?.transaction_amount > 0) || !json?.payer?.email) {
          return Response.json({ message: 'invalid parameters', error: 'bad_request', status: 400, cause: [{ code: 4020 }] }, { status: 400 })
        }
        const id = nextId++
        const code = brCode({ key: 'pix@mercadopago.example', name: 'MERCADO PAGO', city: 'OSASCO', amount: json.transaction_amount, txid: `mpqr${id}` })
        const payment: FakePayment = {
          id,
          status: 'pending',
          transaction_amount: json.transaction_amount,
          description: json.description ?? '',
          external_reference: json.external_reference ?? '',
          payer: json.payer,
          date_approved: null,
          point_of_interaction: { type: 'PIX', transaction_data: { qr_code: code, qr_code_base64: '', ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket` } },
        }
        payments.set(id, payment)
        byIdempotencyKey.set(key, id)
        return Response.json(payment, { status: 201 })
      }
      const match = /^\/v1\/payments\/(\d+)$/.exec(url.pathname)
      if (req.method === 'GET' && match) {
        const payment = payments.get(Number(match[1]))
        return payment ? Response.json(payment) : Response.json({ message: 'Payment not found', error: 'not_found', status: 404, cause: [] }, { status: 404 })
      }
      return Response.json({ message: 'resource not found', error: 'not_found', status: 404 }, { status: 404 })
    },
  })

  const notification = (id: number, o: { secret?: string } = {}) => {
    const requestId = randomUUID()
    const ts = String(Math.floor(Date.now() / 1000))
    const body = { action: 'payment.updated', api_version: 'v1', data: { id: String(id) }, date_created: new Date().toISOString(), id: Date.now(), live_mode: false, type: 'payment', user_id: '123456' }
    return {
      path: `/subscription/webhook/mercadopago?data.id=${id}&type=payment`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': requestId, 'x-signature': mercadoPagoSignature(o.secret ?? secret, String(id), requestId, ts) },
        body: JSON.stringify(body),
      },
    }
  }

  return {
    url: `http://127.0.0.1:${server.port}`,
    accessToken,
    secret,
    payments,
    requests,
    notification,
    async approve(id, notify, o = {}) {
      const payment = payments.get(id)
      if (!payment) throw new Error(`no payment ${id}`)
      payment.status = 'approved'
      payment.date_approved = new Date().toISOString()
      const n = notification(id, o)
      return (await notify(n.path, n.init)).status
    },
    close: async () => {
      await server.stop(true)
    },
  }
}
