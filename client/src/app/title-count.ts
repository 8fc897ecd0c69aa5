const CIRCLED = Array.from({ length: 20 }, (_, i) => String.fromCodePoint(0x2460 + i))

/**
 * The tab title with the unread count (spec part 1 §2 Notifications bell): 1 to 20 unread show a circled
 * digit ①..⑳ before the title, more than 20 show the number in parentheses, none shows the plain title.
 */
export function titleWithCount(title: string, unread: number): string {
  const n = Math.floor(unread)
  if (!Number.isFinite(n) || n <= 0) return title
  if (n <= 20) return `${CIRCLED[n - 1]} ${title}`
  return `(${n}) ${title}`
}
