/**
 * A local stand-in for Typebot's chat API (docs.typebot.io "Start chat", "Continue chat"): POST
 * /api/v1/typebots/{publicId}/startChat opens a session and answers the bot's opening bubbles, POST
 * /api/v1/sessions/{sessionId}/continueChat answers an input; an unknown session is 404 as Typebot's is.
 * Bubbles come as `textBubbleContentFormat: 'markdown'` asks. The test scripts the bot with `bot`.
 * Loopback only, random port.
 */
export interface TypebotRequest {
  path: string
  body: any
}

/** A bubble in order: a text, or media by URL (a video from YouTube says so in videoType, as Typebot's does). */
export type Bubble = { text: string } | { type: 'image' | 'audio' | 'video' | 'embed'; url: string; videoType?: string }

export interface Bubbles {
  texts?: string[]
  /** In place of texts: texts and media in order. */
  bubbles?: Bubble[]
  choices?: string[]
  /** The answer to an input it refuses: no bubbles, the same input again. */
  refused?: boolean
}

export interface FakeTypebot {
  url: string
  requests: TypebotRequest[]
  /** The bot: what it says on start (slug, prefilled variables) and to each answer. */
  bot: { start: (slug: string, vars: Record<string, string>) => Bubbles; answer: (text: string) => Bubbles }
  /** The next calls fail with this status (5xx, 404...). */
  failNext(status: number, times?: number): void
  /** Files it serves on GET (the bot's media): path → bytes and content type (null: none sent). */
  files: Map<string, { bytes: Uint8Array; type: string | null }>
  /** Awaited before each chat answer (a test changes the ticket while the bot "thinks"). */
  beforeAnswer: (() => Promise<void>) | null
  /** Forgets every session (Typebot's own expiry). */
  dropSessions(): void
  stop(): Promise<void>
}

const markdown = (text: string) => ({ id: crypto.randomUUID(), type: 'text', content: { type: 'markdown', markdown: text } })
const bubbleOf = (b: Bubble) => 'text' in b
  ? markdown(b.text)
  : { id: crypto.randomUUID(), type: b.type, content: { url: b.url, ...(b.type === 'video' ? { type: b.videoType ?? 'url' } : {}) } }

function chatAnswer(b: Bubbles, sessionId?: string) {
  const input = b.choices || b.refused
    ? { id: 'input1', type: 'choice input', items: (b.choices ?? []).map((c, i) => ({ id: `i${i}`, content: c })) }
    : { id: 'input2', type: 'text input' }
  return { ...(sessionId ? { sessionId, typebot: { id: 'tb1' }, resultId: 'r1' } : {}), messages: b.refused ? [] : b.bubbles ? b.bubbles.map(bubbleOf) : (b.texts ?? []).map(markdown), input }
}

export async function startFakeTypebot(): Promise<FakeTypebot> {
  const sessions = new Set<string>()
  const failures: number[] = []
  let seq = 0
  const fake: FakeTypebot = {
    url: '',
    requests: [],
    bot: { start: () => ({ texts: ['Olá!'] }), answer: () => ({ texts: ['Ok.'] }) },
    failNext: (status, times = 1) => failures.push(...Array(times).fill(status)),
    files: new Map(),
    beforeAnswer: null,
    dropSessions: () => sessions.clear(),
    stop: async () => server.stop(true),
  }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname
      const file = req.method === 'GET' ? fake.files.get(path) : undefined
      if (file) return new Response(file.bytes as Uint8Array<ArrayBuffer>, { headers: file.type ? { 'content-type': file.type } : {} })
      if (req.method === 'GET') return new Response('<html>não encontrado</html>', { status: 404, headers: { 'content-type': 'text/html' } })
      const body = await req.json().catch(() => null)
      fake.requests.push({ path, body })
      const status = failures.shift()
      if (status) return Response.json({ message: 'failed' }, { status })
      if (fake.beforeAnswer) await fake.beforeAnswer()
      const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path)
      if (start && req.method === 'POST') {
        const id = `session-${++seq}`
        sessions.add(id)
        return Response.json(chatAnswer(fake.bot.start(decodeURIComponent(start[1]), body?.prefilledVariables ?? {}), id))
      }
      const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path)
      if (next && req.method === 'POST') {
        if (!sessions.has(decodeURIComponent(next[1]))) return Response.json({ message: 'Session not found.', code: 'NOT_FOUND' }, { status: 404 })
        const text = typeof body?.message === 'string' ? body.message : body?.message?.text
        return Response.json(chatAnswer(fake.bot.answer(String(text ?? ''))))
      }
      return Response.json({ message: 'Not found' }, { status: 404 })
    },
  })
  fake.url = `http://127.0.0.1:${server.port}/`
  return fake
}
