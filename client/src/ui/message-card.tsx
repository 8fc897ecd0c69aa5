import type { ReactNode } from 'react'
import { Icon } from './icon.tsx'

/** A centred card with an icon, a title, a text and actions: 403, expired subscription, not built yet. */
export function MessageCard({ icon, title, children, actions, tone = 'brand' }: { icon: string; title: string; children?: ReactNode; actions?: ReactNode; tone?: 'brand' | 'danger' }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <span className={`flex size-16 items-center justify-center rounded-full ${tone === 'danger' ? 'bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-400' : 'bg-brand/10 text-brand'}`}>
        <Icon name={icon} className="size-9" />
      </span>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children && <div className="text-slate-600 dark:text-slate-300">{children}</div>}
      {actions && <div className="flex flex-wrap justify-center gap-2">{actions}</div>}
    </div>
  )
}

export function LoadingScreen({ label, error, onRetry, retryLabel }: { label: string; error?: string; onRetry?: () => void; retryLabel?: string }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-slate-600 dark:text-slate-300" aria-busy={!error}>
      {!error && <span className="size-10 animate-spin rounded-full border-4 border-slate-300 border-t-brand" />}
      <p>{error ?? label}</p>
      {error && onRetry && (
        <button type="button" className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-brand-contrast" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  )
}
