import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react'
import type { ReactNode } from 'react'

interface SideDrawerProps {
  /** ≥ 600 px: a permanent drawer, open (full) or closed (icons only); narrower: a temporary one over the page. */
  wide: boolean
  open: boolean
  onClose: () => void
  label: string
  header: ReactNode
  footer: ReactNode
  children: ReactNode
}

const surface = 'flex h-full flex-col bg-white text-slate-800 dark:bg-slate-900 dark:text-slate-100'

export function SideDrawer({ wide, open, onClose, label, header, footer, children }: SideDrawerProps) {
  if (wide) {
    return (
      <aside
        aria-label={label}
        data-state={open ? 'open' : 'closed'}
        className={`${surface} shrink-0 overflow-hidden border-r border-slate-200 transition-[width] duration-200 dark:border-slate-800 ${open ? 'w-64' : 'w-16'}`}
      >
        {header}
        <div className="flex-1 overflow-y-auto overflow-x-hidden">{children}</div>
        {footer}
      </aside>
    )
  }
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <DialogBackdrop transition className="fixed inset-0 bg-black/40 transition-opacity duration-200 data-[closed]:pointer-events-none data-[closed]:opacity-0" />
      <div className="fixed inset-y-0 left-0 flex">
        <DialogPanel
          transition
          aria-label={label}
          className={`${surface} w-72 max-w-[85vw] shadow-xl transition duration-200 data-[closed]:pointer-events-none data-[closed]:-translate-x-full`}
        >
          {header}
          <div className="flex-1 overflow-y-auto">{children}</div>
          {footer}
        </DialogPanel>
      </div>
    </Dialog>
  )
}

/** Drawer header: the logo for the theme when set, else the app name. */
export function DrawerHeader({ logoUrl, appName, collapsed, onHome }: { logoUrl: string | null; appName: string; collapsed: boolean; onHome: () => void }) {
  return (
    <button
      type="button"
      onClick={onHome}
      title={appName}
      className="flex h-14 shrink-0 items-center justify-center border-b border-slate-200 px-3 dark:border-slate-800"
    >
      {logoUrl ? (
        <img src={logoUrl} alt={appName} className={`max-h-10 object-contain ${collapsed ? 'max-w-10' : 'max-w-[200px]'}`} />
      ) : (
        <span className={`truncate font-bold text-brand ${collapsed ? 'text-lg' : 'text-xl'}`}>{collapsed ? appName.slice(0, 1) : appName}</span>
      )}
    </button>
  )
}

interface DrawerFooterProps {
  version: string | null
  collapsed: boolean
  /** Live connection state: a green dot when the realtime socket is open. */
  live: 'idle' | 'connecting' | 'open' | 'closed'
  liveLabel: string
}

export function DrawerFooter({ version, collapsed, live, liveLabel }: DrawerFooterProps) {
  return (
    <div className="flex shrink-0 items-center justify-center gap-2 border-t border-slate-200 px-3 py-2 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
      <span
        title={liveLabel}
        aria-label={liveLabel}
        data-realtime={live}
        className={`size-2 shrink-0 rounded-full ${live === 'open' ? 'bg-emerald-500' : live === 'connecting' ? 'bg-amber-400' : 'bg-slate-400'}`}
      />
      <span data-testid="app-version">{version ? (collapsed ? version.split(/[v-]/)[0] : version) : '\u00a0'}</span>
    </div>
  )
}
