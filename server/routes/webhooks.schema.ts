import { z } from 'zod'

/**
 * Meta's subscription check (channels.md §3.1). Every field is optional here: a wrong or missing one is
 * answered 403 by the check itself, as Meta expects, never 400.
 */
export const webhookVerifyQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
})
export type WebhookVerifyQuery = z.infer<typeof webhookVerifyQuery>
