import { flowGraphSchema } from '../server/domain/flows/flow-graph.ts'
import { routeInbound } from '../server/domain/routing/index.ts'
import { handleChannelEvent } from '../workers/inbound/handle-channel-event.ts'
import type { ConnectionRef } from '../workers/inbound/types.ts'
import { runFlowBatch } from '../workers/flows.ts'
import type { TestEnv } from './env.ts'
import { uniq } from './factories.ts'
import { depsOf, q } from './routing-support.ts'

/** Flow scenario helpers (issue 21): graphs, flows, phrase campaigns and the interval worker on the test clock. */

type NodeSpec = { id: string; type: string; data: Record<string, unknown> }

/** A graph with the start block '1' (leading to the first node given) and edges [source, handle, target]. */
export function graph(nodes: NodeSpec[], edges: [string, string | null, string][]) {
  const all = [{ id: '1', type: 'start', data: { label: 'Início' } }, ...nodes].map((n, i) => ({ ...n, position: { x: i * 100, y: 0 } }))
  const connections = edges.map(([source, sourceHandle, target], i) => ({ id: `e${i}`, source, sourceHandle, target }))
  // The test's graph must pass the save check, or the runtime would refuse it for the wrong reason.
  flowGraphSchema.parse({ nodes: all, connections })
  return { nodes: all, connections }
}

export async function createFlow(env: TestEnv, companyId: number, g: ReturnType<typeof graph>, active = true): Promise<number> {
  const [f] = await q(env, (tx) => tx`insert into flows ${tx({ companyId, name: uniq('Fluxo '), active, flow: tx.json(g) })} returning id`)
  return f.id
}

export async function addPhrase(env: TestEnv, companyId: number, flowId: number, phrase: string, whatsappId: number | null, status = true): Promise<number> {
  const [c] = await q(env, (tx) => tx`insert into flow_campaigns ${tx({ companyId, name: uniq('Frase '), flowId, whatsappId, phrase, status })} returning id`)
  return c.id
}

export async function addFlowIntegration(env: TestEnv, companyId: number, flowId: number): Promise<number> {
  const [i] = await q(env, (tx) => tx`insert into queue_integrations ${tx({ companyId, type: 'flowbuilder', name: uniq('Fluxo int '), flowId })} returning id`)
  return i.id
}

/** A contact writes, with the randomizer's draw fixed. */
export async function sayWithRandom(env: TestEnv, conn: ConnectionRef, from: string, body: string, draw: number) {
  const deps = { ...depsOf(env), route: (ctx: Parameters<typeof routeInbound>[0], input: Parameters<typeof routeInbound>[1]) => routeInbound({ ...ctx, random: () => draw }, input) }
  const message = { externalId: uniq('WAID'), fromMe: false, timestamp: env.clock.now, peer: { number: from, name: 'Maria' }, body, mediaType: 'text' as const }
  return (await handleChannelEvent(deps, conn, { kind: 'message', message })) as { ticketId: number }
}

/** The interval worker's batch at the test clock. */
export const runFlows = (env: TestEnv) =>
  runFlowBatch({ db: env.services.db, events: env.services.events, now: () => env.clock.now, owner: 'flow-test', log: (m, e) => console.error(m, e) })

export async function flowState(env: TestEnv, ticketId: number) {
  const [t] = await q(env, (tx) => tx`select flow_webhook, flow_id, last_flow_id, hash_flow_id, data_webhook from tickets where id = ${ticketId}`)
  return t as { flowWebhook: boolean; flowId: number | null; lastFlowId: string | null; hashFlowId: string | null; dataWebhook: any }
}

export async function flowJobs(env: TestEnv, ticketId: number) {
  return q(env, (tx) => tx`select id, run_at, done_at, last_error, payload from jobs where queue = 'flow' and payload->>'ticketId' = ${String(ticketId)} order by id`)
}
