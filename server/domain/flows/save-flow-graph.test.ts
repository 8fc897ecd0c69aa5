import { describe, expect, test } from 'bun:test'
import { flowGraphSchema } from './flow-graph.ts'
import { mediaPlaces } from './save-flow-graph.ts'

const name = (c: string, ext: string) => `${c.repeat(32)}.${ext}`

describe('mediaPlaces', () => {
  test('names each media file of the graph by the path the 400 answer uses', () => {
    const graph = flowGraphSchema.parse({
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'a', type: 'img', position: { x: 0, y: 0 }, data: { url: name('a', 'png') } },
        { id: 'm', type: 'message', position: { x: 0, y: 0 }, data: { label: 'oi' } },
        { id: 'b', type: 'audio', position: { x: 0, y: 0 }, data: { url: name('b', 'ogg'), record: true } },
        { id: 'v', type: 'video', position: { x: 0, y: 0 }, data: { url: name('c', 'mp4') } },
        {
          id: 's', type: 'singleBlock', position: { x: 0, y: 0 },
          data: { seq: ['1', '2', '3'], elements: [{ type: 'message', number: '1', value: 'texto' }, { type: 'interval', number: '2', value: 5 }, { type: 'audio', number: '3', value: name('d', 'mp3') }] },
        },
      ],
      connections: [],
    })
    expect(mediaPlaces(graph)).toEqual([
      { field: 'nodes.1.data.url', name: name('a', 'png') },
      { field: 'nodes.3.data.url', name: name('b', 'ogg') },
      { field: 'nodes.4.data.url', name: name('c', 'mp4') },
      { field: 'nodes.5.data.elements.2.value', name: name('d', 'mp3') },
    ])
  })

  test('a graph without media has no places', () => {
    expect(mediaPlaces({ nodes: [], connections: [] })).toEqual([])
  })
})
