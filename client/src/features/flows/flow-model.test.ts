import { describe, expect, test } from 'bun:test'
import {
  canConnect, duplicateNode, DUPLICATE_GAP, fromCanvas, newBlockId, placeNew, problemsByNode, pruneEdges, removeNode, toCanvas,
  type FlowNode, type SavedGraph,
} from './flow-model.ts'

const graph: SavedGraph = {
  nodes: [
    { id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Início do fluxo' } },
    { id: 'm', type: 'menu', position: { x: 600.4, y: 80.6 }, data: { message: 'Escolha', arrayOption: [{ number: 1, value: 'Vendas' }, { number: 2, value: 'Suporte' }] } },
    { id: 't', type: 'ticket', position: { x: 900, y: 40 }, data: { queue: { id: 3, name: 'Suporte' } } },
  ],
  connections: [
    { source: '1', sourceHandle: null, target: 'm' },
    { id: 'x', source: 'm', sourceHandle: 'a2', target: 't' },
  ],
}

describe('graph conversions', () => {
  test('loads the saved graph into nodes and edges, an empty handle as output a', () => {
    const { nodes, edges } = toCanvas(graph)
    expect(nodes.map((n) => n.id)).toEqual(['1', 'm', 't'])
    expect(nodes[0].deletable).toBe(false)
    expect(edges[0]).toMatchObject({ source: '1', sourceHandle: 'a', target: 'm' })
    expect(edges[1].id).toBe('x')
  })

  test('saves nodes and edges back as {nodes, connections} with rounded positions', () => {
    const { nodes, edges } = toCanvas(graph)
    const saved = fromCanvas(nodes.map((n) => ({ ...n, selected: true, measured: { width: 1, height: 1 } })), edges)
    expect(saved.nodes[1]).toEqual({ id: 'm', type: 'menu', position: { x: 600, y: 81 }, data: graph.nodes[1].data })
    expect(saved.connections[1]).toEqual({ id: 'x', source: 'm', sourceHandle: 'a2', target: 't', targetHandle: null })
  })
})

describe('new block ids', () => {
  test('are 30 alphanumerics and differ', () => {
    const a = newBlockId()
    expect(a).toMatch(/^[A-Za-z0-9]{30}$/)
    expect(newBlockId()).not.toBe(a)
  })

  test('skip biased bytes and still give 30 characters', () => {
    let call = 0
    const id = newBlockId((n) => new Uint8Array(n).fill(call++ === 0 ? 255 : 1))
    expect(id).toBe('B'.repeat(30))
  })
})

describe('duplicate, delete and place', () => {
  const { nodes, edges } = toCanvas(graph)
  test('a duplicate lands right of the rightmost node, on the original row, with a new id and copied data', () => {
    const copy = duplicateNode(nodes, nodes[1], 'copy')
    expect(copy.position).toEqual({ x: 900 + DUPLICATE_GAP, y: 80.6 })
    expect(copy.data).toEqual(nodes[1].data)
    expect(copy.data).not.toBe(nodes[1].data)
  })

  test('deleting a node removes its edges', () => {
    const after = removeNode(nodes, edges, 'm')
    expect(after.nodes.map((n) => n.id)).toEqual(['1', 't'])
    expect(after.edges).toEqual([])
  })

  test('edges from a removed menu option are pruned', () => {
    const menu = { ...nodes[1], data: { ...nodes[1].data, arrayOption: [{ number: 1, value: 'Vendas' }] } } as FlowNode
    expect(pruneEdges([nodes[0], menu, nodes[2]], edges).map((e) => e.id)).toEqual([edges[0].id])
  })

  test('a new block moves right along its row until it covers no other block', () => {
    expect(placeNew(nodes, { x: 250, y: 100 })).toEqual({ x: 250 + 3 * 320, y: 100 })
    expect(placeNew(nodes, { x: 10, y: 400 })).toEqual({ x: 10, y: 400 })
  })

  test('an output connects once, never to the start or itself', () => {
    expect(canConnect(nodes, edges, { source: 'm', sourceHandle: 'a1', target: 't' })).toBe(true)
    expect(canConnect(nodes, edges, { source: 'm', sourceHandle: 'a2', target: 't' })).toBe(false)
    expect(canConnect(nodes, edges, { source: 'm', sourceHandle: 'a1', target: '1' })).toBe(false)
    expect(canConnect(nodes, edges, { source: 'm', sourceHandle: 'a1', target: 'm' })).toBe(false)
  })
})

describe('refused save → blocks', () => {
  test('maps node and connection paths to their block, the rest apart', () => {
    const { byNode, general } = problemsByNode(
      [
        { field: 'nodes.2.data.queue.id', message: 'Adicione uma fila' },
        { field: 'connections.1.target', message: 'Bloco de destino inexistente' },
        { field: 'nodes', message: 'O fluxo precisa de um bloco de início' },
      ],
      graph,
    )
    expect(byNode.get('t')).toEqual(['Adicione uma fila'])
    expect(byNode.get('m')).toEqual(['Bloco de destino inexistente'])
    expect(general).toEqual(['O fluxo precisa de um bloco de início'])
  })
})
