import { api } from '../../lib/api.ts'

/** File types the chat's picker offers (spec part 1 §2 "Message input: file pickers"). */
export const MEDIA_ACCEPT = 'image/*,video/*,audio/*,application/*,text/*'
/** POST /messages/{ticketId} takes at most this many files (one message each). */
export const MAX_MEDIA_FILES = 10

export interface MediaMessage {
  files: File[]
  /** The caption: the server puts it on the first file's message. */
  body: string
  isPrivate: boolean
  quotedMsgId: number | null
}

/** The multipart body of POST /messages/{ticketId}: fields body, isPrivate, quotedMsgId, clientId, files under `medias`. */
export function mediaForm(msg: MediaMessage, clientId: string): FormData {
  const form = new FormData()
  form.append('body', msg.body)
  form.append('isPrivate', String(msg.isPrivate))
  if (msg.quotedMsgId !== null) form.append('quotedMsgId', String(msg.quotedMsgId))
  form.append('clientId', clientId)
  for (const file of msg.files.slice(0, MAX_MEDIA_FILES)) form.append('medias', file, file.name)
  return form
}

/**
 * Sends files to the ticket right away. Files cannot wait in the JSON outbox, so this needs the network;
 * the clientId makes a repeat after a lost answer store nothing twice. The messages arrive through sync.
 */
export async function sendMedia(ticketId: number, msg: MediaMessage, clientId: string = crypto.randomUUID()): Promise<void> {
  await api(`/messages/${ticketId}`, { method: 'POST', form: mediaForm(msg, clientId) })
}
