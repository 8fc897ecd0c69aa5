import type { Outbox } from '../../../sync/client/outbox.ts'
import { awaitWriteOutcome, refusedFields, WriteRefused, type WriteOutcome } from '../../../sync/client/write-outcome.ts'
import { dismissToasts } from '../state/toasts.ts'
import { ApiError } from './api.ts'
import { toastError } from './errors.ts'

/**
 * A refused form save. `fields` maps a form field to the i18n key (or server text) to show under it;
 * when there is one, the error counts as handled: the form shows it instead of a toast.
 */
export class SaveRefused extends ApiError {
  readonly fields: Record<string, string>
  constructor(status: number, code: string, message: string, body: unknown, fields: Record<string, string>) {
    super(status, code, message, body, Object.keys(fields).length > 0)
    this.fields = fields
  }
}

/**
 * Waits for the server's answer to a write a form queued, so that the form only says "saved" when it
 * is (spec: a refused write never shows success). A refusal drops the write (no red row with a retry
 * that cannot succeed: the dialog stays open to fix it) and throws SaveRefused. Offline, or with no
 * answer within the wait, the write stays queued and the caller says "saved on this device".
 */
export async function settleSave(outbox: Outbox, clientId: string, timeoutMs?: number): Promise<WriteOutcome> {
  try {
    return await awaitWriteOutcome(outbox, clientId, timeoutMs)
  } catch (err) {
    if (!(err instanceof WriteRefused)) throw err
    await outbox.discard(clientId)
    dismissToasts('success')
    const fields = Object.fromEntries(Object.entries(refusedFields(err.error)).map(([f, m]) => [f, m.startsWith('ERR_') ? `errors.${m}` : m]))
    throw new SaveRefused(err.error.status, err.error.code, err.error.message ?? err.error.code, err.error.body, fields)
  }
}

/**
 * An online form call the server refused: with field reasons it becomes a SaveRefused the dialog shows
 * under its fields (no toast); anything else is returned as it was.
 */
export function asSaveRefused(err: unknown): unknown {
  if (!(err instanceof ApiError) || err.status >= 500 || err.status === 401) return err
  const fields = refusedFields({ status: err.status, code: err.code ?? 'ERR', message: err.message, body: err.body })
  if (!Object.keys(fields).length) return err
  const mapped = Object.fromEntries(Object.entries(fields).map(([f, m]) => [f, m.startsWith('ERR_') ? `errors.${m}` : m]))
  return new SaveRefused(err.status, err.code ?? 'ERR', err.message, err.body, mapped)
}

/**
 * A form's online save: a refusal naming fields is thrown as SaveRefused for the dialog to show under
 * them (no toast), anything else is toasted and thrown, so the dialog stays open either way.
 */
export async function saveOnline<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (err) {
    const refused = asSaveRefused(err)
    if (!(refused instanceof SaveRefused)) toastError(err)
    throw refused
  }
}

/** The success text for an outcome: saved, or kept on this device until the server takes it. */
export function savedText(outcome: WriteOutcome, texts: { saved: string; savedOffline: string }): string {
  return outcome.kind === 'sent' ? texts.saved : texts.savedOffline
}

/** The outbox controls every feature's actions offer: wait for a save's answer, retry or discard a refused write. */
export function outboxControls(outbox: Outbox) {
  return {
    settle: (clientId: string) => settleSave(outbox, clientId),
    retry: (clientId: string) => outbox.retry(clientId),
    discard: (clientId: string) => outbox.discard(clientId),
  }
}
