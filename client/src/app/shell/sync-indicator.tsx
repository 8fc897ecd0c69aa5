import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { memo, type ReactNode } from 'react'
import { topBarButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'

export type SyncDotState = 'syncing' | 'up-to-date' | 'offline' | 'error'

export interface PendingWriteItem {
  id: string
  title: string
  detail: string
  failed: boolean
}

interface SyncIndicatorProps {
  state: SyncDotState
  /** The tooltip: what the dot means, with the error when there is one. */
  label: string
  /** The count of writes not accepted yet (PendingBadge under its own subscription). */
  badge: ReactNode
  heading: string
  /** The writes' list: rendered only while the panel is open. */
  children: ReactNode
}

interface PendingWriteListProps {
  writes: PendingWriteItem[]
  emptyText: string
  retryLabel: string
  discardLabel: string
  onRetry: (id: string) => void
  onDiscard: (id: string) => void
}

const dot: Record<SyncDotState, string> = {
  syncing: 'bg-sky-400 animate-pulse',
  'up-to-date': 'bg-emerald-400',
  offline: 'bg-slate-400',
  error: 'bg-red-500',
}
const icon: Record<SyncDotState, string> = { syncing: 'sync', 'up-to-date': 'cloudDone', offline: 'cloudOff', error: 'error' }
const smallButton = 'rounded px-2 py-1 text-xs font-semibold hover:bg-slate-100 dark:hover:bg-slate-700'

/**
 * The top bar's sync status: a dot with a tooltip, the count of writes not yet sent, and their list (its
 * names read from the local database only while it is open: closed, that query ran on every reply sent).
 */
export const SyncIndicator = memo(function SyncIndicator({ state, label, badge, heading, children }: SyncIndicatorProps) {
  return (
    <Popover className="relative">
      {/* Named by its text, not aria-label: the count inside (badge) changes with every reply and must not
          render the popover again (bench/ui.ts profile of the replies). */}
      <PopoverButton className={topBarButtonClass} title={label} data-testid="sync-indicator" data-sync-state={state}>
        <Icon name={icon[state]} />
        <span className="sr-only">{label}</span>
        <span className={`absolute bottom-1.5 right-1.5 size-2.5 rounded-full ring-2 ring-brand ${dot[state]}`} />
        {badge}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-50 mt-2 max-h-[350px] w-80 max-w-[90vw] overflow-y-auto rounded-lg bg-white py-2 text-slate-700 shadow-lg ring-1 ring-black/5 dark:bg-slate-800 dark:text-slate-200"
      >
        <p className="px-4 pb-2 text-xs text-slate-500 dark:text-slate-400">{label}</p>
        <p className="border-t border-slate-100 px-4 pb-1 pt-2 text-xs font-semibold uppercase text-slate-500 dark:border-slate-700 dark:text-slate-400">{heading}</p>
        {children}
      </PopoverPanel>
    </Popover>
  )
})

/** The amber count on the sync button, with its words for screen readers ('· 3 alterações pendentes'). */
export function PendingBadge({ count, text }: { count: number; text: string }) {
  if (count === 0) return null
  return (
    <>
      <span className="sr-only"> · {text}</span>
      <span
        data-testid="pending-count"
        aria-hidden="true"
        className="absolute right-0.5 top-0.5 flex min-w-4 items-center justify-center rounded-full bg-amber-500 px-1 text-[10px] font-bold text-white"
      >
        {count}
      </span>
    </>
  )
}

/** The panel's writes, each with retry (failed ones) and discard. */
export function PendingWriteList(props: PendingWriteListProps) {
  const { writes } = props
  if (writes.length === 0) return <p className="px-4 py-2 text-sm text-slate-500 dark:text-slate-400">{props.emptyText}</p>
  return (
    <ul>
      {writes.map((w) => (
        <li key={w.id} data-testid="pending-write" data-failed={w.failed} className="flex items-start gap-2 px-4 py-2">
          <Icon name={w.failed ? 'error' : 'schedule'} className={`mt-0.5 size-4 shrink-0 ${w.failed ? 'text-red-500' : 'text-amber-500'}`} />
          <span className="min-w-0 flex-1">
            <span className="block break-words text-sm font-medium">{w.title}</span>
            <span className={`block text-xs ${w.failed ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'}`}>{w.detail}</span>
            <span className="mt-1 flex gap-1">
              {w.failed && (
                <button type="button" className={`${smallButton} text-brand`} onClick={() => props.onRetry(w.id)}>
                  {props.retryLabel}
                </button>
              )}
              <button type="button" className={`${smallButton} text-red-600 dark:text-red-400`} onClick={() => props.onDiscard(w.id)}>
                {props.discardLabel}
              </button>
            </span>
          </span>
        </li>
      ))}
    </ul>
  )
}
