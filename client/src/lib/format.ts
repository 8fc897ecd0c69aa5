const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Money in the Brazilian locale with two decimals (spec part 2 §1, §9). */
export function formatBRL(amount: number): string {
  return brl.format(Number.isFinite(amount) ? amount : 0)
}

/** The YouTube thumbnail of a help video (spec part 2 Help videos). */
export function youtubeThumbnail(code: string): string {
  return `https://img.youtube.com/vi/${encodeURIComponent(code)}/0.jpg`
}

export function youtubeEmbed(code: string): string {
  return `https://www.youtube.com/embed/${encodeURIComponent(code)}?autoplay=1`
}

/** 'YYYY-MM-DD…' as dd/MM/yyyy, without a timezone shift; '' for nothing. */
export function formatDay(date: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '')
  return m ? `${m[3]}/${m[2]}/${m[1]}` : ''
}

/**
 * A time of day as the app's language writes it: 24-hour in Portuguese, Spanish and Turkish, 12-hour in
 * English. Never the browser's own locale, which put "08:56 AM" in a Portuguese chat beside a 24-hour list.
 */
export function clockTime(date: Date, language: string): string {
  return Number.isNaN(date.getTime()) ? '' : formatter(language, 'time').format(date)
}

/** A calendar day as the app's language writes it (dd/MM/yyyy in Portuguese), as toLocaleDateString does. */
export function localDay(date: Date, language: string): string {
  return Number.isNaN(date.getTime()) ? '' : formatter(language, 'day').format(date)
}

/** A date and time of day as the app's language writes them (dd/MM/yyyy HH:mm in Portuguese). */
export function shortDateTime(date: Date, language: string): string {
  return Number.isNaN(date.getTime()) ? '' : `${localDay(date, language)} ${clockTime(date, language)}`
}

/**
 * toLocaleTimeString and toLocaleDateString build a new Intl formatter on every call: a third of the
 * main thread's time when a chat opened (the list's row times and the bubbles' times, bench/ui.ts
 * profile). One formatter per language and kind, with the options those calls use.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(language: string, kind: 'time' | 'day'): Intl.DateTimeFormat {
  const key = `${kind}:${language}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(language, kind === 'time' ? { hour: '2-digit', minute: '2-digit' } : { year: 'numeric', month: 'numeric', day: 'numeric' })
    formatters.set(key, f)
  }
  return f
}

const two = (n: number) => String(n).padStart(2, '0')

/** dd/MM/yy HH:mm (spec part 2 §1: dates on connection and report pages). */
export function formatShortDateTime(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${two(d.getFullYear() % 100)} ${two(d.getHours())}:${two(d.getMinutes())}`
}

/** A local calendar day as YYYY-MM-DD (date inputs, day filters). */
export const isoDay = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`

/** Minutes as hours and minutes: 0 → "0min", 75.4 → "1h 15min", 1500 → "25h 0min". */
export function hoursAndMinutes(minutes: number): string {
  const total = Math.round(Math.max(0, minutes))
  const h = Math.floor(total / 60)
  return h ? `${h}h ${total % 60}min` : `${total}min`
}
