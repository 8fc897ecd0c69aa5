import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import { pushToast } from '../../state/toasts.ts'
import { inlineTagProblem } from './tag-form.ts'
import { createTagNow, type CreatedTag, type TagChoice } from './tags.ts'

export const NEW_TAG_COLOR = '#2563eb'

export type { TagChoice }

interface TagPickerProps {
  /** The company's tags, in the order shown. */
  tags: TagChoice[]
  selected: number[]
  onToggle: (tag: TagChoice, on: boolean) => void
  /** A tag typed into the field was created: put it on whatever the picker edits. */
  onCreated: (tag: CreatedTag) => Promise<void> | void
  /** Toast once the created tag is on (the drawer's changes are saved at once; a dialog's on Save). */
  createdText?: string
  emptyText: string
}

/**
 * The tags of a ticket or a contact (spec part 1 §2, part 2 §5): the company's tags as chips, pressed
 * when chosen, and a field creating a tag ('Tag muito curta!' under 3 characters) and choosing it at once.
 * Creating needs the connection (the tag's id comes from the server); choosing works offline.
 */
export function TagPicker({ tags, selected, onToggle, onCreated, createdText, emptyText }: TagPickerProps) {
  const { t } = useTranslation()
  const online = useBrowserOnline()
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function create(e: FormEvent) {
    e.preventDefault()
    // The picker may sit inside another form (the contact dialog): Enter here creates, never saves.
    e.stopPropagation()
    const found = inlineTagProblem(name)
    setProblem(found)
    if (found) return
    setBusy(true)
    try {
      await onCreated(await createTagNow(name, NEW_TAG_COLOR))
      setName('')
      if (createdText) pushToast('success', createdText)
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-col gap-2">
      {tags.length === 0 && <p className="text-xs text-slate-500 dark:text-slate-400">{emptyText}</p>}
      <div className="flex flex-wrap gap-1">
        {tags.map((g) => {
          const on = selected.includes(g.id)
          return (
            <button
              key={g.id}
              type="button"
              data-testid="tag-choice"
              aria-pressed={on}
              className={`rounded-full border px-2 py-0.5 text-xs ${on ? 'text-white' : ''}`}
              style={on ? { backgroundColor: g.color, borderColor: g.color } : { borderColor: g.color }}
              onClick={() => onToggle(g, !on)}
            >
              {g.name}
            </button>
          )
        })}
      </div>
      <div className="flex gap-2">
        <input
          data-testid="new-tag-input"
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-transparent px-2 py-1 text-sm dark:border-slate-700"
          placeholder={t('tags.inline.placeholder')}
          aria-label={t('tags.inline.placeholder')}
          aria-invalid={problem ? true : undefined}
          maxLength={50}
          value={name}
          onChange={(e) => {
            setName(e.target.value)
            setProblem(null)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void create(e)
          }}
        />
        <button
          type="button"
          data-testid="new-tag-create"
          className="rounded-md border border-brand px-2 py-1 text-xs font-semibold text-brand hover:bg-brand/10 disabled:opacity-50 dark:border-sky-400 dark:text-sky-300"
          disabled={busy || !online || !name.trim()}
          title={online ? undefined : t('tags.inline.offline')}
          onClick={(e) => void create(e)}
        >
          {t('tags.inline.create')}
        </button>
      </div>
      {problem && <p className="text-xs text-red-600 dark:text-red-400">{t(problem)}</p>}
      {!online && <p className="text-xs text-slate-500 dark:text-slate-400">{t('tags.inline.offline')}</p>}
    </div>
  )
}
