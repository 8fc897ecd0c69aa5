import { useEffect, useRef } from 'react'

export interface QuickAnswerMenuItem {
  key: string
  /** `shortcode - message`, already cut (data/quick-messages.ts quickAnswerMatches). */
  label: string
}

interface QuickAnswerMenuProps {
  items: readonly QuickAnswerMenuItem[]
  activeIndex: number
  onPick: (index: number) => void
  labels: { title: string; empty?: string }
  /** Id of the list, for the input's aria-controls (the options are `${id}-${index}`). */
  id?: string
}

export type QuickAnswerKeyAction = { type: 'move'; index: number } | { type: 'pick'; index: number } | { type: 'close' }

/**
 * What a key pressed in the chat input does while the menu is open: ArrowUp/ArrowDown move (wrapping),
 * Enter picks the active item, Escape closes. Null: the key is the input's (Enter sends when nothing matches).
 *
 * @example
 * const action = quickAnswerKeyAction(e.key, active, answers.length)
 * if (action) e.preventDefault()
 */
export function quickAnswerKeyAction(key: string, activeIndex: number, count: number): QuickAnswerKeyAction | null {
  if (key === 'Escape') return { type: 'close' }
  if (count <= 0) return null
  const current = Math.min(Math.max(activeIndex, 0), count - 1)
  if (key === 'ArrowDown') return { type: 'move', index: (current + 1) % count }
  if (key === 'ArrowUp') return { type: 'move', index: (current - 1 + count) % count }
  if (key === 'Enter') return { type: 'pick', index: current }
  return null
}

/** The '/' quick answers above the chat input (spec part 1 §2): a list, the active one highlighted. */
export function QuickAnswerMenu({ items, activeIndex, onPick, labels, id = 'quick-answer-menu' }: QuickAnswerMenuProps) {
  const list = useRef<HTMLUListElement>(null)

  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('[aria-selected="true"]')
    active?.scrollIntoView?.({ block: 'nearest' })
  }, [activeIndex, items])

  return (
    <div data-testid="quick-answer-menu" className="overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
      <p className="border-b border-slate-100 px-3 py-1.5 text-xs font-semibold uppercase text-slate-500 dark:border-slate-800 dark:text-slate-400">{labels.title}</p>
      {items.length === 0 ? (
        <p className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">{labels.empty}</p>
      ) : (
        <ul ref={list} id={id} role="listbox" aria-label={labels.title} className="max-h-60 overflow-y-auto py-1">
          {items.map((item, i) => (
            <li
              key={item.key}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === activeIndex}
              data-testid="quick-answer-option"
              title={item.label}
              // Keep the focus in the chat input.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onPick(i)}
              className="cursor-pointer truncate px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 aria-selected:bg-brand/10 aria-selected:text-brand dark:text-slate-100 dark:hover:bg-slate-800"
            >
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
