import { beforeAll, expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../env.ts'
import { createCompany, superToken } from '../factories.ts'
import { PNG_1PX } from '../files.ts'
import {
  dbState, diffState, excerpt, fillPath, hasBody, hasErrorShape, mediaFiles, mountedRoutes, multipart, send,
  type DbState, type MountedRoute,
} from './support.ts'

/**
 * Fuzzes every route the app mounts (read from app.routes, so a new route is fuzzed without touching
 * this file) as the super user, a company admin and nobody: odd path parameters, and for POST/PUT/PATCH
 * bodies no route should accept. Every request here is expected to fail, so for each one:
 * - never a 5xx;
 * - a non-2xx JSON answer carries a string `error` and a string `message` (files, HTML and 3xx skipped);
 * - nothing is written: the rows of every public table (count and content) and the files under the
 *   media folder are the same before and after it;
 * - a write method (POST/PUT/PATCH/DELETE) that answers 2xx is itself a finding (a GET may answer 2xx).
 * All findings are collected and listed at the end, one line each: who METHOD path input → status body.
 */

/**
 * Left out, with why:
 * - POST /whatsapp-restart reads no body and no parameter: it restarts every WhatsApp session of the
 *   caller's company whatever it is sent, so a 2xx is its normal answer for any input.
 * - GET /ws and GET /v1/shape-socket are WebSocket upgrades, which app.request() cannot perform.
 * DELETE routes without a path parameter (DELETE /auth/logout) get no request: a DELETE is fuzzed
 * through its parameters only, and logging out would end the caller's session for the rest of the run.
 */
const SKIPPED = new Set(['POST /whatsapp-restart', 'GET /ws', 'GET /v1/shape-socket'])

/**
 * By design, and so not findings:
 * - POST /contacts/import and /contacts/import/chats take an optional {whatsappId} and drop unknown
 *   fields, so any JSON object is a valid "import from every connection" (2xx, nothing to import here).
 * - POST /auth/login records a failed attempt in login_failures (the brute-force counter) when a
 *   well-formed request names no user: a 401 that writes that table is the counter working.
 */
const ANY_OBJECT_BODY = new Set(['POST /contacts/import', 'POST /contacts/import/chats'])
const WRITES_ON_REFUSAL: Record<string, string[]> = { 'POST /auth/login': ['login_failures'] }

/** Odd values for a path parameter (already URL-encoded where they need it). */
const ODD_PARAMS = ['%201', '0x10', '1e3', '-1', '0', '99999999999999', 'abc', '%00']
/** Well-formed, and names no record: the request gets past parameter checks to the body and the lookup. */
const VALID_LOOKING_ID = '424242'
const VALID_LOOKING: Record<string, string> = { uuid: '00000000-0000-4000-8000-000000000000', fileName: '0123456789abcdef0123456789abcdef.png' }
const validFor = (param: string) => VALID_LOOKING[param] ?? VALID_LOOKING_ID

/** Field names the route schemas use; bodies set all of them at once to one odd value. */
const FIELDS = [
  'id', 'name', 'email', 'password', 'number', 'body', 'message', 'title', 'text', 'note', 'status', 'value', 'column', 'data',
  'profile', 'color', 'greetingMessage', 'shortcode', 'sendAt', 'description', 'phone', 'planId', 'companyId', 'contactId',
  'ticketId', 'messageId', 'queueId', 'queueIds', 'userId', 'whatsappId', 'tagId', 'tags', 'users', 'whatsapps', 'schedules',
  'selectedQueueIds', 'mode', 'typeArch', 'key', 'token', 'channel', 'isGroup', 'isDefault', 'super', 'dueDate', 'amount',
  'connections', 'queues', 'quotedMsg', 'timezone', 'from', 'session', 'options', 'recurrence', 'video', 'link', 'vCard',
]
/** Text fields that get 100 kB each (8 × 100 kB stays under the 1 MiB body limit). */
const TEXT_FIELDS = ['name', 'email', 'number', 'body', 'message', 'title', 'text', 'note']
const every = (value: unknown) => Object.fromEntries(FIELDS.map((k) => [k, value]))
const CONTROL = '\u0001\u0002\u0007\b\u000b\f\u001b[31m\u007f\u0085\u2028\u2029\u202e\ufeff\ud800'

interface Input {
  label: string
  body?: BodyInit
  contentType?: string
}
const json = (label: string, text: string): Input => ({ label, body: text, contentType: 'application/json' })

function badBodies(env: TestEnv): Input[] {
  const limit = env.services.config.BODY_LIMIT_BYTES
  const png = PNG_1PX
  const form = multipart(
    ['file', 'profileImage', 'medias', 'media'].map((field) => ({ field, name: 'fuzz\u0000name.png', type: 'image/png', bytes: png })),
    { body: 'fuzz', name: 'fuzz' },
  )
  return [
    json('malformed JSON {"a":', '{"a":'),
    json('empty JSON body', ''),
    json('JSON array', '[1,2,3]'),
    json('JSON null', 'null'),
    json('every field a number', JSON.stringify(every(12345))),
    json('every field an object', JSON.stringify(every({ a: { b: 1 } }))),
    json('every field a string with NUL', JSON.stringify(every('a\u0000b'))),
    json(
      'plausible fields with NUL in the text',
      JSON.stringify({
        name: 'Fuzz\u0000Name', email: 'fuzz.nul@example.com', password: 'pass\u0000word', number: '5511999990000', body: 'hello\u0000world',
        message: 'm\u0000', title: 'T\u0000', text: 't\u0000', note: 'n\u0000', shortcode: 's\u0000', description: 'd\u0000', color: '#00000\u0000',
      }),
    ),
    json('every field control characters', JSON.stringify(every(CONTROL))),
    json('100 kB strings', JSON.stringify(Object.fromEntries(TEXT_FIELDS.map((k) => [k, 'x'.repeat(100_000)])))),
    json(`body over BODY_LIMIT_BYTES (${limit + 1024} bytes)`, `{"a":"${'x'.repeat(limit + 1024)}"}`),
    { label: 'multipart, NUL in the file name', body: form.body, contentType: form.contentType },
  ]
}

/** One request per input the route gets; params filled with VALID_LOOKING_ID unless the input says. */
function requestsFor(route: MountedRoute, env: TestEnv): { path: string; input: Input }[] {
  const valid = Object.fromEntries(route.params.map((p) => [p, validFor(p)]))
  const out: { path: string; input: Input }[] = []
  for (const p of route.params) {
    for (const odd of ODD_PARAMS) {
      const input = hasBody(route.method) ? json(`:${p}=${odd}, body {}`, '{}') : { label: `:${p}=${odd}` }
      out.push({ path: fillPath(route.path, { ...valid, [p]: odd }), input })
    }
  }
  const path = fillPath(route.path, valid)
  if (hasBody(route.method)) {
    const where = route.params.map((p) => `:${p}=${validFor(p)}, `).join('')
    for (const b of badBodies(env)) out.push({ path, input: { ...b, label: where + b.label } })
  } else if (route.method === 'GET' && route.params.length === 0) {
    // Nothing in the path to vary: odd query values instead.
    const q = 'searchParam=%00&pageNumber=-1&id=abc&companyId=0x10&column=%00&status=%00&table=%00&offset=%00&date=abc&ticketId=1e3'
    out.push({ path: `${path}?${q}`, input: { label: `?${q}` } })
  } else if (route.params.length) {
    out.push({ path, input: { label: route.params.map((p) => `:${p}=${validFor(p)}`).join(', ') } })
  }
  return out
}

describeEachBackend('route fuzz', (env) => {
  const callers: { who: string; token?: string }[] = []

  beforeAll(async () => {
    const company = await createCompany(env())
    callers.push({ who: 'no token' }, { who: 'admin', token: company.adminToken }, { who: 'super', token: await superToken(env()) })
  }, 60_000)

  const fuzz = async (who: string) => {
    const caller = callers.find((c) => c.who === who)!
    // DELETEs last: if one does delete something, the other routes are fuzzed against the same data first.
    const routes = mountedRoutes(env())
      .filter((r) => !SKIPPED.has(`${r.method} ${r.path}`))
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'))
    expect(routes.length).toBeGreaterThan(100) // the walk reads the real route table
    const findings: string[] = []
    let sent = 0
    let before: DbState = await dbState(env())
    let files = mediaFiles(env())
    for (const route of routes) {
      for (const { path, input } of requestsFor(route, env())) {
        const res = await send(env(), route.method, path, { token: caller.token, body: input.body, contentType: input.contentType })
        sent++
        const after = await dbState(env())
        const filesAfter = mediaFiles(env())
        const line = `${who}: ${route.method} ${path.length > 120 ? `${path.slice(0, 120)}…` : path} [${input.label}] → ${res.status} ${excerpt(res.text)}`
        const ok = res.status >= 200 && res.status < 300
        if (res.status >= 500) findings.push(`5xx — ${line}`)
        if (!ok && res.json !== undefined && !(res.status >= 300 && res.status < 400) && !hasErrorShape(res.json)) {
          findings.push(`error body without string error/message — ${line}`)
        }
        const key = `${route.method} ${route.path}`
        const written = diffState(before, after).filter((d) => !(WRITES_ON_REFUSAL[key] ?? []).some((t) => d.startsWith(`${t}:`)))
        const changes = [...written, ...filesAfter.filter((f) => !files.includes(f)).map((f) => `+file ${f}`), ...files.filter((f) => !filesAfter.includes(f)).map((f) => `-file ${f}`)]
        if (ok && route.method !== 'GET' && !ANY_OBJECT_BODY.has(key)) {
          findings.push(`write method answered 2xx to an input it should refuse${changes.length ? ` (wrote ${changes.join('; ')})` : ''} — ${line}`)
        }
        if (!ok && changes.length) findings.push(`written by a refused request (${changes.join('; ')}) — ${line}`)
        before = after
        files = filesAfter
      }
    }
    expect(sent).toBeGreaterThan(500)
    // One line per finding, all of them, in the failure message.
    expect(`${findings.length} finding(s) over ${sent} requests${findings.length ? `:\n${findings.join('\n')}` : ''}`).toBe(`0 finding(s) over ${sent} requests`)
  }

  // The caller without a token first, the super user last: each test keeps its own list of findings.
  for (const who of ['no token', 'admin', 'super']) {
    test(`as ${who}: no 5xx, error bodies with error and message, nothing written`, () => fuzz(who), 600_000)
  }
})
