import type { Config } from '../../config.ts'
import type { Queryable } from '../../db/connect.ts'
import { settingValue } from '../settings/settings.ts'
import type { PixMerchant } from './br-code.ts'
import { manualProvider, mercadoPagoProvider, type PaymentProvider } from './payment-provider.ts'

/** The Pix key and merchant the super user set, or null while any of them is empty. */
export async function pixMerchant(sql: Queryable): Promise<PixMerchant | null> {
  const [key, name, city] = await Promise.all(['pixKey', 'pixMerchantName', 'pixMerchantCity'].map((k) => settingValue(sql, k)))
  return key.trim() && name.trim() && city.trim() ? { key: key.trim(), name, city } : null
}

export const mercadoPagoOf = (config: Config) =>
  config.MERCADOPAGO_ACCESS_TOKEN
    ? mercadoPagoProvider({ apiUrl: config.MERCADOPAGO_API_URL, accessToken: config.MERCADOPAGO_ACCESS_TOKEN, notificationUrl: config.MERCADOPAGO_NOTIFICATION_URL })
    : null

/** Mercado Pago when its access token is configured, else manual charges on the super user's Pix key. */
export async function paymentProviderFor(config: Config, sql: Queryable): Promise<PaymentProvider> {
  return mercadoPagoOf(config) ?? manualProvider(await pixMerchant(sql))
}
