import { z } from 'zod'
import { CUSTOM_PLAN } from '../domain/billing/pricing.ts'
import { isValidTaxId } from '../domain/billing/tax-id.ts'
import { idField, MAX_ID } from './common.schema.ts'

const optionalText = (max: number) => z.string().trim().max(max, 'Too Long!').optional().default('')

/**
 * POST /subscription (spec part 2 §3 Checkout form, §5 Checkout, §7): the payer and the plan. The card
 * fields of the spec's form are accepted and ignored (payment is by Pix). `plan` is a plan id or
 * 'custom' with users and connections; `price` is what the screen showed, never what is charged: the
 * server prices the plan itself (docs/decisions.md "Billing").
 */
export const subscriptionBody = z
  .object({
    firstName: z.string({ error: 'O nome completo é obrigatório' }).trim().min(1, 'O nome completo é obrigatório').max(100, 'Too Long!'),
    lastName: optionalText(100),
    address2: optionalText(200),
    city: optionalText(100),
    state: optionalText(50),
    country: optionalText(50),
    zipcode: z
      .string({ error: 'CEP é obrigatório' })
      .trim()
      .min(1, { error: 'CEP é obrigatório', abort: true })
      .refine(isValidTaxId, 'CPF/CNPJ inválido'),
    useAddressForPaymentDetails: z.boolean().optional(),
    nameOnCard: z.string().optional(),
    cardNumber: z.string().optional(),
    cvv: z.string().optional(),
    email: z.string().trim().toLowerCase().pipe(z.email('Invalid email')).optional(),
    plan: z.union([z.literal('custom'), idField('Plano é obrigatório')], { error: 'Plano é obrigatório' }),
    price: z.number().optional(),
    users: z.number().int().min(CUSTOM_PLAN.minUsers, `Mínimo de ${CUSTOM_PLAN.minUsers} usuários`).max(1000).optional(),
    connections: z.number().int().min(CUSTOM_PLAN.minConnections, `Mínimo de ${CUSTOM_PLAN.minConnections} conexões`).max(1000).optional(),
    invoiceId: z.number().int().positive().max(MAX_ID).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.plan !== 'custom') return
    if (v.users === undefined) ctx.addIssue({ code: 'custom', path: ['users'], message: `Mínimo de ${CUSTOM_PLAN.minUsers} usuários` })
    if (v.connections === undefined) ctx.addIssue({ code: 'custom', path: ['connections'], message: `Mínimo de ${CUSTOM_PLAN.minConnections} conexões` })
  })
export type SubscriptionBody = z.infer<typeof subscriptionBody>

/** Mercado Pago's webhook query (data.id and type, as its notifications send them). */
export const mercadoPagoWebhookQuery = z.object({ 'data.id': z.string().min(1).max(64).optional(), type: z.string().max(64).optional() })
