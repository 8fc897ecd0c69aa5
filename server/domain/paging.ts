/** Offset paging of list calls: a page of `size` rows plus hasMore. */
export interface Page {
  limit: number
  offset: number
}

export function pageOf(pageNumber: number, size = 20): Page {
  return { limit: size, offset: (Math.max(1, pageNumber) - 1) * size }
}

/** hasMore without a second count query: fetch one row more than the page and drop it. */
export function splitPage<T>(rows: T[], page: Page): { records: T[]; hasMore: boolean } {
  return { records: rows.slice(0, page.limit), hasMore: rows.length > page.limit }
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
}
