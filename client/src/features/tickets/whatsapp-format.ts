/**
 * WhatsApp's text formatting, as its apps show it: *bold*, _italic_, ~strike~, `inline code` and
 * ```monospace``` blocks (which may span lines and hold no formatting). A marker opens only at the start
 * of the text or after a space or punctuation, before a non-space; it closes before the end, a space or
 * punctuation, after a non-space, on the same line. Anything else stays as typed.
 */
export type RichNode = string | { tag: RichTag; children: RichNode[] }
export type RichTag = 'bold' | 'italic' | 'strike' | 'code' | 'mono'

const INLINE: Record<string, RichTag> = { '*': 'bold', _: 'italic', '~': 'strike', '`': 'code' }
const WORD = /[\p{L}\p{N}]/u

const opensAt = (text: string, i: number) => (i === 0 || !WORD.test(text[i - 1])) && i + 1 < text.length && !/\s/.test(text[i + 1])
const closesAt = (text: string, j: number) => !/\s/.test(text[j - 1]) && (j + 1 === text.length || !WORD.test(text[j + 1]))

/** The closing marker of the one opened at i, or -1. */
function closing(text: string, i: number): number {
  const marker = text[i]
  for (let j = i + 2; j < text.length; j++) {
    if (text[j] === '\n') return -1
    if (text[j] === marker && closesAt(text, j)) return j
  }
  return -1
}

function parseInline(text: string): RichNode[] {
  const out: RichNode[] = []
  let plain = ''
  for (let i = 0; i < text.length; i++) {
    const tag = INLINE[text[i]]
    const end = tag && opensAt(text, i) ? closing(text, i) : -1
    if (end < 0) {
      plain += text[i]
      continue
    }
    if (plain) out.push(plain)
    plain = ''
    const inner = text.slice(i + 1, end)
    out.push({ tag, children: tag === 'code' ? [inner] : parseInline(inner) })
    i = end
  }
  if (plain) out.push(plain)
  return out
}

export function parseWhatsappText(text: string): RichNode[] {
  const out: RichNode[] = []
  let at = 0
  for (const m of text.matchAll(/```([\s\S]+?)```/g)) {
    if (m.index > at) out.push(...parseInline(text.slice(at, m.index)))
    out.push({ tag: 'mono', children: [m[1]] })
    at = m.index + m[0].length
  }
  if (at < text.length) out.push(...parseInline(text.slice(at)))
  return out
}
