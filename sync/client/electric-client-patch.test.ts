import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { isChangeMessage, ShapeStream, type Message, type Row } from '@electric-sql/client'

/**
 * patches/@electric-sql+client+1.5.28.patch (applied by `npm install`'s postinstall) replaces the
 * client's JSON.parse reviver with one parse and a pass over each message's value and old_value
 * (bench/sync.ts: 1.3 s → 0.15 s for the 100,000-message first load). These tests hold it to what the
 * reviver did: typed values parsed by the schema header, old values too, headers and keys untouched.
 */
const SCHEMA = JSON.stringify({ id: { type: 'int8', pk_index: 0 }, n: { type: 'int4' }, ok: { type: 'bool' }, data: { type: 'jsonb' }, name: { type: 'text' } })

function answering(bodies: string[]): typeof fetch {
  let i = 0
  return (async () => {
    const body = bodies[Math.min(i, bodies.length - 1)]
    const offset = `0_${i++}`
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'application/json', 'electric-handle': 'h-1', 'electric-offset': offset, 'electric-schema': SCHEMA, 'electric-up-to-date': '' },
    })
  }) as unknown as typeof fetch
}

async function firstBatch(bodies: string[]): Promise<Message<Row<unknown>>[]> {
  const stop = new AbortController()
  const stream = new ShapeStream({ url: 'http://test.invalid/v1/shape', params: { table: 'items' }, fetchClient: answering(bodies), signal: stop.signal, subscribe: false })
  try {
    return await new Promise((resolve, reject) => {
      stream.subscribe((messages) => resolve(messages), reject)
    })
  } finally {
    stop.abort()
  }
}

describe('the patched @electric-sql/client parser', () => {
  test('is the one installed (postinstall applied the patch)', () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/client')
    const dist = entry.replace(/cjs[/\\]index\.cjs$/, '')
    const esm = readFileSync(`${dist}index.mjs`, 'utf8').match(/from "\.\/(chunk-[\w-]+\.mjs)"/)?.[1]
    expect(esm).toBeTruthy()
    for (const file of [`${dist}${esm}`, `${dist}cjs/index.cjs`]) expect(readFileSync(file, 'utf8')).toContain('Patched by Balcão')
  })

  test('parses each value and old value by the schema, as the reviver did, and leaves the rest as sent', async () => {
    const body = JSON.stringify([
      { key: '"public"."items"/"1"', value: { id: '1', n: '42', ok: 't', data: '{"value":{"n":"7"}}', name: 'um' }, headers: { operation: 'insert', relation: ['public', 'items'], lsn: '5' } },
      { key: '"public"."items"/"2"', value: { id: '2', n: null, ok: 'f', data: null, name: 'value' }, old_value: { id: '2', n: '3' }, headers: { operation: 'update', lsn: '6', last: true } },
      { headers: { control: 'up-to-date', global_last_seen_lsn: '6' } },
    ])
    const messages = await firstBatch([body])
    const changes = messages.filter(isChangeMessage)
    expect(changes.map((m) => m.value)).toEqual([
      { id: 1n, n: 42, ok: true, data: { value: { n: '7' } }, name: 'um' },
      { id: 2n, n: null, ok: false, data: null, name: 'value' },
    ])
    expect((changes[1] as unknown as { old_value: unknown }).old_value).toEqual({ id: 2n, n: 3 })
    expect(changes.map((m) => m.key)).toEqual(['"public"."items"/"1"', '"public"."items"/"2"'])
    expect(changes[0].headers).toEqual({ operation: 'insert', relation: ['public', 'items'], lsn: '5' })
    expect(messages.at(-1)).toEqual({ headers: { control: 'up-to-date', global_last_seen_lsn: '6' } })
  })

  test('a body that is not an array is still refused as the client refuses it', async () => {
    const stop = new AbortController()
    const errors: unknown[] = []
    const stream = new ShapeStream({
      url: 'http://test.invalid/v1/shape',
      params: { table: 'items' },
      fetchClient: answering([JSON.stringify({ value: { id: '1' } })]),
      signal: stop.signal,
      subscribe: false,
      onError: (err) => void errors.push(err),
    })
    stream.subscribe(() => {}, (err) => errors.push(err))
    try {
      const deadline = Date.now() + 3_000
      while (!errors.length && Date.now() < deadline) await Bun.sleep(10)
    } finally {
      stop.abort()
    }
    expect(String((errors[0] as Error)?.message)).toContain('non-array response body')
  })
})
