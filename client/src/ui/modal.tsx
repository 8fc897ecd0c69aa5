import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import type { ReactNode } from 'react'
import { plainIconButtonClass } from './button.tsx'
import { Icon } from './icon.tsx'

interface ModalProps {
  open: boolean
  onClose: () => void
  title: string
  closeLabel: string
  size?: 'md' | 'lg' | 'xl'
  children: ReactNode
  footer?: ReactNode
}

const widths = { md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-4xl' }

/** A centred dialog (Headless UI: focus trap, Escape and backdrop click close it). */
export function Modal({ open, onClose, title, closeLabel, size = 'md', children, footer }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      {/* No leave transition: Headless UI keeps a closing dialog mounted until its transition ends, and under
          load that took seconds (a closed dialog still over the page, taking its clicks). Closed is gone. */}
      <DialogBackdrop className="fixed inset-0 bg-black/50" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel
          className={`flex max-h-full w-full ${widths[size]} flex-col rounded-xl bg-white text-slate-800 shadow-xl dark:bg-slate-900 dark:text-slate-100`}
        >
          <div className="flex items-center gap-2 border-b border-slate-200 px-5 py-3 dark:border-slate-800">
            <DialogTitle className="min-w-0 flex-1 break-words text-lg font-semibold">{title}</DialogTitle>
            <button type="button" className={plainIconButtonClass} aria-label={closeLabel} title={closeLabel} onClick={onClose}>
              <Icon name="close" className="size-5" />
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">{footer}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  )
}
