/** How a keyword matches (spec part 2 §3 "Auto reply"). Free of server imports: the PWA's dialog offers the same list. */
export const AUTO_REPLY_CONDITIONS = ['equal', 'contains', 'startsWith', 'endsWith'] as const
