import type { SpeechSynth } from '../server/domain/integrations/runtime/index.ts'
import { publicMediaLinks } from '../server/media/signed-url.ts'
import { runIntegrationBatch } from '../workers/integrations.ts'
import type { TestEnv } from './env.ts'
import { uniq } from './factories.ts'
import type { FakeWebhook } from './fake-webhook.ts'
import { q } from './routing-support.ts'

/** Integration runtime helpers (issue 22): a webhook integration wired to a fake receiver, the worker's batch, what the ticket shows. */

export async function addWebhookIntegration(env: TestEnv, companyId: number, fake: FakeWebhook, type: 'webhook' | 'n8n' = 'webhook'): Promise<number> {
  const [row] = await q(env, (tx) => tx`insert into queue_integrations ${tx({ companyId, type, name: uniq('Gancho '), urlN8n: fake.url })} returning id, signing_secret`)
  fake.setSecret(row.signingSecret)
  return row.id
}

/** One batch of the integration worker on the test clock, short timeout. */
export const runIntegrations = (env: TestEnv, opts: { timeoutMs?: number; attempts?: number; dialogflowUrl?: string; openAiUrl?: string; speech?: SpeechSynth; publicUrl?: string } = {}) =>
  runIntegrationBatch({ db: env.services.db, events: env.services.events, now: () => env.clock.now, owner: 'integration-test', log: (m, e) => console.error(m, e), timeoutMs: opts.timeoutMs ?? 2_000, attempts: opts.attempts, random: () => 0.5, dialogflowUrl: opts.dialogflowUrl, openAiUrl: opts.openAiUrl, openAiModel: 'test-model', media: env.services.media, speech: opts.speech,
    mediaLink: opts.publicUrl ? publicMediaLinks(env.services.keys, opts.publicUrl, () => env.clock.now) : undefined })

/** Runs batches until none is due at the test clock, moving the clock past each retry's backoff. */
export async function drainIntegrations(env: TestEnv, opts: Parameters<typeof runIntegrations>[1] = {}): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await runIntegrations(env, opts)
    const [pending] = await q(env, (tx) => tx`select count(*)::int as n from jobs where queue = 'integration' and done_at is null`)
    if (pending.n === 0) return
    env.clock.advance(60_000)
  }
}

/** The ticket's outgoing messages: customer-facing texts and private notes apart. */
export async function outgoing(env: TestEnv, ticketId: number): Promise<{ sent: string[]; notes: string[] }> {
  const rows = await q(env, (tx) => tx`select body, is_private from messages where ticket_id = ${ticketId} and from_me order by id`)
  return { sent: rows.filter((r: any) => !r.isPrivate).map((r: any) => r.body), notes: rows.filter((r: any) => r.isPrivate).map((r: any) => r.body) }
}

export async function integrationJobs(env: TestEnv, ticketId: number) {
  return q(env, (tx) => tx`select attempts, done_at, last_error from jobs where queue = 'integration' and payload->>'ticketId' = ${String(ticketId)} order by id`)
}

export async function addTypebotIntegration(env: TestEnv, companyId: number, url: string, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await q(env, (tx) => tx`insert into queue_integrations ${tx({ companyId, type: 'typebot', name: uniq('Typebot '), urlN8n: url, typebotSlug: 'atendimento', ...fields })} returning id`)
  return row.id
}

export async function addDialogflowIntegration(env: TestEnv, companyId: number, jsonContent: string, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await q(env, (tx) => tx`insert into queue_integrations ${tx({ companyId, type: 'dialogflow', name: uniq('Dialogflow '), projectName: 'meu-agente', jsonContent, language: 'pt-BR', ...fields })} returning id`)
  return row.id
}

export async function addPrompt(env: TestEnv, companyId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await q(env, (tx) => tx`insert into prompts ${tx({ companyId, name: uniq('Prompt '), prompt: 'Você é o assistente da Loja Balcão.', apiKey: 'sk-test-balcao', ...fields })} returning id`)
  return row.id
}
