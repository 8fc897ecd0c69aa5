import { useAtomValue } from 'jotai'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/modal.tsx'
import { errorMessage } from '../../lib/errors.ts'
import { useLiveQuery } from '../../lib/live-query.ts'
import { useBrowserOnline, useLocalFirst } from '../../lib/local-first.ts'
import { createTicket, newTicketProblems, otherOpenTicketOf, type NewTicketValues, type OtherOpenTicket } from './ticket-dialogs.ts'
import { useMyQueues } from './tickets.ts'
import { containsPattern, folded, LOOKUP_MIN_CHARS } from '../../lib/local-sql.ts'
import { userAtom } from '../../state/auth.ts'
import { useDebounced } from '../../lib/use-debounced.ts'

const select = 'w-full rounded-md border border-slate-300 bg-transparent px-3 py-2 text-sm dark:border-slate-700'
const EMPTY: NewTicketValues = { contactId: null, whatsappId: null, queueId: null }

interface NewTicketDialogProps {
  open: boolean
  onClose: () => void
  onCreated: (uuid: string) => void
  /** The contact already has a live ticket: the page shows who holds it. */
  onAlreadyOpen: (other: OtherOpenTicket) => void
}

/** The new-ticket dialog (spec part 1 §2, §5): contact, connection and queue; the ticket opens as the user's. */
export function NewTicketDialog({ open, onClose, onCreated, onAlreadyOpen }: NewTicketDialogProps) {
  const { t } = useTranslation()
  const db = useLocalFirst()?.db ?? null
  const me = useAtomValue(userAtom)
  const online = useBrowserOnline()
  const queues = useMyQueues(me?.id)
  const [values, setValues] = useState<NewTicketValues>(EMPTY)
  const [search, setSearch] = useState('')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // Spec part 1 §5: contact look-ups start at 3 characters; fewer keep the whole list.
  const typed = useDebounced(search).trim()
  const term = typed.length >= LOOKUP_MIN_CHARS ? typed : ''
  const contactsQuery = useMemo(
    () => ({
      sql: `select id, name, number from contacts where ($1 = '' or ${folded('name')} like $2 or number like $2) order by lower(name) limit 30`,
      params: [term, containsPattern(term)],
    }),
    [term],
  )
  const connectionsQuery = useMemo(() => ({ sql: `select id, name, channel from whatsapps order by name`, params: [] }), [])
  const contacts = useLiveQuery<{ id: number; name: string; number: string }>(db, contactsQuery).rows
  const connections = useLiveQuery<{ id: number; name: string; channel: string }>(db, connectionsQuery).rows
  const problems = newTicketProblems(values)

  const close = () => {
    setValues(EMPTY)
    setSearch('')
    setTried(false)
    setFailure(null)
    onClose()
  }
  const submit = async () => {
    setTried(true)
    if (Object.keys(problems).length || !me) return
    setBusy(true)
    setFailure(null)
    try {
      const ticket = await createTicket(values, me.id)
      close()
      onCreated(ticket.uuid)
    } catch (err) {
      const other = otherOpenTicketOf(err)
      if (other) {
        close()
        onAlreadyOpen(other)
      } else setFailure(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }
  const problem = (field: keyof NewTicketValues) => tried && problems[field] && <span className="text-xs text-red-600">{t(problems[field]!)}</span>

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('tickets.new.title')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button data-testid="new-ticket-save" disabled={busy || !online} onClick={() => void submit()}>
            {t('tickets.new.save')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        {!online && <p className="text-amber-700 dark:text-amber-300">{t('tickets.new.offline')}</p>}
        <label className="flex flex-col gap-1">
          {t('tickets.new.contact')}
          <input data-testid="new-ticket-search" className={select} placeholder={t('chat.forwardSearch')} value={search} onChange={(e) => setSearch(e.target.value)} />
          {search.trim().length > 0 && search.trim().length < LOOKUP_MIN_CHARS && (
            <span data-testid="new-ticket-search-hint" className="text-xs text-slate-500 dark:text-slate-400">
              {t('common.lookupMinChars', { count: LOOKUP_MIN_CHARS })}
            </span>
          )}
          <select data-testid="new-ticket-contact" className={select} size={5} value={values.contactId ?? ''} onChange={(e) => setValues((v) => ({ ...v, contactId: Number(e.target.value) }))}>
            {contacts.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.number})
              </option>
            ))}
          </select>
          {problem('contactId')}
        </label>
        <label className="flex flex-col gap-1">
          {t('tickets.new.connection')}
          <select data-testid="new-ticket-connection" className={select} value={values.whatsappId ?? ''} onChange={(e) => setValues((v) => ({ ...v, whatsappId: e.target.value ? Number(e.target.value) : null }))}>
            <option value="">—</option>
            {connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {problem('whatsappId')}
        </label>
        <label className="flex flex-col gap-1">
          {t('tickets.transferQueue')}
          <select data-testid="new-ticket-queue" className={select} value={values.queueId ?? ''} onChange={(e) => setValues((v) => ({ ...v, queueId: e.target.value ? Number(e.target.value) : null }))}>
            <option value="">—</option>
            {queues.map((q) => (
              <option key={q.id} value={q.id}>
                {q.name}
              </option>
            ))}
          </select>
          {problem('queueId')}
        </label>
        {failure && <p className="text-red-600">{failure}</p>}
      </div>
    </Modal>
  )
}

/** The 'ticket already open' notice (spec part 1 §2 Dialogs): who holds it and in which queue, or that it waits. */
export function AlreadyOpenDialog({ other, onClose, onOpen }: { other: OtherOpenTicket | null; onClose: () => void; onOpen: (uuid: string) => void }) {
  const { t } = useTranslation()
  const text = !other
    ? ''
    : other.userName
      ? t('tickets.alreadyOpen.held', { name: other.userName, queue: other.queueName ?? t('tickets.noQueue') })
      : t('tickets.alreadyOpen.waiting', { queue: other.queueName ?? t('tickets.noQueue') })
  return (
    <Modal
      open={other !== null}
      onClose={onClose}
      title={t('tickets.alreadyOpen.title')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.close')}
          </Button>
          {other?.uuid && (
            <Button data-testid="already-open-go" onClick={() => onOpen(other.uuid!)}>
              {t('tickets.alreadyOpen.go')}
            </Button>
          )}
        </>
      }
    >
      <p data-testid="already-open-text">{text}</p>
    </Modal>
  )
}
