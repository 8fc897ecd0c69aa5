import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, plainIconButtonClass } from '../../components/button.tsx'
import { Icon } from '../../components/icon.tsx'
import { WriteStatus } from '../../components/write-status.tsx'
import { errorText } from '../../data/errors.ts'
import { useLiveQuery } from '../../data/live-query.ts'
import { useLocalFirst } from '../../data/local-first.ts'
import { useTicketExtrasActions, useTicketNotes, useTicketTags } from '../../data/ticket-extras.ts'
import type { OpenTicket } from '../../data/tickets.ts'
import i18n from '../../i18n/index.ts'

const translate = (key: string) => (i18n.exists(key) ? i18n.t(key) : null)

/**
 * The chat's right-hand drawer (spec part 1 §2, width 320): the contact (its number as the shape gave
 * it, masked for users under lgpdHideNumber), the ticket's tags and the notes list and form.
 */
export function ContactDrawer({ ticket, onClose }: { ticket: OpenTicket; onClose: () => void }) {
  const { t } = useTranslation()
  const db = useLocalFirst()?.db ?? null
  const actions = useTicketExtrasActions()
  const notes = useTicketNotes(ticket.id, ticket.contactId)
  const tags = useTicketTags(ticket.id)
  const [note, setNote] = useState('')
  const contactQuery = useMemo(() => ({ sql: `select email, active from contacts where id = $1`, params: [ticket.contactId] }), [ticket.contactId])
  const contact = useLiveQuery<{ email: string | null; active: boolean | null }>(db, contactQuery).rows[0]
  const onTicket = tags.filter((g) => g.onTicket).map((g) => g.id)
  const tooShort = note.trim().length > 0 && note.trim().length < 2

  const saveNote = async () => {
    const text = note.trim()
    if (text.length < 2 || !actions) return
    await actions.addNote({ ticketId: ticket.id, contactId: ticket.contactId, note: text })
    setNote('')
  }

  return (
    <aside data-testid="contact-drawer" className="flex h-full w-80 shrink-0 flex-col overflow-y-auto border-l border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <h2 className="flex-1 font-semibold">{t('drawer.title')}</h2>
        <button type="button" className={plainIconButtonClass} aria-label={t('common.close')} title={t('common.close')} onClick={onClose}>
          <Icon name="close" className="size-5" />
        </button>
      </div>
      <div className="flex flex-col items-center gap-1 p-4 text-center">
        {ticket.contactPicture ? (
          <img src={ticket.contactPicture} alt="" className="size-20 rounded-full object-cover" />
        ) : (
          <span className="flex size-20 items-center justify-center rounded-full bg-slate-200 dark:bg-slate-700">
            <Icon name="person" className="size-10 text-slate-500" />
          </span>
        )}
        <p className="font-semibold">{ticket.contactName}</p>
        <p data-testid="drawer-number" className="text-sm text-slate-600 dark:text-slate-300">
          {ticket.contactNumber}
        </p>
        {contact?.email && (
          <a className="text-sm text-brand underline" href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
        )}
        {contact?.active === false && <p className="text-xs font-semibold text-red-600">{t('drawer.blocked')}</p>}
      </div>

      <section className="border-t border-slate-200 p-3 dark:border-slate-800">
        <h3 className="mb-2 text-sm font-semibold">{t('drawer.tags')}</h3>
        {tags.length === 0 && <p className="text-xs text-slate-500">{t('drawer.noTags')}</p>}
        <div className="flex flex-wrap gap-1">
          {tags.map((g) => (
            <button
              key={g.id}
              type="button"
              data-testid="tag-choice"
              aria-pressed={g.onTicket}
              className={`rounded-full border px-2 py-0.5 text-xs ${g.onTicket ? 'text-white' : ''}`}
              style={g.onTicket ? { backgroundColor: g.color, borderColor: g.color } : { borderColor: g.color }}
              onClick={() => void (g.onTicket ? actions?.removeTag(ticket.id, g.id, onTicket) : actions?.addTag(ticket.id, g.id))}
            >
              {g.name}
            </button>
          ))}
        </div>
      </section>

      <section className="flex flex-col gap-2 border-t border-slate-200 p-3 dark:border-slate-800">
        <h3 className="text-sm font-semibold">{t('drawer.notes')}</h3>
        <textarea
          data-testid="note-input"
          rows={3}
          className="rounded-md border border-slate-300 bg-transparent px-2 py-1 text-sm dark:border-slate-700"
          placeholder={t('drawer.notePlaceholder')}
          aria-label={t('drawer.notePlaceholder')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {tooShort && <p className="text-xs text-red-600">{t('validation.tooShort')}</p>}
        <Button data-testid="note-save" onClick={() => void saveNote()} disabled={note.trim().length < 2}>
          {t('common.save')}
        </Button>
        <ul className="flex flex-col gap-2">
          {notes.map((n) => (
            <li key={n.key} data-testid="note" className="rounded-md bg-slate-50 p-2 text-sm dark:bg-slate-800">
              <p className="whitespace-pre-wrap">{n.note}</p>
              <p className="mt-1 flex items-center gap-1 text-xs text-slate-500">
                <span className="flex-1">
                  {n.userName} · {n.createdAt ? new Date(n.createdAt).toLocaleString(i18n.language) : ''}
                </span>
                {n.id !== null && !n.pending && (
                  <button type="button" className="text-red-600" aria-label={t('common.delete')} title={t('common.delete')} onClick={() => void actions?.deleteNote(n.id!)}>
                    <Icon name="delete" className="size-4" />
                  </button>
                )}
              </p>
              {n.pending && (
                <WriteStatus
                  error={n.error ? errorText({ error: n.error }, translate) : null}
                  pendingLabel={t('sync.pending')}
                  retryLabel={t('sync.retry')}
                  discardLabel={t('sync.discard')}
                  onRetry={() => n.clientId && actions?.retry(n.clientId)}
                  onDiscard={() => n.clientId && actions?.discard(n.clientId)}
                />
              )}
            </li>
          ))}
        </ul>
      </section>
    </aside>
  )
}
