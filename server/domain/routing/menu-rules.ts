/** A numbered menu as the anchors write it: the greeting, a blank line, then "*1* - Vendas" per line. */
export function renderMenu(greeting: string, items: { name: string }[]): string {
  const lines = items.map((item, i) => `*${i + 1}* - ${item.name}`).join('\n')
  const head = greeting.trim()
  return head ? `${head}\n\n${lines}` : lines
}

/** The item a numeric answer picks (1-based, surrounding spaces and a trailing dot ignored), or null. */
export function pickByNumber<T>(body: string, items: T[]): T | null {
  const m = /^\s*(\d{1,3})\s*\.?\s*$/.exec(body)
  if (!m) return null
  return items[Number(m[1]) - 1] ?? null
}

/** '#' sends the contact back to the queue menu (anchor §3.2 step 9). */
export const isBackToMenu = (body: string) => body.trim() === '#'

/**
 * A re-ask within this long of the message that prompted the last automatic reply is skipped (and not
 * counted): a burst of messages gets one menu, not one per message (anchor §9.7 debounces 1 s per ticket;
 * ours is measured on the messages' own timestamps, so it holds when the burst is processed later).
 */
export const REASK_DEBOUNCE_MS = 5_000

/** Whether a contact message at `at` may get the menu again, given when the last prompt's trigger came. */
export function mayReask(at: Date, lastPromptTrigger: Date | null, debounceMs = REASK_DEBOUNCE_MS): boolean {
  return lastPromptTrigger === null || at.getTime() - lastPromptTrigger.getTime() >= debounceMs
}

/** maxUseBotQueues (spec part 2 §3): how many menus a ticket may get; 0 = no limit (as MF). */
export function botAttemptsLeft(used: number, max: number): boolean {
  return max <= 0 || used < max
}
