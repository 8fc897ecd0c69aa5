/** The values of the page's two test forms (spec part 2 §5 Messages API page). */
export interface TestMessageValues {
  token: string
  number: string
  body: string
  file: File | null
}

/**
 * Messages API page rules: token and number always; the number digits only (country code, area code,
 * number: 8 to 15 digits, as the API checks); body for text, a file for media.
 */
export function testMessageProblems(v: TestMessageValues, kind: 'text' | 'media'): Partial<Record<keyof TestMessageValues, string>> {
  const p: Partial<Record<keyof TestMessageValues, string>> = {}
  if (!v.token.trim()) p.token = 'validation.required'
  if (!v.number.trim()) p.number = 'validation.required'
  else if (!/^\d{8,15}$/.test(v.number.trim())) p.number = 'messagesApi.errors.number'
  if (kind === 'text' && !v.body.trim()) p.body = 'validation.required'
  if (kind === 'media' && !v.file) p.file = 'validation.required'
  return p
}

export class ApiSendError extends Error {
  constructor(readonly code: string, message: string) {
    super(message)
  }
}

/**
 * POST /api/messages/send as an integrator would: the connection's token as the bearer, JSON for text,
 * multipart (field medias) for media. Not through api(): that one sends the signed-in user's token.
 */
export async function sendTestMessage(v: TestMessageValues, kind: 'text' | 'media', fetcher: typeof fetch = fetch): Promise<unknown> {
  const headers: Record<string, string> = { authorization: `Bearer ${v.token.trim()}` }
  let body: BodyInit
  if (kind === 'text') {
    headers['content-type'] = 'application/json'
    body = JSON.stringify({ number: v.number.trim(), body: v.body })
  } else {
    const form = new FormData()
    form.append('number', v.number.trim())
    if (v.body.trim()) form.append('body', v.body)
    form.append('medias', v.file as File)
    body = form
  }
  const res = await fetcher('/api/messages/send', { method: 'POST', headers, body })
  const answer = (await res.json().catch(() => null)) as { error?: string; message?: string } | null
  if (!res.ok) throw new ApiSendError(answer?.error ?? `HTTP_${res.status}`, answer?.message ?? res.statusText)
  return answer
}
