import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * A local n8n-style webhook receiver (issue 22): it checks each POST's X-Balcao-Signature-256 against
 * the integration's secret the way a receiver is told to in docs/decisions.md (HMAC-SHA256 of the raw
 * body, compared in constant time), records what arrived and answers as the test says. Loopback only.
 */
export interface ReceivedCall {
  body: any
  delivery: string | null
  signed: boolean
}

type Answer = { status?: number; json?: unknown; text?: string; delayMs?: number }

export interface FakeWebhook {
  url: string
  calls: ReceivedCall[]
  /** The answer to the next calls, in order; once they are used, `fallback` answers. */
  queue(...answers: Answer[]): void
  fallback: Answer
  setSecret(secret: string): void
  stop(): Promise<void>
}

export function verifySignature(secret: string, raw: string, header: string | null): boolean {
  if (!header?.startsWith('sha256=')) return false
  const expected = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'))
  const given = Buffer.from(header.slice('sha256='.length))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export async function startFakeWebhook(): Promise<FakeWebhook> {
  let secret = ''
  const answers: Answer[] = []
  const calls: ReceivedCall[] = []
  const fake: FakeWebhook = {
    url: '',
    calls,
    queue: (...a) => answers.push(...a),
    fallback: { status: 200, json: { message: 'Workflow was started' } },
    setSecret: (s) => (secret = s),
    stop: async () => server.stop(true),
  }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const raw = await req.text()
      const signed = verifySignature(secret, raw, req.headers.get('x-balcao-signature-256'))
      calls.push({ body: JSON.parse(raw), delivery: req.headers.get('x-balcao-delivery'), signed })
      if (!signed) return Response.json({ error: 'bad signature' }, { status: 401 })
      const answer = answers.shift() ?? fake.fallback
      if (answer.delayMs) await Bun.sleep(answer.delayMs)
      if (answer.text !== undefined) return new Response(answer.text, { status: answer.status ?? 200 })
      return Response.json(answer.json ?? {}, { status: answer.status ?? 200 })
    },
  })
  fake.url = `http://127.0.0.1:${server.port}/webhook/balcao`
  return fake
}
