/** A call that did not give an answer to use: worth another attempt, or not (CallOutcome's failures). */
export type Failed = { kind: 'retry'; reason: string } | { kind: 'fail'; reason: string }

/**
 * One request to a provider (a webhook, Typebot, Google, OpenAI) within timeoutMs: its response, or the retry
 * a timeout or a connection error deserves. `label` prefixes the reason ("transcrição: ..."). Never throws.
 */
export async function timedFetch(fetchImpl: typeof fetch, url: string, init: RequestInit, timeoutMs: number, label = ''): Promise<Response | Failed> {
  try {
    return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (err) {
    const name = (err as Error)?.name
    return { kind: 'retry', reason: `${label}${name === 'TimeoutError' || name === 'AbortError' ? `sem resposta em ${Math.round(timeoutMs / 1000)} s` : 'não foi possível conectar'}` }
  }
}

/** What a status says when it is not a success: 429 and 5xx are worth another attempt, other codes are not; null for 2xx. */
export function statusFailure(status: number, label = ''): Failed | null {
  if (status === 429 || status >= 500) return { kind: 'retry', reason: `${label}HTTP ${status}` }
  if (status < 200 || status >= 300) return { kind: 'fail', reason: `${label}HTTP ${status}` }
  return null
}
