import { z } from 'zod'

/**
 * The /ws wire contract (spec part 1 §4 live events, §7 real-time socket). Imports nothing but zod so
 * the client can share it. Every frame, either way, is JSON `{ event, data }`.
 */

export const TICKET_ROOM_STATUSES = ['pending', 'open', 'closed', 'group'] as const
export type TicketRoomStatus = (typeof TICKET_ROOM_STATUSES)[number]

/** Close codes in the 4000 range, the one applications may use. */
export const CLOSE_TOKEN_EXPIRED = 4001
export const CLOSE_SESSION_REPLACED = 4002

export const SESSION_REPLACED_MESSAGE = 'Sua conta foi acessada em outro computador.'
export const PASSWORD_CHANGED_MESSAGE = 'Sua senha foi alterada. Entre novamente.'

// Route params arrive as strings in the client; both spellings of a ticket id are accepted.
const ticketId = z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,9}$/).transform(Number)])

const bare = <E extends string>(event: E) => z.object({ event: z.literal(event), data: z.unknown().optional() })

export const clientFrameSchema = z.discriminatedUnion('event', [
  bare('ping'),
  bare('userStatus'),
  z.object({ event: z.literal('refreshToken'), data: z.string().min(1).max(4096) }),
  bare('joinNotification'),
  bare('leaveNotification'),
  z.object({ event: z.literal('joinTickets'), data: z.enum(TICKET_ROOM_STATUSES) }),
  z.object({ event: z.literal('leaveTickets'), data: z.enum(TICKET_ROOM_STATUSES) }),
  z.object({ event: z.literal('joinChatBox'), data: ticketId }),
  z.object({ event: z.literal('leaveChatBox'), data: ticketId }),
  z.object({ event: z.literal('typing'), data: z.object({ ticketId, typing: z.boolean().default(true) }) }),
  z.object({ event: z.literal('viewing'), data: z.object({ ticketId, viewing: z.boolean().default(true) }) }),
])
export type ClientFrame = z.infer<typeof clientFrameSchema>

/** A client frame, or null for anything malformed (those are ignored, never answered). */
export function parseClientFrame(raw: unknown): ClientFrame | null {
  if (typeof raw !== 'string' || raw.length > 16_384) return null
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return null
  }
  const parsed = clientFrameSchema.safeParse(json)
  return parsed.success ? parsed.data : null
}

export interface ServerFrame {
  event: string
  data: Record<string, unknown>
}

/**
 * `company-{companyId}-{kind}`: the event names the anchor clients listen on. The tag channel alone is
 * written without the first dash, `company{companyId}-tag` (spec part 2 §7 "Live events").
 */
export const companyEvent = (companyId: number, kind: string) =>
  kind === 'tag' ? `company${companyId}-tag` : `company-${companyId}-${kind}`

/** Room names as the client sees them in `ready` and `error` frames. */
export const roomNames = {
  notification: (companyId: number) => `company-${companyId}-notification`,
  tickets: (companyId: number, status: TicketRoomStatus) => `company-${companyId}-tickets-${status}`,
  chatBox: (companyId: number, ticketId: number) => `company-${companyId}-chatBox-${ticketId}`,
}
