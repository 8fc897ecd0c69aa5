import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { topBarButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'

export interface NotificationItem {
  id: string
  title: string
  text: string
}

interface NotificationsPopoverProps {
  items: NotificationItem[]
  label: string
  emptyText: string
  onOpenItem: (id: string) => void
}

/** The bell: unread tickets as a list (max height 350) with a count badge. */
export function NotificationsPopover({ items, label, emptyText, onOpenItem }: NotificationsPopoverProps) {
  return (
    <Popover className="relative">
      <PopoverButton className={topBarButtonClass} aria-label={label} title={label}>
        <Icon name="bell" />
        {items.length > 0 && (
          <span data-testid="notifications-count" className="absolute right-1 top-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white">
            {items.length}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-50 mt-2 max-h-[350px] w-80 max-w-[90vw] overflow-y-auto rounded-lg bg-white py-2 text-slate-700 shadow-lg ring-1 ring-black/5 dark:bg-slate-800 dark:text-slate-200"
      >
        {items.length === 0 ? (
          <p className="px-4 py-3 text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>
        ) : (
          items.map((n) => (
            <button key={n.id} type="button" data-testid="notification-item" onClick={() => onOpenItem(n.id)} className="block w-full px-4 py-2 text-left hover:bg-slate-100 dark:hover:bg-slate-700">
              <span className="block truncate text-sm font-semibold">{n.title}</span>
              <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{n.text}</span>
            </button>
          ))
        )}
      </PopoverPanel>
    </Popover>
  )
}
