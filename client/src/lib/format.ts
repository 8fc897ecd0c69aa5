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
