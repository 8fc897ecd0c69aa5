import { useEffect } from 'react'
import { warmQuery, type LiveDb } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import { CHAT_PAGE_SIZE, chatPageQuery } from './ticket-messages.ts'
import { ticketByUuidQuery, type TicketListItem } from './tickets.ts'

/** How many chats from the top of the list are read ahead of a click. */
export const WARM_CHATS = 12
/** How long the list stays as it is before they are read: a tab switched or a search typed starts none. */
export const WARM_AFTER_MS = 600

/** Waits until the browser has a moment with nothing else to do (a timer where it cannot tell). */
const idle = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 1_000 }) : setTimeout(resolve, 50),
  )

/**
 * Reads the chats of the first tickets of a list into the kept queries, one at a time, each when the
 * browser is idle: a click on one of them paints its header and messages from memory, as a second visit
 * does (bench/ui.ts: a first open waited ~25 ms for the worker's two queries, behind one another).
 * Stops when `signal` aborts (the list changed or left the screen).
 */
export async function warmChats(db: LiveDb, tickets: readonly TicketListItem[], signal: AbortSignal, waitIdle: () => Promise<void> = idle): Promise<void> {
  for (const ticket of tickets.slice(0, WARM_CHATS)) {
    await waitIdle()
    if (signal.aborted) return
    await warmQuery(db, ticketByUuidQuery(ticket.uuid))
    if (signal.aborted) return
    await warmQuery(db, chatPageQuery(ticket, CHAT_PAGE_SIZE))
  }
}

/** warmChats for the list on screen, once it has stood still for WARM_AFTER_MS. */
export function useWarmChats(tickets: readonly TicketListItem[]): void {
  const db = useLocalFirst()?.db ?? null
  // The chats the first rows open, not the rows' other columns (a new last message changes no chat query).
  const key = tickets
    .slice(0, WARM_CHATS)
    .map((t) => `${t.uuid}:${t.id}:${t.contactId}:${t.whatsappId}`)
    .join(',')
  useEffect(() => {
    if (!db || !key) return
    const stop = new AbortController()
    const timer = setTimeout(() => void warmChats(db, tickets, stop.signal).catch(() => {}), WARM_AFTER_MS)
    return () => {
      clearTimeout(timer)
      stop.abort()
    }
    // The key stands for the rows it names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, key])
}
