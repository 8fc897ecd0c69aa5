import { randomUUID } from 'node:crypto'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import type { TestSessionInput } from '../../routes/queue-integrations.schema.ts'
import { detectIntent, parseServiceAccount } from './runtime/dialogflow-call.ts'

/** What the Test button shows (the spec leaves the answer's shape open: docs/decisions.md). */
export type TestSessionAnswer =
  | { ok: true; queryText: string; fulfillmentText: string; intent: string | null }
  | { ok: false; reason: string }

/** The phrase the test sends to the agent. */
export const TEST_PHRASE = 'Olá'

/**
 * POST /queueIntegration/testSession (spec part 2 §7): one detectIntent with the given credentials, or with
 * the stored ones of integration `id` when jsonContent is blank (the dialog never gets them back). A JSON that
 * is not a service-account key is a 400 on jsonContent; what Google answers is the test's result.
 */
export async function testIntegrationSession(ctx: DomainCtx, apiUrl: string, input: TestSessionInput, fetchImpl?: typeof fetch): Promise<TestSessionAnswer> {
  let json = input.jsonContent
  if (!json.trim() && input.id !== null) {
    const [row] = await ctx.tx<{ jsonContent: string }[]>`
      select json_content from queue_integrations where id = ${input.id} and company_id = ${ctx.auth.user.companyId}`
    if (!row) throw new AppError('ERR_NOT_FOUND', `No integration ${input.id}`)
    json = row.jsonContent
  }
  if (!parseServiceAccount(json)) {
    throw new AppError('ERR_VALIDATION', 'jsonContent: JSON inválido', { fields: [{ field: 'jsonContent', message: 'JSON inválido' }] })
  }
  const sessionId = `balcao-test-${randomUUID()}`
  const detected = await detectIntent({ apiUrl, jsonContent: json, projectName: input.projectName, language: input.language, sessionId, text: TEST_PHRASE }, ctx.now(), 10_000, fetchImpl)
  if (!detected.ok) return { ok: false, reason: detected.outcome.reason }
  const { queryText, fulfillmentText, intent } = detected.result
  return { ok: true, queryText, fulfillmentText, intent }
}
