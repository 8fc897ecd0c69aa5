import type { z } from 'zod'
import type { quickMessageSchema } from '../../../../server/routes/quick-messages.schema.ts'
import { lengthProblem } from '../../lib/validation.ts'

export interface QuickMessageFormValues {
  shortcode: string
  message: string
  /** General: the company's, for everyone; only admins set it. */
  geral: boolean
  /** Shared: other users may use it (read-only for them). */
  visao: boolean
  /** A file to attach on save (uploaded online only). */
  file: File | null
  /** Remove the current attachment on save (online only). */
  removeMedia: boolean
}

export type QuickMessageField = 'shortcode' | 'message'
export type QuickMessageFormProblems = Partial<Record<QuickMessageField, string>>

/** A new quick message: personal and shared, like the server's defaults (geral false, visao true). */
export const newQuickMessageValues = (): QuickMessageFormValues => ({ shortcode: '', message: '', geral: false, visao: true, file: null, removeMedia: false })

/**
 * Quick message form (spec part 2 §5, server/routes/quick-messages.schema.ts): shortcode required
 * ('Obrigatório') up to 100 characters, message up to 4096. Answers i18n keys.
 */
export function quickMessageFormProblems(v: QuickMessageFormValues): QuickMessageFormProblems {
  const problems: QuickMessageFormProblems = {}
  const shortcode = lengthProblem(v.shortcode, 1, 100)
  if (shortcode) problems.shortcode = shortcode === 'validation.required' ? 'quickMessages.validation.required' : shortcode
  if (v.message.length > 4096) problems.message = 'validation.tooLong'
  return problems
}

export type QuickMessageBody = z.input<typeof quickMessageSchema>

/** The body POST /quick-messages and PUT /quick-messages/{id} accept; `geral` only when the user may set it. */
export function quickMessageRequestBody(v: QuickMessageFormValues, isAdmin: boolean): QuickMessageBody {
  const geral = isAdmin && v.geral
  return { shortcode: v.shortcode.trim(), message: v.message, geral, visao: geral || v.visao }
}

/** The columns of the local quick_messages row a body sets (snake_case, as the synced table has them). */
export function quickMessageRowValue(body: QuickMessageBody): Record<string, unknown> {
  return { shortcode: body.shortcode, message: body.message ?? '', geral: body.geral === true || body.geral === 'true', visao: body.visao !== false && body.visao !== 'false' }
}
