import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/modal.tsx'
import { useLiveQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import { containsPattern, folded } from '../../lib/local-sql.ts'
import { useDebounced } from '../../lib/use-debounced.ts'

interface ForwardDialogProps {
  open: boolean
  onClose: () => void
  onForward: (contactId: number) => void
}

/** The forward dialog: a contact of the company, searched by name or number in the local database. */
export function ForwardDialog({ open, onClose, onForward }: ForwardDialogProps) {
  const { t } = useTranslation()
  const db = useLocalFirst()?.db ?? null
  const [search, setSearch] = useState('')
  const [picked, setPicked] = useState<number | null>(null)
  const [tried, setTried] = useState(false)
  const term = useDebounced(search)
  const query = useMemo(
    () => ({
      sql: `select id, name, number from contacts where coalesce(is_group, false) = false
              and ($1 = '' or ${folded('name')} like $2 or number like $2) order by lower(name) limit 20`,
      params: [term.trim(), containsPattern(term)],
    }),
    [term],
  )
  const contacts = useLiveQuery<{ id: number; name: string; number: string }>(db, query).rows
  const close = () => {
    setSearch('')
    setPicked(null)
    setTried(false)
    onClose()
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('chat.forwardTitle')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            data-testid="forward-confirm"
            onClick={() => {
              setTried(true)
              if (picked === null) return
              onForward(picked)
              close()
            }}
          >
            {t('chat.forward')}
          </Button>
        </>
      }
    >
      <input
        data-testid="forward-search"
        className="mb-2 w-full rounded-md border border-slate-300 bg-transparent px-3 py-2 text-sm dark:border-slate-700"
        placeholder={t('chat.forwardSearch')}
        aria-label={t('chat.forwardSearch')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ul className="max-h-64 overflow-y-auto" role="listbox" aria-label={t('chat.forwardSearch')}>
        {contacts.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              role="option"
              aria-selected={picked === c.id}
              data-testid="forward-contact"
              className={`block w-full rounded px-2 py-1 text-left text-sm ${picked === c.id ? 'bg-brand text-brand-contrast' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
              onClick={() => setPicked(c.id)}
            >
              {c.name} <span className="opacity-70">{c.number}</span>
            </button>
          </li>
        ))}
      </ul>
      {tried && picked === null && <p className="mt-2 text-xs text-red-600">{t('chat.forwardNone')}</p>}
    </Modal>
  )
}
