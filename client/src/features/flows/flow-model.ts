import type { Edge, Node } from '@xyflow/react'

/**
 * The flow graph between its saved form (spec part 2 §3 "Flow": {nodes, connections}, the shape
 * GET/POST /flowbuilder/flow carry and server/domain/flows/flow-graph.ts checks) and React Flow's state
 * (nodes and edges). Pure: the canvas page calls these, tests walk them.
 */

export const BLOCK_TYPES = ['message', 'interval', 'condition', 'menu', 'img', 'audio', 'video', 'randomizer', 'singleBlock', 'ticket', 'question'] as const
export type AddableType = (typeof BLOCK_TYPES)[number]
export type BlockType = 'start' | AddableType

export interface MenuOption {
  number: number
  value: string
}
export type ElementType = 'message' | 'interval' | 'img' | 'audio' | 'video'
export interface ContentElement {
  type: ElementType
  number: string
  value: string
  original?: string
  record?: boolean
}

/** Node data by type, as saved. */
export interface BlockDataMap {
  start: { label?: string }
  message: { label: string }
  interval: { sec: number; label?: string }
  condition: { key: string; condition: number; value: string }
  menu: { message: string; arrayOption: MenuOption[] }
  img: { url: string }
  audio: { url: string; record?: boolean }
  video: { url: string }
  randomizer: { percent: number }
  singleBlock: { seq: string[]; elements: ContentElement[] }
  ticket: { queue: { id: number; name?: string } | null }
  question: { message: string; answerKey: string }
}
export type BlockData = BlockDataMap[BlockType]

export interface SavedNode {
  id: string
  type: BlockType
  position: { x: number; y: number }
  data: Record<string, unknown>
}
export interface SavedConnection {
  id?: string
  source: string
  sourceHandle: string | null
  target: string
  targetHandle?: string | null
}
export interface SavedGraph {
  nodes: SavedNode[]
  connections: SavedConnection[]
}

export type FlowNode = Node<Record<string, unknown>, BlockType>

/** Where a node's outputs are: menu a{n} per option, condition true/false, randomizer a/b, ticket none, else a. */
export function outputsOf(node: Pick<SavedNode, 'type' | 'data'>): string[] {
  switch (node.type) {
    case 'menu':
      return ((node.data.arrayOption as MenuOption[] | undefined) ?? []).map((o) => `a${o.number}`)
    case 'condition':
      return ['true', 'false']
    case 'randomizer':
      return ['a', 'b']
    case 'ticket':
      return []
    default:
      return ['a']
  }
}

const edgeId = (source: string, handle: string, target: string) => `e-${source}-${handle}-${target}`

/** The saved graph as React Flow's nodes and edges (an empty handle means the one output `a`). */
export function toCanvas(graph: SavedGraph): { nodes: FlowNode[]; edges: Edge[] } {
  const nodes: FlowNode[] = graph.nodes.map((n) => ({
    id: n.id,
    type: n.type,
    position: { x: n.position.x, y: n.position.y },
    data: n.data ?? {},
    ...(n.type === 'start' ? { deletable: false } : {}),
  }))
  const edges: Edge[] = graph.connections.map((c) => {
    const handle = c.sourceHandle ?? 'a'
    return { id: c.id || edgeId(c.source, handle, c.target), source: c.source, sourceHandle: handle, target: c.target }
  })
  return { nodes, edges }
}

/** React Flow's state as the saved graph: positions rounded, UI-only fields left out. */
export function fromCanvas(nodes: FlowNode[], edges: Edge[]): SavedGraph {
  return {
    nodes: nodes.map((n) => ({
      id: n.id,
      type: n.type as BlockType,
      position: { x: Math.round(n.position.x), y: Math.round(n.position.y) },
      data: n.data,
    })),
    connections: edges.map((e) => ({ id: e.id, source: e.source, sourceHandle: e.sourceHandle ?? null, target: e.target, targetHandle: null })),
  }
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A block id: 30 random alphanumerics (spec part 2 §3). */
export function newBlockId(randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const bytes = randomBytes(30)
  let id = ''
  // 62 × 4 = 248: bytes at or above it are skipped so every character is equally likely.
  for (const b of bytes) if (b < 248) id += ALPHANUMERIC[b % 62]
  return id.length === 30 ? id : id + newBlockId(randomBytes).slice(0, 30 - id.length)
}

/** How far right of the rightmost node a duplicate lands (a block is about 260 px wide). */
export const DUPLICATE_GAP = 320

/** Spec part 2 §4: a duplicate sits to the right of the rightmost node, on the original's row. */
export function duplicatePosition(nodes: Pick<FlowNode, 'position'>[], original: Pick<FlowNode, 'position'>): { x: number; y: number } {
  const rightmost = nodes.reduce((max, n) => Math.max(max, n.position.x), original.position.x)
  return { x: rightmost + DUPLICATE_GAP, y: original.position.y }
}

/** A copy of a node with a new id, its data deep-copied, not selected. */
export function duplicateNode(nodes: FlowNode[], original: FlowNode, id = newBlockId()): FlowNode {
  return { id, type: original.type, position: duplicatePosition(nodes, original), data: structuredClone(original.data) }
}

/** A node and every edge touching it gone (spec part 2 §4 node delete). */
export function removeNode(nodes: FlowNode[], edges: Edge[], id: string): { nodes: FlowNode[]; edges: Edge[] } {
  return { nodes: nodes.filter((n) => n.id !== id), edges: edges.filter((e) => e.source !== id && e.target !== id) }
}

/** Edges leaving from outputs a node no longer has (a removed menu option) dropped. */
export function pruneEdges(nodes: FlowNode[], edges: Edge[]): Edge[] {
  const outputs = new Map(nodes.map((n) => [n.id, new Set(outputsOf({ type: n.type as BlockType, data: n.data }))]))
  const kept = edges.filter((e) => outputs.get(e.source)?.has(e.sourceHandle ?? 'a') && outputs.has(e.target))
  return kept.length === edges.length ? edges : kept
}

/** A block's footprint on the canvas, roughly (w-64 card; the height of a short block). */
export const BLOCK_BOX = { width: 256, height: 140 }
const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.abs(a.x - b.x) < BLOCK_BOX.width + 24 && Math.abs(a.y - b.y) < BLOCK_BOX.height

/** Where a new block goes: the point asked for, moved right along its row while it would cover another block. */
export function placeNew(nodes: Pick<FlowNode, 'position'>[], at: { x: number; y: number }): { x: number; y: number } {
  const p = { x: Math.round(at.x), y: Math.round(at.y) }
  while (nodes.some((n) => overlaps(n.position, p))) p.x += BLOCK_BOX.width + 64
  return p
}

/** An edge may connect once per output, never into the start or into itself (the server's rules). */
export function canConnect(nodes: FlowNode[], edges: Edge[], c: { source: string | null; target: string | null; sourceHandle?: string | null }): boolean {
  if (!c.source || !c.target || c.source === c.target) return false
  const target = nodes.find((n) => n.id === c.target)
  if (!target || target.type === 'start') return false
  const handle = c.sourceHandle ?? 'a'
  return !edges.some((e) => e.source === c.source && (e.sourceHandle ?? 'a') === handle)
}

export interface FieldProblem {
  field: string
  message: string
}

/**
 * A refused save's field list (`nodes.3.data.sec`, `connections.0.target`) by block: node problems go to
 * that node; an edge's go to its source block; anything else (the graph as a whole) stays apart.
 */
export function problemsByNode(fields: FieldProblem[], graph: SavedGraph): { byNode: Map<string, string[]>; general: string[] } {
  const byNode = new Map<string, string[]>()
  const general: string[] = []
  const add = (id: string | undefined, message: string) => {
    if (!id) return general.push(message)
    const list = byNode.get(id) ?? []
    if (!list.includes(message)) list.push(message)
    byNode.set(id, list)
  }
  for (const f of fields) {
    const [kind, index] = f.field.split('.')
    const i = Number(index)
    if (kind === 'nodes' && Number.isInteger(i)) add(graph.nodes[i]?.id, f.message)
    else if (kind === 'connections' && Number.isInteger(i)) add(graph.connections[i]?.source, f.message)
    else add(undefined, f.message)
  }
  return { byNode, general }
}
