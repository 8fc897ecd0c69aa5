import { exportPKCS8, generateKeyPair, jwtVerify, decodeJwt, type CryptoKey } from 'jose'

/**
 * A local stand-in for Google's OAuth token endpoint and Dialogflow ES's REST detectIntent (v2
 * projects.agent.sessions.detectIntent). The token endpoint checks the service account's JWT (RS256,
 * issuer = client_email, audience = token_uri) against the key pair it made; detectIntent needs a token it
 * issued. `serviceAccount` is a key JSON for it; `agent` scripts the answers. Loopback only, random port.
 */
export interface DetectRequest {
  project: string
  session: string
  body: any
}

export interface AgentAnswer {
  texts: string[]
  intent?: string
  endInteraction?: boolean
}

export interface FakeDialogflow {
  url: string
  serviceAccount: string
  /** A key of the same shape that the token endpoint refuses (another key pair). */
  foreignServiceAccount: string
  detects: DetectRequest[]
  tokensIssued: number
  agent: (text: string, language: string) => AgentAnswer
  /** What a voice note says to the agent. */
  heard: string
  failNext(status: number): void
  stop(): Promise<void>
}

export async function startFakeDialogflow(): Promise<FakeDialogflow> {
  const mine = await generateKeyPair('RS256', { extractable: true })
  const other = await generateKeyPair('RS256', { extractable: true })
  const issued = new Set<string>()
  const failures: number[] = []
  const fake: FakeDialogflow = {
    url: '',
    serviceAccount: '',
    foreignServiceAccount: '',
    detects: [],
    tokensIssued: 0,
    agent: (text) => ({ texts: [`Você disse: ${text}`], intent: 'Default Fallback Intent' }),
    heard: 'quero a segunda via',
    failNext: (status) => failures.push(status),
    stop: async () => server.stop(true),
  }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(await req.text())
        const assertion = form.get('assertion') ?? ''
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return Response.json({ error: 'unsupported_grant_type' }, { status: 400 })
        try {
          const iat = decodeJwt(assertion).iat ?? 0
          await jwtVerify(assertion, mine.publicKey as CryptoKey, { issuer: 'bot@balcao-test.iam.gserviceaccount.com', audience: `${fake.url}/token`, currentDate: new Date(iat * 1000) })
        } catch {
          return Response.json({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }, { status: 400 })
        }
        const token = `ya29.fake-${++fake.tokensIssued}`
        issued.add(token)
        return Response.json({ access_token: token, expires_in: 3599, token_type: 'Bearer' })
      }
      const m = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(url.pathname)
      if (m && req.method === 'POST') {
        const token = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1]
        if (!token || !issued.has(token)) return Response.json({ error: { code: 401, status: 'UNAUTHENTICATED' } }, { status: 401 })
        const body = await req.json()
        fake.detects.push({ project: decodeURIComponent(m[1]), session: decodeURIComponent(m[2]), body })
        const status = failures.shift()
        if (status) return Response.json({ error: { code: status } }, { status })
        // A voice note: Dialogflow hears `heard` (the test's), in the audio config's language.
        const audio = body?.inputAudio ? { heard: fake.heard, language: body?.queryInput?.audioConfig?.languageCode ?? '' } : null
        const text = audio ? audio.heard : body?.queryInput?.text?.text ?? ''
        const answer = fake.agent(text, audio ? audio.language : body?.queryInput?.text?.languageCode ?? '')
        return Response.json({
          responseId: crypto.randomUUID(),
          queryResult: {
            queryText: text,
            languageCode: body?.queryInput?.text?.languageCode,
            fulfillmentText: answer.texts[0] ?? '',
            fulfillmentMessages: answer.texts.map((t) => ({ text: { text: [t] } })),
            intent: { name: 'projects/x/agent/intents/1', displayName: answer.intent ?? 'Intent', endInteraction: answer.endInteraction ?? false },
          },
        })
      }
      return Response.json({ error: 'not found' }, { status: 404 })
    },
  })
  fake.url = `http://127.0.0.1:${server.port}`
  const key = (pem: string) => JSON.stringify({
    type: 'service_account', project_id: 'balcao-agent', private_key_id: 'k1', private_key: pem,
    client_email: 'bot@balcao-test.iam.gserviceaccount.com', token_uri: `${fake.url}/token`,
  })
  fake.serviceAccount = key(await exportPKCS8(mine.privateKey as CryptoKey))
  fake.foreignServiceAccount = key(await exportPKCS8(other.privateKey as CryptoKey))
  return fake
}
