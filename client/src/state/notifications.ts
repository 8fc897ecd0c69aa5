import { atom } from 'jotai'

export interface PendingNotification {
  id: string
  title: string
  text: string
  /** Where opening it leads (a ticket). */
  path: string
}

/** Unread items of the bell (tickets with new messages). Empty until the tickets page feeds it. */
export const notificationsAtom = atom<PendingNotification[]>([])
