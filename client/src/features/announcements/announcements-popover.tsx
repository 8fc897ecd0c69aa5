import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { topBarButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'

export interface AnnouncementItem {
  id: number
  title: string
  text: string
  date: string
  color: string
}

interface AnnouncementsPopoverProps {
  items: AnnouncementItem[]
  label: string
  emptyText: string
  onOpen: (id: number) => void
}

/** Announcements in the top bar: priority colour on the left (1 red, 2 orange, 3 grey), max height 350. */
export function AnnouncementsPopover({ items, label, emptyText, onOpen }: AnnouncementsPopoverProps) {
  return (
    <Popover className="relative">
      <PopoverButton className={topBarButtonClass} aria-label={label} title={label}>
        <Icon name="megaphone" />
        {items.length > 0 && <span className="absolute right-2 top-2 size-2 rounded-full bg-amber-300" />}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-50 mt-2 max-h-[350px] w-80 max-w-[90vw] overflow-y-auto rounded-lg bg-white py-1 text-slate-700 shadow-lg ring-1 ring-black/5 dark:bg-slate-800 dark:text-slate-200"
      >
        {({ close }) =>
          items.length === 0 ? (
            <p className="px-4 py-3 text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>
          ) : (
            <ul>
              {items.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    onClick={() => {
                      close()
                      onOpen(a.id)
                    }}
                    className="flex w-full gap-3 border-l-4 px-3 py-2 text-left hover:bg-slate-100 dark:hover:bg-slate-700"
                    style={{ borderLeftColor: a.color }}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold">{a.title}</span>
                      <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{a.text}</span>
                    </span>
                    <span className="shrink-0 text-xs text-slate-400">{a.date}</span>
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </PopoverPanel>
    </Popover>
  )
}
