import { useAtomValue } from 'jotai'
import { useEffect, useMemo, useState } from 'react'
import { optimisticSelect } from '../../../../sync/client/optimistic.ts'
import { useTranslation } from 'react-i18next'
import { Button, plainIconButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { WriteStatus } from '../../ui/write-status.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { ContactDialog, type ContactFormValues, queueSetContactActive, queueToggleAcceptAudio, queueToggleDisableBot, queueUpdateContact } from '../contacts/index.ts'
import { jsonList } from '../../lib/local-sql.ts'
import { SwitchField } from '../../ui/switch-field.tsx'
import { errorMessage, toastError } from '../../lib/errors.ts'
import { savedText, settleSave } from '../../lib/outbox-save.ts'
import { pushToast } from '../../state/toasts.ts'
import { useLiveQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import { useTicketExtrasActions, useTicketNotes } from './ticket-extras.ts'
import { TicketTagsSection } from './ticket-tags-section.tsx'
import type { OpenTicket } from './tickets.ts'
import { userAtom } from '../../state/auth.ts'
import { ContactWallet } from './contact-wallet.tsx'
import i18n from '../../i18n/index.ts'
import { usePaintedMark } from '../../lib/perf.ts'

/**
 * The chat's right-hand drawer (spec part 1 §2, width 320): the contact (its number as the shape gave
 * it, masked for users under lgpdHideNumber), the ticket's tags and the notes list and form.
 */
export function ContactDrawer({ ticket, onClose }: { ticket: OpenTicket; onClose: () => void }) {
  const { t } = useTranslation()
  const lf = useLocalFirst()
  const db = lf?.db ?? null
  const actions = useTicketExtrasActions()
  const notes = useTicketNotes(ticket.id, ticket.contactId)
  const [note, setNote] = useState('')
  const [editing, setEditing] = useState(false)
  const [blocking, setBlocking] = useState(false)
  const me = useAtomValue(userAtom)
  const isAdmin = me?.profile === 'admin' || me?.super === true
  const contactQuery = useMemo(
    () => ({
      sql: `select c.name, c.number, c.email, c.active, c.accept_audio_message, c.disable_bot, c.pending, c.client_id, c.error,
                   (select coalesce(json_agg(ct.tag_id order by ct.tag_id), '[]'::json) from contact_tags ct where ct.contact_id = c.id) as tag_ids
              from (${optimisticSelect('contacts')}) c where c.id = $1`,
      params: [ticket.contactId],
    }),
    [ticket.contactId],
  )
  const contact = useLiveQuery<ContactRow>(db, contactQuery).rows[0]
  usePaintedMark('drawer', contact !== undefined, ticket.contactId, contact)
  const fieldsQuery = useMemo(() => ({ sql: `select id, name, value from contact_custom_fields where contact_id = $1 order by id`, params: [ticket.contactId] }), [ticket.contactId])
  const extraInfo = useLiveQuery<{ id: number; name: string; value: string }>(db, fieldsQuery).rows
  const writer = useMemo(() => (lf ? { pg: lf.db, outbox: lf.outbox } : null), [lf])
  // Fixed while the dialog is open: the form resets whenever its initial values change.
  const editInitial = useMemo(
    () => ({
      name: contact?.name ?? ticket.contactName,
      number: contact?.number ?? ticket.contactNumber,
      email: contact?.email ?? '',
      tagIds: jsonList<number>(contact?.tag_ids),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editing],
  )
  // A number the shape masked (lgpdHideNumber) cannot be edited without being overwritten by the mask.
  const numberHidden = (contact?.number ?? ticket.contactNumber).includes('*')
  const tooShort = note.trim().length > 0 && note.trim().length < 2

  const saveNote = async () => {
    const text = note.trim()
    if (text.length < 2 || !actions) return
    const clientId = await actions.addNote({ ticketId: ticket.id, contactId: ticket.contactId, note: text })
    setNote('')
    try {
      const outcome = await actions.settle(clientId)
      pushToast('success', t(outcome.kind === 'sent' ? 'drawer.noteAdded' : 'drawer.noteSavedOffline'))
    } catch (err) {
      // Refused: the note leaves the list, so its text goes back into the field.
      setNote(text)
      toastError(err)
    }
  }

  const deleteNote = async (id: number) => {
    if (!actions) return
    try {
      await actions.settle(await actions.deleteNote(id))
      pushToast('success', t('drawer.noteDeleted'))
    } catch (err) {
      toastError(err)
    }
  }

  const saveContact = async (values: ContactFormValues) => {
    if (!writer || !lf) return
    try {
      const outcome = await settleSave(lf.outbox, await queueUpdateContact(writer, ticket.contactId, values))
      pushToast('success', savedText(outcome, { saved: t('contacts.saved'), savedOffline: t('contacts.savedOffline') }))
    } catch (err) {
      toastError(err)
      throw err
    }
  }

  const setActive = async (active: boolean) => {
    if (!writer || !lf) return
    try {
      await settleSave(lf.outbox, await queueSetContactActive(writer, ticket.contactId, active))
      pushToast('success', t(active ? 'contacts.unblocked' : 'contacts.blocked'))
    } catch (err) {
      toastError(err)
    }
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
        <button
          type="button"
          data-testid="drawer-edit"
          className="font-semibold hover:underline disabled:no-underline"
          title={numberHidden ? t('drawer.numberHidden') : t('drawer.edit')}
          disabled={numberHidden || !writer}
          onClick={() => setEditing(true)}
        >
          {contact?.name ?? ticket.contactName}
        </button>
        <p data-testid="drawer-number" className="text-sm text-slate-600 dark:text-slate-300">
          {contact?.number ?? ticket.contactNumber}
        </p>
        {contact?.email && (
          <a className="text-sm text-brand underline" href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
        )}
        {contact?.active === false && <p className="text-xs font-semibold text-red-600">{t('drawer.blocked')}</p>}
        {contact?.pending && (
          <WriteStatus
            error={contact.error ? errorMessage({ error: contact.error }) : null}
            pendingLabel={t('sync.pending')}
            retryLabel={t('sync.retry')}
            discardLabel={t('sync.discard')}
            onRetry={() => contact.client_id && actions?.retry(contact.client_id)}
            onDiscard={() => contact.client_id && actions?.discard(contact.client_id)}
          />
        )}
      </div>

      {contact && writer && (
        <section className="flex flex-col gap-2 border-t border-slate-200 p-3 dark:border-slate-800">
          <SwitchField
            id="drawer-accept-audio"
            label={t('drawer.acceptAudio')}
            checked={contact.accept_audio_message !== false}
            onChange={(on) => void queueToggleAcceptAudio(writer, ticket.contactId, on)}
          />
          <SwitchField id="drawer-disable-bot" label={t('drawer.disableBot')} checked={contact.disable_bot === true} onChange={(on) => void queueToggleDisableBot(writer, ticket.contactId, on)} />
          <Button variant={contact.active === false ? 'secondary' : 'danger'} data-testid="drawer-block" onClick={() => setBlocking(true)}>
            {contact.active === false ? t('drawer.unblock') : t('drawer.block')}
          </Button>
        </section>
      )}

      {extraInfo.length > 0 && (
        <section className="border-t border-slate-200 p-3 text-sm dark:border-slate-800">
          <h3 className="mb-2 font-semibold">{t('drawer.extraInfo')}</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {extraInfo.map((f) => (
              <div key={f.id} className="contents">
                <dt className="text-slate-500">{f.name}</dt>
                <dd className="break-words">{f.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      {isAdmin && !ticket.isGroup && <ContactWallet contactId={ticket.contactId} />}
      <TicketTagsSection ticketId={ticket.id} />

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
                  <button type="button" className="text-red-600" aria-label={t('common.delete')} title={t('common.delete')} onClick={() => void deleteNote(n.id!)}>
                    <Icon name="delete" className="size-4" />
                  </button>
                )}
              </p>
              {n.pending && (
                <WriteStatus
                  error={n.error ? errorMessage({ error: n.error }) : null}
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
      <ContactDialog
        open={editing}
        mode="edit"
        initial={editInitial}
        onClose={() => setEditing(false)}
        onSave={saveContact}
      />
      <ConfirmDialog
        open={blocking}
        tone={contact?.active === false ? 'brand' : 'danger'}
        title={contact?.active === false ? t('drawer.unblock') : t('drawer.block')}
        text={contact?.active === false ? t('drawer.unblockText') : t('drawer.blockText')}
        confirmLabel={contact?.active === false ? t('drawer.unblock') : t('drawer.block')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onCancel={() => setBlocking(false)}
        onConfirm={() => {
          setBlocking(false)
          if (contact) void setActive(contact.active === false)
        }}
      />
    </aside>
  )
}

type ContactRow = {
  name: string
  number: string
  email: string | null
  active: boolean | null
  accept_audio_message: boolean | null
  disable_bot: boolean | null
  pending: boolean
  client_id: string | null
  error: string | null
  tag_ids: number[] | string | null
}
