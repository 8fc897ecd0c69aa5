import { useTranslation } from 'react-i18next'
import { faceOf } from './dashboard.ts'

const TONE = { 1: 'text-red-600', 2: 'text-orange-500', 3: 'text-yellow-500', 4: 'text-lime-600', 5: 'text-green-600' } as const
// The mouth bends from a frown (1) to a wide smile (5).
const MOUTH = { 1: 'M8 17 Q12 13 16 17', 2: 'M8 16.5 Q12 14.5 16 16.5', 3: 'M8 15.5 L16 15.5', 4: 'M8 15 Q12 17 16 15', 5: 'M7.5 14 Q12 19 16.5 14' } as const

/** A 0-10 mean as one of five faces, the number beside it; a dash without ratings. */
export function RatingFace({ rating, label }: { rating: number | null; label: string }) {
  const { i18n } = useTranslation()
  if (rating === null) return <span className="text-slate-400">—</span>
  const face = faceOf(rating)
  return (
    <span className="inline-flex items-center gap-1.5" title={label}>
      <svg viewBox="0 0 24 24" className={`size-6 ${TONE[face]}`} role="img" aria-label={label} data-face={face}>
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <circle cx="9" cy="10" r="1.2" fill="currentColor" />
        <circle cx="15" cy="10" r="1.2" fill="currentColor" />
        <path d={MOUTH[face]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <span className="tabular-nums">{rating.toLocaleString(i18n.language, { maximumFractionDigits: 1 })}</span>
    </span>
  )
}
