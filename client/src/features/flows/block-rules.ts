import type { AddableType, BlockDataMap, ContentElement, MenuOption } from './flow-model.ts'

/**
 * The block dialogs' rules (spec part 2 §5 "Flow", §9): each returns the i18n key of the spec's message,
 * or null. The server checks the same (server/domain/flows/flow-graph.ts); these keep a bad block from
 * reaching the canvas at all.
 */

export const INTERVAL_MAX_S = 120
export const NAME_MIN = 2
export const NAME_MAX = 50
export const IMAGE_QUALITY = 0.7
export const MEDIA_LIMITS = {
  img: { bytes: 2 * 1024 * 1024, extensions: ['png', 'jpg', 'jpeg'], accept: '.png,.jpg,.jpeg,image/png,image/jpeg' },
  audio: { bytes: 5 * 1024 * 1024, extensions: ['ogg', 'mp3', 'opus'], accept: '.ogg,.mp3,.opus,audio/ogg,audio/mpeg,audio/opus' },
  video: { bytes: 20 * 1024 * 1024, extensions: ['mp4'], accept: '.mp4,video/mp4' },
} as const
export type MediaKind = keyof typeof MEDIA_LIMITS

const V = 'flows.validation.'

/** Flow name 2-50 ('Digite um nome!', 'Muito curto!', 'Muito longo!'). */
export function flowNameProblem(name: string): string | null {
  const n = name.trim()
  if (!n) return `${V}nameRequired`
  if (n.length < NAME_MIN) return `${V}tooShort`
  if (n.length > NAME_MAX) return `${V}tooLong`
  return null
}

const num = (v: unknown) => (typeof v === 'number' ? v : String(v ?? '').trim() === '' ? NaN : Number(v))

/** Interval block: above 0, at most 120 s. */
export function intervalProblem(sec: unknown): string | null {
  const s = num(sec)
  if (!Number.isFinite(s) || s <= 0) return `${V}intervalRequired`
  if (s > INTERVAL_MAX_S) return `${V}intervalMax`
  return null
}

/** Randomizer: 0-100 in steps of 10; it reuses the interval check, so 0 is refused. */
export function randomizerProblem(percent: unknown): string | null {
  const p = num(percent)
  if (!Number.isFinite(p) || p <= 0) return `${V}intervalRequired`
  if (p > 100 || p % 10 !== 0) return `${V}randomizerStep`
  return null
}

export const messageProblem = (text: string): string | null => (text.trim() ? null : `${V}emptyMessage`)

export const ticketProblem = (queueId: number | null | undefined): string | null => (queueId ? null : `${V}queueRequired`)

/** A content block: empty texts, media cards without a file, intervals out of 1-120, in that order. */
export function contentProblem(elements: (ContentElement & { file?: File | null })[]): string | null {
  if (elements.some((e) => e.type === 'message' && !e.value.trim())) return `${V}emptyMessage`
  if (elements.some((e) => (e.type === 'img' || e.type === 'audio' || e.type === 'video') && !e.value && !e.file)) return `${V}emptyCards`
  if (elements.some((e) => e.type === 'interval' && intervalProblem(e.value) !== null)) return `${V}contentInterval`
  return null
}

/** Menu: a message and every option's text. */
export function menuProblems(message: string, options: MenuOption[]): { message?: string; options?: string } {
  const p: { message?: string; options?: string } = {}
  if (!message.trim()) p.message = `${V}required`
  if (options.length === 0 || options.some((o) => !o.value.trim())) p.options = `${V}optionsRequired`
  return p
}

/** The next option, numbered after the last (options are numbered from 1). */
export const addOption = (options: MenuOption[]): MenuOption[] => [...options, { number: options.length + 1, value: '' }]

/** Only the last option can be removed. */
export const removeLastOption = (options: MenuOption[]): MenuOption[] => options.slice(0, -1)

export const questionKeyProblem = (key: string): string | null => (/^[A-Za-z_][A-Za-z0-9_]{0,39}$/.test(key.trim()) ? null : `${V}answerKey`)

const extensionOf = (name: string) => name.toLowerCase().split('.').pop() ?? ''

/** A chosen file against its kind's types and size (image: 'Arquivo é muito grande! 2MB máximo'). */
export function fileProblem(kind: MediaKind, file: Pick<File, 'name' | 'size'>): string | null {
  const limit = MEDIA_LIMITS[kind]
  if (!(limit.extensions as readonly string[]).includes(extensionOf(file.name))) return `${V}fileType.${kind}`
  if (file.size > limit.bytes) return `${V}fileTooBig.${kind}`
  return null
}

/** The media kind of a file a content block takes (audio by its extension, opus included), or null. */
export function mediaKindOf(file: Pick<File, 'name'>): MediaKind | null {
  const ext = extensionOf(file.name)
  for (const kind of Object.keys(MEDIA_LIMITS) as MediaKind[]) if ((MEDIA_LIMITS[kind].extensions as readonly string[]).includes(ext)) return kind
  return null
}

/** A new block's data (create mode). */
export function defaultData<T extends AddableType>(type: T): BlockDataMap[T] {
  const data: { [K in AddableType]: BlockDataMap[K] } = {
    message: { label: '' },
    interval: { sec: 0 },
    condition: { key: '', condition: 1, value: '' },
    menu: { message: '', arrayOption: [{ number: 1, value: '' }] },
    img: { url: '' },
    audio: { url: '', record: false },
    video: { url: '' },
    randomizer: { percent: 50 },
    singleBlock: { seq: [], elements: [] },
    ticket: { queue: null },
    question: { message: '', answerKey: '' },
  }
  return data[type] as BlockDataMap[T]
}
