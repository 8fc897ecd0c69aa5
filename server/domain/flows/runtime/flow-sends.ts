import { renderMenu } from '../../routing/menu-rules.ts'
import type { RoutingCtx } from '../../routing/routing-context.ts'
import { sendSystemMedia, sendSystemMessage, type RunState } from '../../routing/routing-effects.ts'
import type { FlowNode } from '../flow-graph.ts'
import type { FlowRun } from './flow-run-state.ts'

/** The jobs queue of interval resumes (workers/flows.ts claims it). */
export const FLOW_QUEUE = 'flow'

/** A menu answer the flow does not know (the spec has no wording; docs/decisions.md records this one). */
export const INVALID_MENU_MESSAGE = 'Opção inválida. Responda com o número de uma das opções.'

/** An interval job: which run, which node, and the key the run waits for (anything else is stale). */
export interface FlowJobPayload {
  ticketId: number
  hash: string
  nodeId: string
  key: string
}

/** Placeholders a flow's texts may use: {{name}}, {{number}}, {{email}} and the run's variables. */
export function flowVars(state: RunState, run: FlowRun): Record<string, string> {
  return { number: state.contactNumber ?? '', email: state.contactEmail ?? '', ...run.variables }
}

/** A text of the flow, as a system message through the outbound queue. */
export const sendFlowText = (ctx: RoutingCtx, state: RunState, run: FlowRun, text: string) => sendSystemMessage(ctx, state, text, flowVars(state, run))

type MenuNode = Extract<FlowNode, { type: 'menu' }>

/** The menu as the queue menus look: its message, a blank line, "*1* - option" per line. */
export const menuText = (node: MenuNode) => renderMenu(node.data.message, node.data.arrayOption.map((o) => ({ name: o.value })))

const MEDIA_TYPE = { img: 'image', audio: 'audio', video: 'video' } as const

/**
 * A stored flow file (the name the upload endpoints answered, in the company's media folder) as a system
 * message through the outbound queue, as campaign media goes; an audio with `record` goes as a voice note.
 */
export async function sendFlowMedia(ctx: RoutingCtx, state: RunState, kind: 'img' | 'audio' | 'video', fileName: string, record = false): Promise<void> {
  await sendSystemMedia(ctx, state, { fileName, originalName: fileName, mediaType: MEDIA_TYPE[kind], extra: kind === 'audio' && record ? { asVoice: true } : undefined })
}

/**
 * An interval: a job due `sec` seconds from now on the 'flow' queue (never a sleep). Tenant transactions
 * cannot write jobs directly; app_enqueue_job checks the company. Returns the key the run waits for.
 */
export async function scheduleResume(ctx: RoutingCtx, state: RunState, run: FlowRun, nodeId: string, sec: number): Promise<string> {
  const key = `flow:${run.hash}:${run.steps}`
  const payload: FlowJobPayload = { ticketId: state.ticketId, hash: run.hash, nodeId, key }
  const runAt = new Date(ctx.now().getTime() + Math.round(sec * 1000))
  await ctx.tx`select app_enqueue_job(${FLOW_QUEUE}, ${ctx.tx.json(payload as never)}::jsonb, ${state.companyId}, ${key}, ${runAt})`
  return key
}
