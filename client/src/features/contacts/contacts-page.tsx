import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { ContactDialog } from './contact-dialog.tsx'
import { ContactsTable } from './contacts-table.tsx'
import { Icon } from '../../ui/icon.tsx'
import { LocalListStatus } from '../../ui/local-list-status.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { CONTACT_EXPORT_FILE, contactsCsv, downloadCsv } from './contact-export.ts'
import { newContactValues } from './contact-form.ts'
import { CONTACT_PAGE_SIZE, useContactList } from './contacts.ts'
import { codeText, toastError } from '../../lib/errors.ts'
import { userAtom } from '../../state/auth.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { useContactEditing } from './use-contact-editing.ts'
import { useLoadMore } from './use-load-more.ts'

const EMPTY = newContactValues()
const secondaryLink =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700'

/**
 * /contacts (spec part 2 §2; the menu needs admin): the company's contacts from the local database, live,
 * with search (500 ms), infinite scroll, add, edit, block and delete through the outbox, CSV export and
 * the way to /contacts/import.
 */
export default function ContactsPage() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const [search, setSearch] = useState('')
  const settled = useDebounced(search)
  const [limit, setLimit] = useState(CONTACT_PAGE_SIZE)
  useEffect(() => setLimit(CONTACT_PAGE_SIZE), [settled])
  const { contacts, loading, error, hasMore } = useContactList(settled, limit)
  const more = useLoadMore(hasMore && !loading, contacts.length, () => setLimit((n) => n + CONTACT_PAGE_SIZE))
  const editing = useContactEditing()
  const isAdmin = me?.profile === 'admin' || me?.super === true

  async function exportCsv() {
    if (!editing.pg) return
    try {
      downloadCsv(CONTACT_EXPORT_FILE, await contactsCsv(editing.pg, settled))
    } catch (err) {
      toastError(err)
    }
  }

  const body = () => {
    const status = <LocalListStatus loading={loading} error={error} count={contacts.length} searching={!!settled} emptyText={t('contacts.empty')} />
    if (contacts.length === 0 || error) return status
    return (
      <ContactsTable
        contacts={contacts}
        canDelete={isAdmin}
        errorText={codeText}
        onEdit={editing.openEdit}
        onToggleBlock={editing.askToggleBlock}
        onDelete={editing.askDelete}
        onRetry={editing.retry}
        onDiscard={editing.discard}
      />
    )
  }

  const confirming = editing.confirming?.action
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">{t('contacts.title')}</h1>
        <SearchField id="contacts-search" label={t('contacts.search')} value={search} onChange={setSearch} />
        <Link to="/contacts/import" className={secondaryLink} data-testid="contacts-import">
          <Icon name="upload" className="size-5" />
          {t('contacts.import')}
        </Link>
        {isAdmin && (
          <Button variant="secondary" onClick={() => void exportCsv()} disabled={!editing.ready} data-testid="contacts-export">
            <Icon name="download" className="size-5" />
            {t('contacts.export')}
          </Button>
        )}
        <Button onClick={editing.openCreate} disabled={!editing.ready}>
          <Icon name="add" className="size-5" />
          {t('contacts.add')}
        </Button>
      </div>
      {body()}
      {hasMore && <div ref={more} data-testid="contacts-more" className="h-8" />}
      <ContactDialog
        open={editing.editing !== null}
        mode={editing.editing?.mode ?? 'create'}
        initial={editing.editing?.initial ?? EMPTY}
        onClose={editing.closeDialog}
        onSave={editing.save}
      />
      <ConfirmDialog
        open={confirming !== undefined}
        tone={confirming === 'unblock' ? 'brand' : 'danger'}
        title={t(`contacts.confirm.${confirming ?? 'delete'}Title`, { name: editing.confirming?.contact.name ?? '' })}
        text={t(`contacts.confirm.${confirming ?? 'delete'}Text`)}
        confirmLabel={confirming === 'delete' ? t('common.delete') : t('contacts.confirm.yes')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onCancel={editing.cancelConfirm}
        onConfirm={() => void editing.confirm()}
      />
    </section>
  )
}
