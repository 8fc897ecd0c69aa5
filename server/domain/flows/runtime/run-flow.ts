import type { RoutingCtx } from '../../routing/routing-context.ts'
import { changeTicket, holdSends, logTicket, type RunState } from '../../routing/routing-effects.ts'
import { nextNode, type FlowGraph, type FlowNode } from '../flow-graph.ts'
import { compareValues, conditionKeyValue } from './flow-condition.ts'
import { endRun, saveRun, type FlowRun } from './flow-run-state.ts'
import { fillTemplate } from '../../messages/fill-template.ts'
import { flowVars, INVALID_MENU_MESSAGE, menuText, scheduleResume, sendFlowMedia, sendFlowText } from './flow-sends.ts'
import { normalisePhrase } from './phrase-match.ts'

/** Steps one run may take without waiting: a loop of the graph ends here, with a log line. */
export const MAX_STEPS_WITHOUT_WAIT = 100

/** What a step leads to: the next node (null: the flow ends there) or a wait. */
type StepOutcome = { next: FlowNode | null } | 'wait' | 'end'

/**
 * Walks the graph from `node` (issue 21; spec part 2 §3 node table) until the flow waits for the contact
 * or an interval, or ends; the state is written once, at the stop. `element` starts a content block past
 * an interval it waited on.
 */
export async function runFrom(ctx: RoutingCtx, state: RunState, graph: FlowGraph, run: FlowRun, node: FlowNode | null, element = 0): Promise<void> {
  // A step's messages go out as one insert (bench/flows.ts: two statements per message before).
  await holdSends(ctx, state, (held) => walk(held, state, graph, run, node, element))
}

async function walk(ctx: RoutingCtx, state: RunState, graph: FlowGraph, run: FlowRun, node: FlowNode | null, element: number): Promise<void> {
  let current = node
  let from = element
  for (let taken = 0; current; taken++) {
    if (taken >= MAX_STEPS_WITHOUT_WAIT) {
      console.warn(`flow ${run.flowId} on ticket ${state.ticketId}: ${MAX_STEPS_WITHOUT_WAIT} steps without waiting (a loop?), run ended`)
      break
    }
    run.steps++
    const outcome = await step(ctx, state, graph, run, current, from)
    from = 0
    if (outcome === 'wait') return saveRun(ctx, state, run)
    if (outcome === 'end') return
    current = outcome.next
  }
  await endRun(ctx, state, run.flowId)
}

async function step(ctx: RoutingCtx, state: RunState, graph: FlowGraph, run: FlowRun, node: FlowNode, element: number): Promise<StepOutcome> {
  const next = (handle = 'a') => ({ next: nextNode(graph, node.id, handle) })
  switch (node.type) {
    case 'start':
      return next()
    case 'message':
      await sendFlowText(ctx, state, run, node.data.label)
      return next()
    case 'interval':
      return wait(run, node.id, 'interval', await scheduleResume(ctx, state, run, node.id, node.data.sec))
    case 'condition': {
      const left = conditionKeyValue(node.data.key, state, run)
      const right = fillTemplate(node.data.value, state.contactName, flowVars(state, run))
      return next(compareValues(left, right, node.data.condition) ? 'true' : 'false')
    }
    case 'menu':
      await sendFlowText(ctx, state, run, menuText(node))
      return wait(run, node.id, 'menu')
    case 'img':
    case 'video':
      await sendFlowMedia(ctx, state, node.type, node.data.url)
      return next()
    case 'audio':
      await sendFlowMedia(ctx, state, 'audio', node.data.url, node.data.record)
      return next()
    case 'randomizer':
      return next((ctx.random ?? Math.random)() * 100 < node.data.percent ? 'a' : 'b')
    case 'singleBlock':
      return runBlock(ctx, state, run, node, element, next)
    case 'ticket':
      await toQueue(ctx, state, node.data.queue.id)
      await endRun(ctx, state, run.flowId)
      return 'end'
    case 'question':
      await sendFlowText(ctx, state, run, node.data.message)
      return wait(run, node.id, 'question')
  }
}

function wait(run: FlowRun, nodeId: string, kind: 'menu' | 'question' | 'interval', job?: string, element?: number): 'wait' {
  run.waiting = { nodeId, kind, ...(job ? { job } : {}), ...(element !== undefined ? { element } : {}) }
  return 'wait'
}

type BlockNode = Extract<FlowNode, { type: 'singleBlock' }>

/** A content block: its elements in seq order; an interval element waits as a job and resumes at the next. */
async function runBlock(ctx: RoutingCtx, state: RunState, run: FlowRun, node: BlockNode, from: number, next: () => StepOutcome): Promise<StepOutcome> {
  const elements = node.data.seq.length
    ? node.data.seq.map((id) => node.data.elements.find((e) => e.number === id)).filter((e) => e !== undefined)
    : node.data.elements
  for (let i = from; i < elements.length; i++) {
    const e = elements[i]
    if (e.type === 'message') await sendFlowText(ctx, state, run, e.value)
    else if (e.type === 'interval') return wait(run, node.id, 'interval', await scheduleResume(ctx, state, run, node.id, e.value), i + 1)
    else await sendFlowMedia(ctx, state, e.type, e.value, e.type === 'audio' ? e.record : false)
  }
  return next()
}

/** Ticket node: into the queue (a queue of the company), pending, the bot off, logged; no greeting. */
async function toQueue(ctx: RoutingCtx, state: RunState, queueId: number): Promise<void> {
  const [queue] = await ctx.tx<{ id: number }[]>`select id from queues where id = ${queueId} and company_id = ${state.companyId}`
  if (!queue) return
  await changeTicket(ctx, state, { queueId: queue.id, queueOptionId: null, status: 'pending', isBot: false, amountUsedBotQueues: 0 })
  await logTicket(ctx, state, 'queue', { queueId: queue.id })
}

/**
 * The contact answered a run that waits: a menu takes the option's number or its text, else it is sent
 * again after INVALID_MENU_MESSAGE; a question keeps the answer in its variable; during an interval the
 * message is only stored. Returns false when the waiting node is gone from the graph (the run ended).
 */
export async function answerRun(ctx: RoutingCtx, state: RunState, graph: FlowGraph, run: FlowRun, body: string): Promise<boolean> {
  const node = run.waiting ? graph.nodes.find((n) => n.id === run.waiting!.nodeId) : undefined
  if (!node || !run.waiting) {
    await endRun(ctx, state, run.flowId)
    return false
  }
  if (run.waiting.kind === 'interval') return true
  if (node.type === 'menu') {
    const option = pickOption(node, body)
    if (!option) {
      await sendFlowText(ctx, state, run, `${INVALID_MENU_MESSAGE}\n\n${menuText(node)}`)
      return true
    }
    run.waiting = null
    await runFrom(ctx, state, graph, run, nextNode(graph, node.id, `a${option.number}`))
    return true
  }
  if (node.type === 'question') {
    run.variables[node.data.answerKey] = body.trim()
    run.waiting = null
    await runFrom(ctx, state, graph, run, nextNode(graph, node.id, 'a'))
    return true
  }
  await endRun(ctx, state, run.flowId)
  return false
}

function pickOption(node: Extract<FlowNode, { type: 'menu' }>, body: string) {
  const m = /^\s*(\d{1,3})\s*\.?\s*$/.exec(body)
  if (m) return node.data.arrayOption.find((o) => o.number === Number(m[1])) ?? null
  const text = normalisePhrase(body)
  return text ? (node.data.arrayOption.find((o) => normalisePhrase(o.value) === text) ?? null) : null
}

/** An interval is over (its job ran): on to the node after it, or the content block's next element. */
export async function resumeAfterInterval(ctx: RoutingCtx, state: RunState, graph: FlowGraph, run: FlowRun): Promise<void> {
  const waiting = run.waiting!
  const node = graph.nodes.find((n) => n.id === waiting.nodeId)
  run.waiting = null
  if (!node) return endRun(ctx, state, run.flowId)
  if (node.type === 'singleBlock' && waiting.element !== undefined) return runFrom(ctx, state, graph, run, node, waiting.element)
  await runFrom(ctx, state, graph, run, nextNode(graph, node.id, 'a'))
}
