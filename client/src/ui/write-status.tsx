import { Icon } from './icon.tsx'

interface WriteStatusProps {
  /** The server refused the write: its message. Null: still waiting for the server. */
  error: string | null
  pendingLabel: string
  retryLabel: string
  discardLabel: string
  onRetry: () => void
  onDiscard: () => void
}

const smallButton = 'rounded px-2 py-0.5 text-xs font-semibold hover:bg-slate-100 dark:hover:bg-slate-800'

/** The marker of a row the server has not confirmed yet; a refused one offers retry and discard. */
export function WriteStatus({ error, pendingLabel, retryLabel, discardLabel, onRetry, onDiscard }: WriteStatusProps) {
  if (!error) {
    return (
      <span data-testid="pending-marker" className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-300">
        <Icon name="schedule" className="size-3.5" />
        {pendingLabel}
      </span>
    )
  }
  return (
    <span data-testid="failed-marker" className="inline-flex flex-wrap items-center gap-1">
      <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-700 dark:bg-red-950 dark:text-red-300">
        <Icon name="error" className="size-3.5" />
        {error}
      </span>
      <button type="button" className={`${smallButton} text-brand`} onClick={onRetry}>
        {retryLabel}
      </button>
      <button type="button" className={`${smallButton} text-red-600 dark:text-red-400`} onClick={onDiscard}>
        {discardLabel}
      </button>
    </span>
  )
}
