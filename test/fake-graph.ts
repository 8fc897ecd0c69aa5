import { createHash } from 'node:crypto'

/**
 * A local stand-in for Meta's Graph API (channels.md §3.6-3.7, §4.3-4.4): the Cloud API send, media
 * upload/lookup/download, the Messenger/Instagram Send API and attachment upload, profile lookup,
 * /me/accounts and page subscription. It records every request so tests can assert what a driver put
 * on the wire, and fails on demand with Graph's error JSON. Loopback only, random port.
 *
 * @example
 * const graph = await startFakeGraph()
 * const driver = new CloudApiDriver({ graphBaseUrl: graph.url, apiVersion: 'v23.0', phoneNumberId: '111', accessToken: 't' })
 * graph.failNext({ path: /\/messages$/ }, graphErrors.reEngagement)
 */

export interface RecordedRequest {
  method: string
  /** The path without the leading version segment (/111/messages, /me/messages). */
  path: string
  version?: string
  query: Record<string, string>
  headers: Record<string, string>
  json?: any
  /** Multipart fields; files as { name, type, size }. */
  form?: Record<string, string | { name: string; type: string; size: number }>
}

export interface GraphErrorBody {
  status: number
  error: { message: string; type: string; code: number; error_subcode?: number; error_data?: unknown; fbtrace_id?: string }
}

/** The errors tests ask for most, shaped as Graph sends them. */
export const graphErrors = {
  reEngagement: {
    status: 400,
    error: {
      message: '(#131047) Re-engagement message',
      type: 'OAuthException',
      code: 131047,
      error_data: { messaging_product: 'whatsapp', details: 'More than 24 hours have passed since the recipient last replied' },
      fbtrace_id: 'AbCdFake1',
    },
  },
  tokenExpired: {
    status: 401,
    error: { message: 'Error validating access token: Session has expired', type: 'OAuthException', code: 190, error_subcode: 463, fbtrace_id: 'AbCdFake2' },
  },
  rateLimited: {
    status: 429,
    error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429, fbtrace_id: 'AbCdFake3' },
  },
  unknownObject: {
    status: 400,
    error: { message: 'Unsupported get request. Object does not exist', type: 'GraphMethodException', code: 100, error_subcode: 33 },
  },
} satisfies Record<string, GraphErrorBody>

export interface FakePage {
  id: string
  name: string
  access_token: string
  category?: string
  instagram_business_account?: { id: string; username?: string; name?: string }
}

interface Failure {
  method?: string
  path?: RegExp | string
  body: GraphErrorBody
  times: number
}

export interface FakeGraph {
  url: string
  requests: RecordedRequest[]
  /** Pages GET /me/accounts lists for any non-empty user token. */
  pages: FakePage[]
  /** Profiles by PSID/IGSID for GET /{id}?fields=... */
  profiles: Map<string, Record<string, unknown>>
  /** Media known to GET /{mediaId} and its download URL (uploads land here too). */
  media: Map<string, { bytes: Uint8Array; mimeType: string }>
  /** The next `times` matching requests answer with the Graph error instead. */
  failNext(match: { method?: string; path?: RegExp | string }, body: GraphErrorBody, times?: number): void
  /** Requests whose path matches. */
  find(path: RegExp | string, method?: string): RecordedRequest[]
  reset(): void
  stop(): Promise<void>
}

const versionSegment = /^\/(v\d+(?:\.\d+)?)(\/.*)$/

export async function startFakeGraph(): Promise<FakeGraph> {
  const requests: RecordedRequest[] = []
  const failures: Failure[] = []
  const pages: FakePage[] = []
  const profiles = new Map<string, Record<string, unknown>>()
  const media = new Map<string, { bytes: Uint8Array; mimeType: string }>()
  let seq = 0

  const matches = (m: { method?: string; path?: RegExp | string }, r: RecordedRequest) =>
    (!m.method || m.method === r.method) && (!m.path || (typeof m.path === 'string' ? r.path === m.path : m.path.test(r.path)))

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const rec = await record(req)
      requests.push(rec)
      const failure = failures.find((f) => f.times > 0 && matches(f, rec))
      if (failure) {
        failure.times--
        return Response.json({ error: failure.body.error }, { status: failure.body.status })
      }
      return route(rec, new URL(req.url).origin)
    },
  })

  function route(r: RecordedRequest, origin: string): Response {
    const parts = r.path.split('/').filter(Boolean)
    const bearer = /^Bearer\s+\S+/.test(r.headers.authorization ?? '')
    if (r.method === 'GET' && parts[0] === 'download' && parts[1]) {
      const item = media.get(decodeURIComponent(parts[1]))
      if (!bearer) return Response.json({ error: graphErrors.tokenExpired.error }, { status: 401 })
      if (!item) return new Response('not found', { status: 404 })
      return new Response(new Uint8Array(item.bytes), { headers: { 'content-type': item.mimeType } })
    }
    if (r.method === 'POST' && parts.length === 2 && parts[1] === 'messages' && parts[0] === 'me') {
      const id = `m_${++seq}`
      return Response.json({ recipient_id: r.json?.recipient?.id ?? '', message_id: id })
    }
    if (r.method === 'POST' && parts.length === 2 && parts[1] === 'messages') {
      if (!bearer) return Response.json({ error: graphErrors.tokenExpired.error }, { status: 401 })
      if (r.json?.status === 'read') return Response.json({ success: true })
      const to = String(r.json?.to ?? '')
      return Response.json({
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to.replace(/\D/g, '') }],
        messages: [{ id: `wamid.${++seq}`, ...(r.json?.type === 'template' ? { message_status: 'accepted' } : {}) }],
      })
    }
    if (r.method === 'POST' && parts.length === 2 && parts[0] === 'me' && parts[1] === 'message_attachments') {
      if (!r.form?.filedata) return Response.json({ error: { message: 'filedata missing', type: 'OAuthException', code: 100 } }, { status: 400 })
      return Response.json({ attachment_id: `att_${++seq}` })
    }
    if (r.method === 'POST' && parts.length === 2 && parts[1] === 'subscribed_apps') {
      if (!r.query.access_token) return Response.json({ error: graphErrors.tokenExpired.error }, { status: 401 })
      return Response.json({ success: true })
    }
    if (r.method === 'POST' && parts.length === 2 && parts[1] === 'media') {
      return uploadMedia(r)
    }
    if (r.method === 'GET' && parts.length === 2 && parts[0] === 'me' && parts[1] === 'accounts') {
      if (!r.query.access_token) return Response.json({ error: graphErrors.tokenExpired.error }, { status: 401 })
      return Response.json({ data: pages, paging: { cursors: { before: 'b', after: 'a' } } })
    }
    if (r.method === 'GET' && parts.length === 1) {
      const item = media.get(parts[0])
      if (item) {
        return Response.json({
          messaging_product: 'whatsapp',
          url: `${origin}/download/${encodeURIComponent(parts[0])}`,
          mime_type: item.mimeType,
          sha256: createHash('sha256').update(item.bytes).digest('hex'),
          file_size: String(item.bytes.length),
          id: parts[0],
        })
      }
      const profile = profiles.get(parts[0])
      if (profile) return Response.json(pick(profile, r.query.fields, parts[0]))
    }
    return Response.json({ error: graphErrors.unknownObject.error }, { status: 400 })
  }

  function uploadMedia(r: RecordedRequest): Response {
    const file = r.form?.file
    if (!file || typeof file === 'string') return Response.json({ error: { message: 'file missing', type: 'OAuthException', code: 100 } }, { status: 400 })
    const id = `media.${++seq}`
    media.set(id, { bytes: uploads.get(r) ?? new Uint8Array(), mimeType: String(r.form?.type ?? file.type) })
    return Response.json({ id })
  }

  // Upload bytes kept beside the record (the record itself stays JSON-friendly for assertions).
  const uploads = new WeakMap<RecordedRequest, Uint8Array>()

  async function record(req: Request): Promise<RecordedRequest> {
    const url = new URL(req.url)
    const m = versionSegment.exec(url.pathname)
    const rec: RecordedRequest = {
      method: req.method,
      path: m ? m[2] : url.pathname,
      version: m?.[1],
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(req.headers),
    }
    const type = req.headers.get('content-type') ?? ''
    if (type.includes('json')) rec.json = await req.json().catch(() => undefined)
    else if (type.startsWith('multipart/')) {
      const form = await req.formData()
      rec.form = {}
      for (const [k, v] of form.entries()) {
        if (typeof v === 'string') rec.form[k] = v
        else {
          const file = v as unknown as File
          rec.form[k] = { name: file.name, type: file.type, size: file.size }
          uploads.set(rec, new Uint8Array(await file.arrayBuffer()))
        }
      }
    }
    return rec
  }

  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    pages,
    profiles,
    media,
    failNext(match, body, times = 1) {
      failures.push({ ...match, body, times })
    },
    find(path, method) {
      return requests.filter((r) => matches({ path, method }, r))
    },
    reset() {
      requests.length = 0
      failures.length = 0
      pages.length = 0
      profiles.clear()
      media.clear()
    },
    async stop() {
      await server.stop(true)
    },
  }
}

function pick(profile: Record<string, unknown>, fields: string | undefined, id: string) {
  if (!fields) return { id, ...profile }
  const out: Record<string, unknown> = { id }
  for (const f of fields.split(',')) if (f in profile) out[f] = profile[f]
  return out
}
