/** A message as the ticket chat shows it (ticket-messages.ts reads them; send-echo.ts makes the ones just typed). */
export interface ChatMessage {
  key: string
  id: number | null
  ticketId: number
  body: string
  fromMe: boolean
  ack: number
  mediaType: string
  mediaUrl: string | null
  mediaName: string | null
  isPrivate: boolean
  isDeleted: boolean
  isEdited: boolean
  isSystem: boolean
  sendError: string | null
  /** A contact card's raw vCard text (contactMessage). */
  vCard: string | null
  createdAt: string
  userId: number | null
  /** Written here and not yet in the synced table (no server answer, or its row not delivered yet). */
  local: boolean
  /** The outbox id of a local message (retry / discard). */
  clientId: string | null
  /** The server refused the local message (ERR_* code). */
  error: string | null
  /** The message it answers (reply), as the chat shows it above the text. */
  quoted: { id: number; body: string; fromMe: boolean } | null
  /** An edit or delete of this synced message is waiting for the server (outbox id). */
  pendingChange: string | null
  /** Reactions shown under it: each reactor's latest (us as one reactor, each contact as one). */
  reactions: { emoji: string; fromMe: boolean }[]
}
