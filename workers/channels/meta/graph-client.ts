import { PermanentSendError } from '../types.ts'

/** Where a driver reaches the Graph API: the real one, or test/fake-graph.ts in tests. */
export interface GraphEndpoint {
  graphBaseUrl: string
  apiVersion: string
}

export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com'
export const DEFAULT_GRAPH_VERSION = 'v23.0'

/** A Graph failure a retry may fix (rate limits, Meta outages, network). */
export class GraphApiError extends Error {
  constructor(
    readonly status: number,
    readonly graphCode: number | undefined,
    message: string,
  ) {
    super(message)
  }
}

// Graph codes that mean "try again later" (throttling and temporary errors).
const transientCodes = new Set([1, 2, 4, 17, 32, 341, 613, 80007, 130429, 131000, 131016, 131048, 131056, 133004])

/**
 * Turns a Graph error answer into the error the outbound worker acts on: a permanent refusal it records
 * on the message, or a GraphApiError it retries.
 */
export function graphFailure(status: number, body: unknown): Error {
  const err = (body as { error?: { code?: number; message?: string; error_data?: { details?: string } } } | null)?.error
  const code = err?.code
  const message = err?.error_data?.details ?? err?.message ?? `Graph answered ${status}`
  if (code === 131047) return new PermanentSendError('ERR_WAPP_WINDOW_CLOSED', message)
  if (code === 190) return new PermanentSendError('ERR_CHANNEL_TOKEN_INVALID', message)
  if (status >= 500 || status === 429 || (code !== undefined && transientCodes.has(code))) return new GraphApiError(status, code, message)
  if (status >= 400) return new PermanentSendError('ERR_SENDING_WAPP_MSG', `${code ?? status}: ${message}`)
  return new GraphApiError(status, code, message)
}

export interface GraphRequest {
  method?: 'GET' | 'POST' | 'DELETE'
  /** Path after the version, e.g. `/111/messages`. */
  path: string
  query?: Record<string, string>
  json?: unknown
  form?: FormData
  token?: string
  /** Query-string token, as the Send API and /me/accounts document it. */
  tokenInQuery?: boolean
}

/** One Graph call; throws graphFailure(...) on a non-2xx answer. */
export async function graphCall<T>(endpoint: GraphEndpoint, req: GraphRequest, fetchFn: typeof fetch = fetch): Promise<T> {
  const url = new URL(`${endpoint.graphBaseUrl.replace(/\/$/, '')}/${endpoint.apiVersion}${req.path}`)
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v)
  const headers: Record<string, string> = {}
  if (req.token && req.tokenInQuery) url.searchParams.set('access_token', req.token)
  else if (req.token) headers.authorization = `Bearer ${req.token}`
  let body: BodyInit | undefined
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(req.json)
  } else if (req.form) body = req.form
  let res: Response
  try {
    res = await fetchFn(url, { method: req.method ?? (body ? 'POST' : 'GET'), headers, body })
  } catch (cause) {
    throw new GraphApiError(0, undefined, `Graph unreachable: ${(cause as Error).message}`)
  }
  const text = await res.text()
  let parsed: unknown = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    parsed = { error: { message: text.slice(0, 200) } }
  }
  if (!res.ok) throw graphFailure(res.status, parsed)
  return parsed as T
}

/** Downloads bytes (media URLs expire within minutes: callers download at once). */
export async function downloadBytes(url: string, token: string | undefined, fetchFn: typeof fetch = fetch): Promise<Uint8Array> {
  const res = await fetchFn(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  if (!res.ok) throw new GraphApiError(res.status, undefined, `Media download answered ${res.status}`)
  return new Uint8Array(await res.arrayBuffer())
}

/** Hours since the contact last wrote, or null when they never did. */
export function hoursSince(last: Date | null | undefined, now: Date): number | null {
  if (!last) return null
  return (now.getTime() - last.getTime()) / 3_600_000
}
