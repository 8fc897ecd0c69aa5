import { expect } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { routeInbound } from '../server/domain/routing/index.ts'
import { handleChannelEvent, type InboundDeps } from '../workers/inbound/handle-channel-event.ts'
import type { ConnectionRef } from '../workers/inbound/types.ts'
import type { TestEnv } from './env.ts'
import { createCompany, createConnection, uniq } from './factories.ts'

/** Routing scenario helpers: a contact writes through the inbound pipeline, the tests read the replies and the ticket. */

export const q = (env: TestEnv, fn: (tx: any) => Promise<any>): Promise<any> => withSystem(env.services.db, fn)
export const number = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
/** A minute: past the greeting debounce, so each answer is taken on its own. */
export const LATER = 60_000

export function depsOf(env: TestEnv): InboundDeps {
  const s = env.services
  return { db: s.db, media: s.media, events: s.events, now: () => env.clock.now, route: routeInbound }
}

/** A contact writes `body` on the connection at the current clock. */
export async function say(env: TestEnv, conn: ConnectionRef, from: string, body: string, mediaType: 'text' | 'audio' = 'text') {
  const message = { externalId: uniq('WAID'), fromMe: false, timestamp: env.clock.now, peer: { number: from, name: 'Maria' }, body, mediaType }
  return (await handleChannelEvent(depsOf(env), conn, { kind: 'message', message })) as { ticketId: number; outcome: string }
}

/** The automatic messages the contact got so far, each stored as a system message with its send job. */
export async function replies(env: TestEnv, ticketId: number): Promise<string[]> {
  const rows = await q(env, (tx) => tx`select m.body, m.is_system, exists (select 1 from jobs j where j.payload->>'messageId' = m.id::text) as queued
    from messages m where m.ticket_id = ${ticketId} and m.from_me order by m.id`)
  expect(rows.every((r: { isSystem: boolean; queued: boolean }) => r.isSystem && r.queued)).toBe(true)
  return rows.map((r: { body: string }) => r.body)
}

export async function ticketOf(env: TestEnv, ticketId: number) {
  const [t] = await q(env, (tx) => tx`select status, queue_id, user_id, queue_option_id, is_bot, is_out_of_hour, amount_used_bot_queues,
    amount_used_bot_queues_nps from tickets where id = ${ticketId}`)
  return t
}

/**
 * A company and a connection with a menu greeting. sendGreetingMessageOneQueues (on by default) is
 * turned off, so a one-queue scenario hears only its queue; the tests of that setting turn it on.
 */
export async function setup(env: TestEnv, conn: Record<string, unknown> = {}) {
  const { companyId, adminToken } = await createCompany(env)
  const connection = await createConnection(env, companyId, { greetingMessage: 'Olá {{name}}! Escolha um setor:', maxUseBotQueues: 3, ...conn })
  await setting(env, companyId, { sendGreetingMessageOneQueues: 'disabled' })
  return { companyId, adminToken, conn: connection as ConnectionRef }
}

export async function addQueue(env: TestEnv, conn: ConnectionRef, name: string, fields: Record<string, unknown> = {}): Promise<number> {
  return q(env, async (tx) => {
    const [queue] = await tx`insert into queues ${tx({ companyId: conn.companyId, name, color: uniq('#'), ...fields })} returning id`
    await tx`insert into whatsapp_queues ${tx({ companyId: conn.companyId, whatsappId: conn.id, queueId: queue.id })}`
    return queue.id
  })
}

export async function addOption(env: TestEnv, companyId: number, owner: { queueId?: number; parentId?: number }, fields: Record<string, unknown>): Promise<number> {
  return q(env, async (tx) => {
    const [o] = await tx`insert into chatbots ${tx({ companyId, queueId: owner.queueId ?? null, parentId: owner.parentId ?? null, ...fields })} returning id`
    return o.id
  })
}

export const setting = (env: TestEnv, companyId: number, fields: Record<string, unknown>) =>
  q(env, (tx) => tx`update company_settings set ${tx(fields)} where company_id = ${companyId}`)

export async function logTypes(env: TestEnv, ticketId: number): Promise<string[]> {
  const rows = await q(env, (tx) => tx`select type from ticket_logs where ticket_id = ${ticketId} order by id`)
  return rows.map((r: { type: string }) => r.type)
}
