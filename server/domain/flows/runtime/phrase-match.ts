/**
 * Phrase campaigns' matching (issue 21 runtime rules): a message starts the flow of the campaign whose
 * phrase it equals (exact) or contains as whole words (partial), compared in lower case, without accents,
 * spaces collapsed. Exact beats partial; among equals the lowest campaign id wins.
 */
export interface PhraseCampaign {
  id: number
  flowId: number
  phrase: string
}

/** Lower case, accents removed, runs of spaces as one, trimmed. */
export function normalisePhrase(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Whether `phrase` (normalised) sits in `body` (normalised) with no letter or digit glued to either side. */
export function containsWords(body: string, phrase: string): boolean {
  if (!phrase) return false
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escape(phrase)}($|[^\\p{L}\\p{N}])`, 'u').test(body)
}

/** The campaign a message triggers, or null. */
export function matchPhrase<T extends PhraseCampaign>(body: string, campaigns: T[]): T | null {
  const text = normalisePhrase(body)
  if (!text) return null
  const sorted = [...campaigns].sort((a, b) => a.id - b.id)
  const phrases = sorted.map((c) => ({ c, p: normalisePhrase(c.phrase) })).filter((x) => x.p !== '')
  return phrases.find((x) => x.p === text)?.c ?? phrases.find((x) => containsWords(text, x.p))?.c ?? null
}
