import i18n from '../i18n/index.ts'
import { pushToast } from '../state/toasts.ts'
import { ApiError } from './api.ts'

/** The last fallback of the error catalogue (spec part 1 §8), used when i18n has nothing either. */
export const FALLBACK_ERROR = 'An error occurred!'

type Translate = (key: string) => string | null

function codeOf(err: unknown): string | undefined {
  if (err instanceof ApiError) return err.code
  if (err && typeof err === 'object' && 'error' in err && typeof (err as { error: unknown }).error === 'string') {
    return (err as { error: string }).error
  }
  return undefined
}

function rawTextOf(err: unknown): string | undefined {
  if (typeof err === 'string') return err || undefined
  if (err instanceof ApiError) return err.message || err.code || undefined
  if (err instanceof Error) return err.message || undefined
  if (err && typeof err === 'object' && 'message' in err) {
    const m = (err as { message: unknown }).message
    if (typeof m === 'string' && m) return m
  }
  return codeOf(err)
}

/**
 * The text to show for a failed call (spec part 1 §8): the translation of the server's error code when
 * known, else the raw text, else 'An error occurred!' (itself translated when possible).
 */
export function errorText(err: unknown, translate: Translate): string {
  const code = codeOf(err)
  if (code) {
    const known = translate(`errors.${code}`)
    if (known) return known
  }
  return rawTextOf(err) ?? translate('errors.fallback') ?? FALLBACK_ERROR
}

const translateWithI18n: Translate = (key) => (i18n.exists(key) ? i18n.t(key) : null)

/** errorText in the app's language: what a screen shows for a failed call or load. */
export function errorMessage(err: unknown): string {
  return errorText(err, translateWithI18n)
}

/** The text of an error code in the app's language (a refused write's code, as rows and bubbles show it). */
export function codeText(code: string): string {
  return errorMessage({ error: code })
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/**
 * The one error handler: shows the error as a toast, unless the API layer already acted on it or the
 * browser is offline (the sync indicator says so once, instead of a toast per failed call).
 */
export function toastError(err: unknown): void {
  if (err instanceof ApiError && err.handled) return
  if (err instanceof ApiError && err.code === 'ERR_NETWORK' && browserOffline()) return
  if (err instanceof DOMException && err.name === 'AbortError') return
  pushToast('error', errorMessage(err))
}
