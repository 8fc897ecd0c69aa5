import { z } from 'zod'

/**
 * The flow graph as the editor saves it and the runtime walks it (spec part 2 §3 "Flow", §5, §9):
 * React Flow's nodes ({id, type, position, data}) and its edges under the spec's name `connections`
 * ({source, sourceHandle, target}). One definition for the server's check (POST /flowbuilder/flow) and
 * the runtime's reading; the client keeps a twin for its dialogs' messages.
 *
 * Outputs (sourceHandle): menu `a{n}` per option number; condition `true`/`false`; randomizer `a`
 * (percent) and `b` (100 − percent); ticket none (it ends the bot); every other node one output, written
 * `a` or left empty.
 */

export const INTERVAL_MAX_S = 120
export const MEDIA_LIMITS = {
  img: { bytes: 2 * 1024 * 1024, extensions: ['png', 'jpg', 'jpeg'] },
  audio: { bytes: 5 * 1024 * 1024, extensions: ['ogg', 'mp3', 'opus'] },
  video: { bytes: 20 * 1024 * 1024, extensions: ['mp4'] },
} as const
export const CONDITION_OPERATORS = { 1: '==', 2: '>=', 3: '<=', 4: '<', 5: '>' } as const
export const MAX_NODES = 1000
export const MAX_TEXT = 4096

/** Block ids: 30 random alphanumerics (spec part 2 §3); the start node keeps the anchor's "1". */
const nodeId = z.string().regex(/^[A-Za-z0-9]{1,30}$/, 'Identificador de bloco inválido')
const text = (required: string) => z.string({ error: required }).max(MAX_TEXT, 'Muito longo!')
/** A stored media name as POST /flowbuilder/img|audio|content answers it: no folders, no dots first. */
export const storedName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/, 'Arquivo inválido')
const seconds = z.number({ error: 'Adicione o valor de intervalo' }).gt(0, 'Adicione o valor de intervalo').max(INTERVAL_MAX_S, 'Máximo de tempo atingido 120 segundos')

export const elementSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), number: z.string().max(60), value: text('Campos de mensagem vazio!').refine((v) => v.trim() !== '', 'Campos de mensagem vazio!') }),
  z.object({
    type: z.literal('interval'),
    number: z.string().max(60),
    value: z.coerce.number({ error: 'Intervalo não pode ser 0 ou maior que 120!' }).gt(0, 'Intervalo não pode ser 0 ou maior que 120!').max(INTERVAL_MAX_S, 'Intervalo não pode ser 0 ou maior que 120!'),
  }),
  z.object({ type: z.literal('img'), number: z.string().max(60), value: storedName, original: z.string().max(255).optional() }),
  z.object({ type: z.literal('audio'), number: z.string().max(60), value: storedName, original: z.string().max(255).optional(), record: z.boolean().optional().default(false) }),
  z.object({ type: z.literal('video'), number: z.string().max(60), value: storedName, original: z.string().max(255).optional() }),
])
export type FlowElement = z.infer<typeof elementSchema>

const menuOption = z.object({ number: z.number().int().min(1).max(99), value: text('Obrigatório').refine((v) => v.trim() !== '', 'Obrigatório') })

/** Node data by type (spec part 2 §3 node table, plus question: the answer kept in a variable). */
export const nodeDataSchemas = {
  start: z.object({ label: z.string().max(200).optional().default('Início') }),
  message: z.object({ label: text('Campos de mensagem vazio!').refine((v) => v.trim() !== '', 'Campos de mensagem vazio!') }),
  interval: z.object({ sec: z.coerce.number({ error: 'Adicione o valor de intervalo' }).pipe(seconds), label: z.string().max(200).optional() }),
  condition: z.object({
    key: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(60),
    condition: z.coerce.number().int().min(1, 'Operador inválido').max(5, 'Operador inválido'),
    value: z.string().max(MAX_TEXT),
  }),
  menu: z.object({
    message: text('Obrigatório'),
    arrayOption: z
      .array(menuOption)
      .min(1, 'Adicione uma opção')
      .max(99)
      .refine((o) => o.every((opt, i) => opt.number === i + 1), 'As opções são numeradas a partir de 1'),
  }),
  img: z.object({ url: storedName }),
  audio: z.object({ url: storedName, record: z.boolean().optional().default(false) }),
  video: z.object({ url: storedName }),
  randomizer: z.object({
    percent: z.coerce
      .number()
      .int()
      .min(10, 'Adicione o valor de intervalo')
      .max(100)
      .refine((p) => p % 10 === 0, 'Em passos de 10'),
  }),
  singleBlock: z.object({ seq: z.array(z.string().max(60)).max(100), elements: z.array(elementSchema).max(100) }),
  ticket: z.object({ queue: z.object({ id: z.number({ error: 'Adicione uma fila' }).int().positive('Adicione uma fila'), name: z.string().max(200).optional() }, { error: 'Adicione uma fila' }) }),
  question: z.object({
    message: text('Obrigatório').refine((v) => v.trim() !== '', 'Obrigatório'),
    answerKey: z.string({ error: 'Obrigatório' }).trim().regex(/^[A-Za-z_][A-Za-z0-9_]{0,39}$/, 'Use letras, números e _'),
  }),
} as const
export type FlowNodeType = keyof typeof nodeDataSchemas
export const NODE_TYPES = Object.keys(nodeDataSchemas) as FlowNodeType[]

type DataOf<T extends FlowNodeType> = z.infer<(typeof nodeDataSchemas)[T]>
export type FlowNode = { [T in FlowNodeType]: { id: string; type: T; position: { x: number; y: number }; data: DataOf<T> } }[FlowNodeType]
export interface FlowConnection {
  id?: string
  source: string
  sourceHandle: string | null
  target: string
  targetHandle?: string | null
}
export interface FlowGraph {
  nodes: FlowNode[]
  connections: FlowConnection[]
}

const rawNode = z.object({
  id: nodeId,
  type: z.enum(NODE_TYPES as [FlowNodeType, ...FlowNodeType[]], { error: 'Tipo de bloco desconhecido' }),
  position: z.object({ x: z.number().finite(), y: z.number().finite() }),
  data: z.unknown(),
})
const rawConnection = z.object({
  id: z.string().max(200).optional(),
  source: nodeId,
  sourceHandle: z.string().max(60).nullish().transform((v) => v ?? null),
  target: nodeId,
  targetHandle: z.string().max(60).nullish(),
})

/** The outputs a node offers; null = none. */
export function outputsOf(node: FlowNode): string[] {
  switch (node.type) {
    case 'menu':
      return node.data.arrayOption.map((o) => `a${o.number}`)
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

/** A single-output node's edge may leave its handle empty: it means the one output `a`. */
export const handleOf = (c: Pick<FlowConnection, 'sourceHandle'>) => c.sourceHandle ?? 'a'

/**
 * The graph check (issue 21): node data per type, unique ids, exactly one start, edges between existing
 * nodes on outputs the source has, one edge per output, a content block's seq naming its elements.
 * Each problem carries its place (nodes.3.data.sec, connections.0.target) and the spec's message.
 */
export const flowGraphSchema = z
  .object({
    nodes: z.array(rawNode).max(MAX_NODES, `No máximo ${MAX_NODES} blocos`),
    connections: z.array(rawConnection).max(MAX_NODES * 4),
  })
  .transform((g, ctx) => {
    const nodes: FlowNode[] = []
    const ids = new Set<string>()
    g.nodes.forEach((n, i) => {
      if (ids.has(n.id)) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'id'], message: 'Identificador repetido' })
      ids.add(n.id)
      const parsed = nodeDataSchemas[n.type].safeParse(n.data ?? {})
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'data', ...issue.path.map(String)], message: issue.message })
        return
      }
      if (n.type === 'singleBlock') {
        const block = parsed.data as DataOf<'singleBlock'>
        const numbers = new Set(block.elements.map((e) => e.number))
        block.seq.forEach((s, k) => {
          if (!numbers.has(s)) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'data', 'seq', String(k)], message: 'Elemento inexistente' })
        })
      }
      nodes.push({ ...n, data: parsed.data } as FlowNode)
    })
    const starts = g.nodes.filter((n) => n.type === 'start').length
    if (starts !== 1) ctx.addIssue({ code: 'custom', path: ['nodes'], message: starts === 0 ? 'O fluxo precisa de um bloco de início' : 'Só pode haver um bloco de início' })
    const byId = new Map(nodes.map((n) => [n.id, n]))
    const used = new Set<string>()
    const connections: FlowConnection[] = []
    g.connections.forEach((c, i) => {
      if (!ids.has(c.source)) ctx.addIssue({ code: 'custom', path: ['connections', i, 'source'], message: 'Bloco de origem inexistente' })
      if (!ids.has(c.target)) ctx.addIssue({ code: 'custom', path: ['connections', i, 'target'], message: 'Bloco de destino inexistente' })
      if (c.source === c.target) ctx.addIssue({ code: 'custom', path: ['connections', i, 'target'], message: 'Um bloco não pode ligar a si mesmo' })
      const source = byId.get(c.source)
      if (byId.get(c.target)?.type === 'start') ctx.addIssue({ code: 'custom', path: ['connections', i, 'target'], message: 'O início não recebe ligações' })
      if (!source) return
      const handle = handleOf(c)
      if (!outputsOf(source).includes(handle)) {
        ctx.addIssue({ code: 'custom', path: ['connections', i, 'sourceHandle'], message: source.type === 'ticket' ? 'O bloco de ticket encerra o fluxo' : 'Saída inexistente' })
        return
      }
      const key = `${c.source}:${handle}`
      if (used.has(key)) ctx.addIssue({ code: 'custom', path: ['connections', i, 'sourceHandle'], message: 'Esta saída já está ligada' })
      used.add(key)
      connections.push(c)
    })
    return { nodes, connections } satisfies FlowGraph
  })

/** Where an output leads, or null (the flow ends there). */
export function nextNode(graph: FlowGraph, from: string, handle = 'a'): FlowNode | null {
  const edge = graph.connections.find((c) => c.source === from && handleOf(c) === handle)
  return edge ? (graph.nodes.find((n) => n.id === edge.target) ?? null) : null
}

/** The stored names a graph uses (media the flow keeps; a duplicate copies them). */
export function mediaOf(graph: FlowGraph): string[] {
  const names: string[] = []
  for (const n of graph.nodes) {
    if (n.type === 'img' || n.type === 'audio' || n.type === 'video') names.push(n.data.url)
    if (n.type === 'singleBlock') for (const e of n.data.elements) if (e.type !== 'message' && e.type !== 'interval') names.push(String(e.value))
  }
  return names
}
