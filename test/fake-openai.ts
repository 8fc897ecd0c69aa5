/**
 * A local OpenAI-compatible chat completions server (POST /v1/chat/completions, OpenAI's wire format): it
 * checks the bearer key, records each request and answers what `reply` returns, with usage counts.
 * Loopback only, random port.
 */
export interface FakeOpenAi {
  url: string
  requests: { body: any; authorization: string | null }[]
  key: string
  reply: (messages: { role: string; content: string }[]) => string
  /** What /audio/transcriptions hears, and the calls it got. */
  transcript: string
  transcriptions: { model: string; size: number; authorization: string | null }[]
  failNext(status: number): void
  stop(): Promise<void>
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const failures: number[] = []
  const fake: FakeOpenAi = {
    url: '',
    requests: [],
    key: 'sk-test-balcao',
    reply: (messages) => `Eco: ${messages.at(-1)?.content ?? ''}`,
    transcript: 'quero saber o horário',
    transcriptions: [],
    failNext: (status) => failures.push(status),
    stop: async () => server.stop(true),
  }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname
      const authorization = req.headers.get('authorization')
      if (path === '/v1/audio/transcriptions' && req.method === 'POST') {
        // OpenAI's audio API: multipart file + model, answering {text}.
        const form = await req.formData()
        const file = form.get('file')
        fake.transcriptions.push({ model: String(form.get('model')), size: file instanceof File ? file.size : 0, authorization })
        if (authorization !== `Bearer ${fake.key}`) return Response.json({ error: { message: 'Incorrect API key provided' } }, { status: 401 })
        return Response.json({ text: fake.transcript })
      }
      if (path !== '/v1/chat/completions' || req.method !== 'POST') return Response.json({ error: { message: 'not found' } }, { status: 404 })
      const body = await req.json()
      fake.requests.push({ body, authorization })
      if (authorization !== `Bearer ${fake.key}`) return Response.json({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }, { status: 401 })
      const status = failures.shift()
      if (status) return Response.json({ error: { message: 'overloaded' } }, { status })
      const content = fake.reply(body.messages)
      const promptTokens = JSON.stringify(body.messages).length >> 2
      const completionTokens = content.length >> 2
      return Response.json({
        id: `chatcmpl-${crypto.randomUUID()}`,
        object: 'chat.completion',
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      })
    },
  })
  fake.url = `http://127.0.0.1:${server.port}/v1`
  return fake
}
