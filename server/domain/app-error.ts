/**
 * The one error type of the domain. Codes are the spec's (part 1 §8) plus the few the server adds;
 * each new code also goes into the client's i18n files.
 */
const statusByCode = {
  // spec part 1 §8
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 400,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 400,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SENDING_WAPP_MSG: 400,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 400,
  ERR_CREATING_TICKET: 400,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  ERR_OUT_OF_HOURS: 400,
  // added by the server (docs/decisions.md)
  ERR_VALIDATION: 400,
  ERR_NOT_FOUND: 404,
  ERR_ROUTE_NOT_FOUND: 404,
  ERR_BODY_TOO_LARGE: 413,
  ERR_INVALID_JSON: 400,
  ERR_INVALID_FILE_TYPE: 400,
  ERR_FILE_TOO_LARGE: 413,
  ERR_TOO_MANY_LOGIN_ATTEMPTS: 429,
  ERR_INVALID_REFRESH_TOKEN: 401,
  ERR_SUBSCRIPTION_EXPIRED: 402,
  ERR_COMPANY_INACTIVE: 403,
  ERR_PLAN_FEATURE_DISABLED: 403,
  ERR_PLAN_LIMIT_USERS: 403,
  ERR_PLAN_LIMIT_CONNECTIONS: 403,
  ERR_PLAN_LIMIT_QUEUES: 403,
  ERR_EMAIL_ALREADY_EXISTS: 409,
  ERR_NAME_ALREADY_EXISTS: 409,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_NO_PLAN_FOUND: 404,
  ERR_NO_INVOICE_FOUND: 404,
  ERR_PLAN_IN_USE: 409,
  ERR_SIGNUP_DISABLED: 403,
  ERR_CANNOT_DELETE_SELF: 400,
  ERR_CANNOT_DELETE_MAIN_COMPANY: 400,
  ERR_NO_HELP_FOUND: 404,
  ERR_NO_ANNOUNCEMENT_FOUND: 404,
  ERR_IDEMPOTENCY_KEY_REUSED: 422,
  ERR_WAPP_WINDOW_CLOSED: 400,
  ERR_CHANNEL_ACTION_UNSUPPORTED: 400,
  ERR_CHANNEL_TOKEN_INVALID: 400,
  ERR_INVALID_WEBHOOK_SIGNATURE: 401,
  ERR_INVALID_API_TOKEN: 401,
  ERR_NOT_SIMULATOR: 400,
  ERR_SHORTCODE_ALREADY_EXISTS: 409,
  ERR_EDITING_WAPP_MSG: 400,
  ERR_EDIT_WINDOW_EXPIRED: 400,
  ERR_FORWARDING_WAPP_MSG: 400,
  ERR_REACTING_WAPP_MSG: 400,
  ERR_TICKET_TAG_REQUIRED: 400,
  ERR_INVALID_TICKET_STATUS: 400,
  ERR_NO_TAG_FOUND: 404,
  ERR_SCHEDULE_ALREADY_SENT: 400,
  ERR_SCHEDULE_TOO_LATE: 400,
  ERR_QUEUE_HAS_TICKETS: 409,
  ERR_SYSTEM_MESSAGE_EXPIRED: 400,
  ERR_WAITING_CONNECTION: 400,
  ERR_NO_CHAT_FOUND: 404,
  // A provider (Meta's Graph API) unreachable, failing or throttling us: not the client's fault, nor ours.
  ERR_PROVIDER_UNAVAILABLE: 503,
  // Billing (issue 19): no Pix key set for manual charges; an invoice already paid cannot be charged again.
  ERR_PIX_NOT_CONFIGURED: 503,
  ERR_INVOICE_ALREADY_PAID: 409,
  // Campaigns (issue 20): the company switch is off; a number twice in one list; a campaign's state refuses the action.
  ERR_CAMPAIGNS_DISABLED: 403,
  ERR_CONTACT_LIST_ITEM_DUPLICATED: 409,
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  ERR_CAMPAIGN_NOT_IN_PROGRESS: 409,
  ERR_CAMPAIGN_NOT_CANCELLED: 409,
  ERR_CAMPAIGN_NO_TARGET: 400,
} as const

export type ErrorCode = keyof typeof statusByCode
export type ErrorStatus = (typeof statusByCode)[ErrorCode]

export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: ErrorStatus
  readonly details?: Record<string, unknown>
  readonly headers?: Record<string, string>

  constructor(code: ErrorCode, message?: string, details?: Record<string, unknown>, headers?: Record<string, string>) {
    super(message ?? code)
    this.code = code
    this.status = statusByCode[code]
    this.details = details
    this.headers = headers
  }
}

export function isErrorCode(code: string): code is ErrorCode {
  return code in statusByCode
}
