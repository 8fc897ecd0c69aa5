import { AppError, type ErrorCode } from '../domain/app-error.ts'

/** Unique constraints whose violation has a spec error code. */
const uniqueCodes: Record<string, ErrorCode> = {
  users_email_idx: 'ERR_EMAIL_ALREADY_EXISTS',
  queues_company_id_color_key: 'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  quick_messages_shared_idx: 'ERR_SHORTCODE_ALREADY_EXISTS',
  quick_messages_own_idx: 'ERR_SHORTCODE_ALREADY_EXISTS',
}

/** The request field each of those keys is about, so a form can show the refusal under it. */
const uniqueFields: Record<string, string> = {
  users_email_idx: 'email',
  queues_company_id_color_key: 'color',
  quick_messages_shared_idx: 'shortcode',
  quick_messages_own_idx: 'shortcode',
  tags_company_id_name_key: 'name',
  flows_company_name_key: 'name',
  queue_integrations_company_id_name_key: 'name',
  prompts_company_id_name_key: 'name',
}

interface PgError {
  code?: string
  constraint_name?: string
  message?: string
}

/**
 * Database errors a client can provoke (a race on a unique key, an id that points nowhere, a value out
 * of range) become 4xx answers instead of 500s. Anything else stays unknown.
 */
export function dbErrorToAppError(err: unknown): AppError | null {
  const e = err as PgError
  if (!e || typeof e.code !== 'string') return null
  switch (e.code) {
    case '23505':
      return new AppError(uniqueCodes[e.constraint_name ?? ''] ?? 'ERR_NAME_ALREADY_EXISTS', 'A record with these values already exists', {
        constraint: e.constraint_name,
        ...(uniqueFields[e.constraint_name ?? ''] ? { field: uniqueFields[e.constraint_name ?? ''] } : {}),
      })
    case '23503':
      return new AppError('ERR_VALIDATION', 'A referenced record does not exist', { constraint: e.constraint_name })
    case '23514':
    case '23502':
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
    case '22001':
      return new AppError('ERR_VALIDATION', e.message ?? 'Invalid value')
    // Text Postgres cannot store (a NUL byte) that reached a statement without passing validate().
    case '22021':
    case '22P05':
      return new AppError('ERR_VALIDATION', 'Text holds a character that cannot be stored')
    default:
      return null
  }
}
