export interface ChecklistQueue {
  id: number
  name: string
  color: string
}

interface QueueChecklistProps {
  label: string
  /** Shown instead of the boxes when the company has no queue yet. */
  emptyText: string
  queues: ChecklistQueue[]
  selected: number[]
  onChange: (ids: number[]) => void
  error?: string
}

/** Pick any number of the company's queues (connection and user dialogs): one box per queue, with its colour. */
export function QueueChecklist({ label, emptyText, queues, selected, onChange, error }: QueueChecklistProps) {
  if (!queues.length) return <p className="text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{label}</legend>
      {queues.map((q) => (
        <label key={q.id} className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={selected.includes(q.id)} onChange={(e) => onChange(e.target.checked ? [...selected, q.id] : selected.filter((id) => id !== q.id))} />
          <span className="size-3 rounded-full" style={{ backgroundColor: q.color }} aria-hidden />
          {q.name}
        </label>
      ))}
      {error && <p className="w-full text-xs text-red-600 dark:text-red-400">{error}</p>}
    </fieldset>
  )
}
