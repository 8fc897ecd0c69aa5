import { addEdge, useEdgesState, useNodesState, type Connection, type Edge, type EdgeChange, type NodeChange } from '@xyflow/react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { pushToast } from '../../state/toasts.ts'
import { defaultData } from './block-rules.ts'
import {
  canConnect, duplicateNode, fromCanvas, newBlockId, placeNew, problemsByNode, pruneEdges, removeNode, toCanvas,
  type AddableType, type BlockData, type FlowNode,
} from './flow-model.ts'
import type { BlockActions } from './flow-nodes.tsx'
import { flowCalls, validationFields } from './flows.ts'

export interface DialogState {
  mode: 'create' | 'edit'
  type: AddableType
  nodeId: string | null
  initial: BlockData
}

/** Changes that are only looking (selection, measuring) leave the flow as saved. */
const changesGraph = (changes: { type: string }[]) => changes.some((c) => c.type !== 'select' && c.type !== 'dimensions')

/**
 * The canvas's state and actions (spec part 2 §4 "Flow builder"): load, add through a dialog, edit,
 * duplicate, delete, connect, save; the unsaved-changes flag and a refused save's problems by block.
 */
export function useFlowEditor(flowId: number, centre: () => { x: number; y: number }) {
  const { t } = useTranslation()
  const [nodes, setNodes, onNodesChangeBase] = useNodesState<FlowNode>([])
  const [edges, setEdges, onEdgesChangeBase] = useEdgesState<Edge>([])
  const [flow, setFlow] = useState<{ name: string; loading: boolean; error: unknown }>({ name: '', loading: true, error: null })
  const [dirty, setDirty] = useState(false)
  const [saving, setSaving] = useState(false)
  const [problems, setProblems] = useState<{ byNode: Map<string, string[]>; general: string[] }>({ byNode: new Map(), general: [] })
  const [dialog, setDialog] = useState<DialogState | null>(null)
  const state = useRef({ nodes, edges })
  state.current = { nodes, edges }

  useEffect(() => {
    const ctl = new AbortController()
    setFlow({ name: '', loading: true, error: null })
    flowCalls.load(flowId, ctl.signal).then(
      (f) => {
        const canvas = toCanvas(f.flow ?? { nodes: [], connections: [] })
        setNodes(canvas.nodes)
        setEdges(canvas.edges)
        setFlow({ name: f.name, loading: false, error: null })
        setDirty(false)
      },
      (error: unknown) => !ctl.signal.aborted && setFlow({ name: '', loading: false, error }),
    )
    return () => ctl.abort()
  }, [flowId, setNodes, setEdges])

  const onNodesChange = useCallback((changes: NodeChange<FlowNode>[]) => {
    onNodesChangeBase(changes)
    if (changesGraph(changes)) setDirty(true)
  }, [onNodesChangeBase])
  const onEdgesChange = useCallback((changes: EdgeChange<Edge>[]) => {
    onEdgesChangeBase(changes)
    if (changesGraph(changes)) setDirty(true)
  }, [onEdgesChangeBase])
  const isValidConnection = useCallback((c: Connection | Edge) => canConnect(state.current.nodes, state.current.edges, c), [])
  const onConnect = useCallback((c: Connection) => {
    if (!canConnect(state.current.nodes, state.current.edges, c)) return
    setEdges((es) => addEdge({ ...c, id: `e-${c.source}-${c.sourceHandle ?? 'a'}-${c.target}` }, es))
    setDirty(true)
  }, [setEdges])

  const actions: BlockActions = useMemo(() => ({
    edit: (id) => {
      const node = state.current.nodes.find((n) => n.id === id)
      if (!node || node.type === 'start') return
      setDialog({ mode: 'edit', type: node.type as AddableType, nodeId: id, initial: structuredClone(node.data) as BlockData })
    },
    duplicate: (id) => {
      const node = state.current.nodes.find((n) => n.id === id)
      if (!node || node.type === 'start') return
      setNodes((ns) => [...ns.map((n) => ({ ...n, selected: false })), { ...duplicateNode(ns, node), selected: true }])
      setDirty(true)
    },
    remove: (id) => {
      const node = state.current.nodes.find((n) => n.id === id)
      if (!node || node.type === 'start') return
      const after = removeNode(state.current.nodes, state.current.edges, id)
      setNodes(after.nodes)
      setEdges(after.edges)
      setDirty(true)
    },
  }), [setNodes, setEdges])

  const add = useCallback((type: AddableType) => setDialog({ mode: 'create', type, nodeId: null, initial: defaultData(type) }), [])

  const applyDialog = useCallback((data: BlockData) => {
    const d = dialog
    if (!d) return
    if (d.mode === 'create') {
      const node: FlowNode = { id: newBlockId(), type: d.type, position: placeNew(state.current.nodes, centre()), data: data as Record<string, unknown>, selected: true }
      setNodes((ns) => [...ns.map((n) => ({ ...n, selected: false })), node])
    } else {
      const next = state.current.nodes.map((n) => (n.id === d.nodeId ? { ...n, data: data as Record<string, unknown> } : n))
      setNodes(next)
      setEdges((es) => pruneEdges(next, es))
      // The block was looked at again: its old refusal goes until the next save says otherwise.
      setProblems((p) => (p.byNode.has(d.nodeId ?? '') ? { ...p, byNode: new Map([...p.byNode].filter(([id]) => id !== d.nodeId)) } : p))
    }
    setDirty(true)
  }, [dialog, centre, setNodes, setEdges])

  const save = useCallback(async () => {
    const graph = fromCanvas(state.current.nodes, state.current.edges)
    setSaving(true)
    try {
      await flowCalls.save(flowId, graph)
      setProblems({ byNode: new Map(), general: [] })
      setDirty(false)
      pushToast('success', t('flows.saved'))
    } catch (err) {
      const fields = validationFields(err)
      if (!fields?.length) return toastError(err)
      const found = problemsByNode(fields, graph)
      setProblems(found)
      pushToast('error', t('flows.canvas.invalid', { count: found.byNode.size + found.general.length }))
    } finally {
      setSaving(false)
    }
  }, [flowId, t])

  return { nodes, edges, flow, dirty, saving, problems, dialog, setDialog, onNodesChange, onEdgesChange, onConnect, isValidConnection, actions, add, applyDialog, save }
}
