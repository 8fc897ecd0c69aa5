import type { TestEnv } from './env.ts'

export interface ApiResponse<T = any> {
  status: number
  body: T
  headers: Headers
}

export interface RequestOptions {
  token?: string
  json?: unknown
  form?: FormData
  cookie?: string
  headers?: Record<string, string>
}

/** One call to the app without a port, parsed. */
export async function call<T = any>(env: TestEnv, method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  if (opts.cookie) headers.cookie = opts.cookie
  let body: BodyInit | undefined
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(opts.json)
  } else if (opts.form) {
    body = opts.form
  }
  const res = await env.app.request(path, { method, headers, body })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // non-JSON bodies (files) stay text
  }
  return { status: res.status, body: parsed as T, headers: res.headers }
}

/** The refresh cookie a response set, as a Cookie header value. */
export function refreshCookieOf(res: ApiResponse): string | undefined {
  const set = res.headers.get('set-cookie') ?? ''
  const m = /(?:^|,\s*)jrt=([^;]*)/.exec(set)
  return m && m[1] ? `jrt=${m[1]}` : undefined
}
