import type { ButtonHTMLAttributes } from 'react'
import { Icon } from './icon.tsx'

type Variant = 'primary' | 'secondary' | 'text' | 'danger'

const styles: Record<Variant, string> = {
  primary: 'bg-brand text-brand-contrast shadow-sm hover:brightness-110',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  text: 'text-brand hover:bg-slate-100 dark:hover:bg-slate-800',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
}

export function Button({ variant = 'primary', className = '', type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50 ${styles[variant]} ${className}`}
      {...rest}
    />
  )
}

/** Round icon buttons of the top bar (on the brand colour). */
export const topBarButtonClass =
  'relative inline-flex size-9 items-center justify-center rounded-full text-brand-contrast hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white data-[open]:bg-white/20 sm:size-10'

/** Round icon buttons on a plain surface. */
export const plainIconButtonClass =
  'inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand dark:text-slate-300 dark:hover:bg-slate-800'

/** A round icon button on a plain surface; its label is both the accessible name and the tooltip. */
export function IconButton({ icon, label, className = '', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { icon: string; label: string }) {
  return (
    <button type="button" className={`${plainIconButtonClass} ${className}`} aria-label={label} title={label} {...rest}>
      <Icon name={icon} className="size-5" />
    </button>
  )
}
