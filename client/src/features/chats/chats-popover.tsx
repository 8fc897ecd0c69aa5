import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { topBarButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'

export interface ChatPopoverItem {
  uuid: string
  title: string
  lastMessage: string
  /** The logged-in user's unread messages in this chat. */
  unreads: number
}

interface ChatsPopoverProps {
  items: ChatPopoverItem[]
  /** The user's unread messages over all their chats (the badge; hidden at 0). */
  total: number
  label: string
  emptyText: string
  /** The label of the link to the chats page at the bottom. */
  allLabel: string
  onOpen: (uuid: string) => void
  onOpenAll: () => void
}

/** The internal-chat button of the top bar (spec part 1 §2): unread badge, the user's chats, a click opens one. */
export function ChatsPopover({ items, total, label, emptyText, allLabel, onOpen, onOpenAll }: ChatsPopoverProps) {
  return (
    <Popover className="relative">
      <PopoverButton className={topBarButtonClass} aria-label={label} title={label} data-testid="chats-popover-button">
        <Icon name="forum" />
        {total > 0 && (
          <span data-testid="chats-unread-total" className="absolute right-1 top-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white">
            {total}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-50 mt-2 flex max-h-[350px] w-80 max-w-[90vw] flex-col rounded-lg bg-white text-slate-700 shadow-lg ring-1 ring-black/5 dark:bg-slate-800 dark:text-slate-200"
      >
        {({ close }) => (
          <>
            <div className="min-h-0 flex-1 overflow-y-auto py-1">
              {items.length === 0 ? (
                <p className="px-4 py-3 text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>
              ) : (
                items.map((c) => (
                  <button
                    key={c.uuid}
                    type="button"
                    data-testid="chats-popover-item"
                    onClick={() => {
                      close()
                      onOpen(c.uuid)
                    }}
                    className="flex w-full items-center gap-3 px-4 py-2 text-left hover:bg-slate-100 dark:hover:bg-slate-700"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold">{c.title}</span>
                      <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{c.lastMessage}</span>
                    </span>
                    {c.unreads > 0 && <span className="shrink-0 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-brand-contrast">{c.unreads}</span>}
                  </button>
                ))
              )}
            </div>
            <button
              type="button"
              onClick={() => {
                close()
                onOpenAll()
              }}
              className="border-t border-slate-200 px-4 py-2 text-left text-sm font-semibold text-brand hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-700"
            >
              {allLabel}
            </button>
          </>
        )}
      </PopoverPanel>
    </Popover>
  )
}
