import { z } from 'zod'
import { nameField } from './common.schema.ts'

/** The ten plan switches (spec part 2 §1), all on for a new plan. */
export const PLAN_FLAGS = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const

/** Booleans, also as the 'true'/'false' and 'enabled'/'disabled' strings some forms send. */
const flagField = z.preprocess(
  (v) => (v === 'true' || v === 'enabled' ? true : v === 'false' || v === 'disabled' ? false : v),
  z.boolean('Must be true or false'),
)
const countField = z.coerce.number('Must be a number').int('Must be a whole number').min(0, 'Must be 0 or more').max(100000, 'Too large')
const amountField = z.coerce.number('Must be a number').min(0, 'Must be 0 or more').max(9_999_999_999.99, 'Too large')

/** `value` is the spec's other name for amount (part 2 §3 Plan): it fills amount when amount is absent. */
const withValueAlias = (v: unknown) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v
  const o = v as Record<string, unknown>
  return o.amount === undefined && o.value !== undefined ? { ...o, amount: o.value } : o
}

const flagsWithDefault = Object.fromEntries(PLAN_FLAGS.map((f) => [f, flagField.default(true)])) as Record<
  (typeof PLAN_FLAGS)[number],
  z.ZodDefault<typeof flagField>
>
const flagsOptional = Object.fromEntries(PLAN_FLAGS.map((f) => [f, flagField.optional()])) as Record<
  (typeof PLAN_FLAGS)[number],
  z.ZodOptional<typeof flagField>
>

/** Plan form (spec part 2 §3 Plan): a new plan is public with every feature on. */
export const createPlanSchema = z.preprocess(
  withValueAlias,
  z.object({
    name: nameField,
    users: countField.optional(),
    connections: countField.optional(),
    queues: countField.optional(),
    amount: amountField.optional(),
    isPublic: flagField.default(true),
    ...flagsWithDefault,
  }),
)
export type CreatePlanInput = z.infer<typeof createPlanSchema>

export const updatePlanSchema = z.preprocess(
  withValueAlias,
  z.object({
    name: nameField.optional(),
    users: countField.optional(),
    connections: countField.optional(),
    queues: countField.optional(),
    amount: amountField.optional(),
    isPublic: flagField.optional(),
    ...flagsOptional,
  }),
)
export type UpdatePlanInput = z.infer<typeof updatePlanSchema>

/** GET /plans/list: listPublic 'false' asks for every plan, which only a signed-in super user gets. */
export const listPlansQuery = z.object({ listPublic: z.string().max(10).optional() })
export type ListPlansQuery = z.infer<typeof listPlansQuery>
