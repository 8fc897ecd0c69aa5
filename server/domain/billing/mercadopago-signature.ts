import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Mercado Pago's webhook signature (its "Webhooks: validate origin" documentation): the header
 * `x-signature: ts=<unix seconds>,v1=<hex HMAC-SHA256>` signs the manifest
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` with the application's secret; a part whose value
 * the notification lacks is left out, and an alphanumeric data.id is lowercased.
 */
export function mercadoPagoManifest(dataId: string | undefined, requestId: string | undefined, ts: string | undefined): string {
  let manifest = ''
  if (dataId) manifest += `id:${/^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId};`
  if (requestId) manifest += `request-id:${requestId};`
  if (ts) manifest += `ts:${ts};`
  return manifest
}

function parts(header: string): { ts?: string; v1?: string } {
  const out: Record<string, string> = {}
  for (const part of header.split(',')) {
    const [k, ...v] = part.split('=')
    if (k && v.length) out[k.trim()] = v.join('=').trim()
  }
  return { ts: out.ts, v1: out.v1 }
}

export function isValidMercadoPagoSignature(secret: string | undefined, header: string | undefined, dataId: string | undefined, requestId: string | undefined): boolean {
  if (!secret || !header) return false
  const { ts, v1 } = parts(header)
  if (!ts || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return false
  const expected = createHmac('sha256', secret).update(mercadoPagoManifest(dataId, requestId, ts)).digest()
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'))
}

/** The header Mercado Pago would send (the tests' fake provider signs its notifications with it). */
export function mercadoPagoSignature(secret: string, dataId: string, requestId: string, ts: string): string {
  return `ts=${ts},v1=${createHmac('sha256', secret).update(mercadoPagoManifest(dataId, requestId, ts)).digest('hex')}`
}
