/**
 * `bun run simulate`: drives a simulator connection from the shell, as a customer's phone would.
 *
 *   bun run simulate -- --email admin@x --password p --from 5511988887777 --body "Olá"
 *   bun run simulate -- --email admin@x --password p --load 500 --chats 20     (bounded load on loopback)
 *
 * Options: --url (default http://127.0.0.1:$PORT or 3000), --connection (default: the first simulator
 * connection), --name, --token (instead of email/password). Load mode sends each chat's messages in
 * order, chats in parallel, and prints the rate; it refuses more than 100,000 messages.
 */
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? 3000}` },
    email: { type: 'string' },
    password: { type: 'string' },
    token: { type: 'string' },
    connection: { type: 'string' },
    from: { type: 'string', default: '5511999990001' },
    name: { type: 'string' },
    body: { type: 'string', default: 'Olá! Mensagem do simulador.' },
    load: { type: 'string' },
    chats: { type: 'string', default: '10' },
  },
})

async function api(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  if (init.body) headers.set('content-type', 'application/json')
  const res = await fetch(`${values.url}${path}`, { ...init, headers })
  const body = await res.json().catch(() => null)
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`)
  return body
}

const token =
  values.token ??
  (await api('/auth/login', { method: 'POST', body: JSON.stringify({ email: values.email, password: values.password }) })).token
const connectionId =
  Number(values.connection) ||
  ((await api('/whatsapp', { token })) as { id: number; channel: string }[]).find((c) => c.channel === 'simulator')?.id
if (!connectionId) throw new Error('no simulator connection: create one on /connections or pass --connection')

const send = (from: string, body: string, name?: string) =>
  api(`/simulator/${connectionId}/inbound`, { method: 'POST', token, body: JSON.stringify({ from, body, name }) })

if (!values.load) {
  console.log(JSON.stringify(await send(values.from!, values.body!, values.name)))
} else {
  const total = Math.min(Number(values.load), 100_000)
  const chats = Math.max(1, Math.min(Number(values.chats), total))
  const started = performance.now()
  await Promise.all(
    Array.from({ length: chats }, async (_, c) => {
      const from = `55119${String(80000000 + c).padStart(8, '0')}`
      for (let i = c; i < total; i += chats) await send(from, `mensagem ${i}`, `Cliente ${c}`)
    }),
  )
  const seconds = (performance.now() - started) / 1000
  console.log(`${total} messages in ${chats} chats: ${seconds.toFixed(1)} s, ${(total / seconds).toFixed(0)} messages/s`)
}
