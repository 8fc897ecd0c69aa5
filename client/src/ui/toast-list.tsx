import type { Toast } from '../state/toasts.ts'
import { Icon } from './icon.tsx'

const kindClass: Record<Toast['kind'], string> = {
  error: 'bg-red-600 text-white',
  success: 'bg-emerald-600 text-white',
  info: 'bg-slate-800 text-white',
  warning: 'bg-amber-500 text-slate-900',
}

export function ToastList({ toasts, onDismiss, closeLabel }: { toasts: Toast[]; onDismiss: (id: number) => void; closeLabel: string }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4 sm:items-end">
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-toast={t.kind}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ${kindClass[t.kind]}`}
        >
          <span className="flex-1">{t.text}</span>
          <button type="button" aria-label={closeLabel} onClick={() => onDismiss(t.id)} className="opacity-80 hover:opacity-100">
            <Icon name="close" className="size-4" />
          </button>
        </div>
      ))}
    </div>
  )
}
