import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import { pushToast } from '../../state/toasts.ts'
import { createTagNow, inlineTagProblem } from '../tags/index.ts'
import { useTicketExtrasActions, useTicketTags } from './ticket-extras.ts'

const NEW_TAG_COLOR = '#2563eb'

/**
 * The drawer's tags (spec part 1 §2): the company's tags as chips, pressed when on the ticket (what the
 * list's tag filter and the kanban read), and a field creating a tag and putting it on the ticket at once.
 * Creating needs the connection (the tag's id comes from the server); toggling works offline.
 */
export function TicketTagsSection({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation()
  const actions = useTicketExtrasActions()
  const tags = useTicketTags(ticketId)
  const online = useBrowserOnline()
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const onTicket = tags.filter((g) => g.onTicket).map((g) => g.id)

  async function create(e: FormEvent) {
    e.preventDefault()
    const found = inlineTagProblem(name)
    setProblem(found)
    if (found || !actions) return
    setBusy(true)
    try {
      const tag = await createTagNow(name, NEW_TAG_COLOR)
      await actions.addTag(ticketId, tag.id)
      setName('')
      pushToast('success', t('tags.inline.created'))
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="border-t border-slate-200 p-3 dark:border-slate-800">
      <h3 className="mb-2 text-sm font-semibold">{t('drawer.tags')}</h3>
      {tags.length === 0 && <p className="text-xs text-slate-500 dark:text-slate-400">{t('drawer.noTags')}</p>}
      <div className="flex flex-wrap gap-1">
        {tags.map((g) => (
          <button
            key={g.id}
            type="button"
            data-testid="tag-choice"
            aria-pressed={g.onTicket}
            className={`rounded-full border px-2 py-0.5 text-xs ${g.onTicket ? 'text-white' : ''}`}
            style={g.onTicket ? { backgroundColor: g.color, borderColor: g.color } : { borderColor: g.color }}
            onClick={() => void (g.onTicket ? actions?.removeTag(ticketId, g.id, onTicket) : actions?.addTag(ticketId, g.id))}
          >
            {g.name}
          </button>
        ))}
      </div>
      <form className="mt-2 flex gap-2" onSubmit={(e) => void create(e)} noValidate>
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
        />
        <button
          type="submit"
          data-testid="new-tag-create"
          className="rounded-md border border-brand px-2 py-1 text-xs font-semibold text-brand hover:bg-brand/10 disabled:opacity-50 dark:border-sky-400 dark:text-sky-300"
          disabled={busy || !online || !name.trim()}
          title={online ? undefined : t('tags.inline.offline')}
        >
          {t('tags.inline.create')}
        </button>
      </form>
      {problem && <p className="mt-1 text-xs text-red-600 dark:text-red-400">{t(problem)}</p>}
      {!online && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('tags.inline.offline')}</p>}
    </section>
  )
}
