import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { SaveRefused } from '../../lib/outbox-save.ts'
import { writeSheet } from '../../lib/spreadsheet.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { dismissToasts, pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDelete } from '../../ui/confirm-delete.tsx'
import { Icon } from '../../ui/icon.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { applyRecordEvent, listMatches, mergePages, publishContactListEvent, subscribeContactListEvents } from './contact-list-events.ts'
import { ContactListDialog } from './contact-list-dialog.tsx'
import { contactListValuesOf, newContactListValues, refusalOf, type ContactListFormValues } from './contact-list-form.ts'
import { contactListCalls, fetchContactLists, SAMPLE_ROWS, sampleFileName, type ContactList } from './contact-lists.ts'
import { ContactListsTable } from './contact-lists-table.tsx'
import { ListBody } from './list-body.tsx'
import { usePagedRecords } from '../../lib/use-paged-records.ts'
import { navigateTo } from '../../lib/navigation.ts'

interface Editing {
  id: number | null
  initial: ContactListFormValues
}

const BLANK = newContactListValues()

/**
 * /contact-lists (spec part 2 §2; an admin of a company with campaigns, with the cshow flag): the lists
 * with their contact counts, search, add, edit, delete, a sample spreadsheet and the way to their
 * contacts. Online only; live events keep it current.
 */
export default function ContactListsPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const settled = useDebounced(search)
  const list = usePagedRecords<ContactList>(settled, (page, signal) => fetchContactLists(settled, page, signal), mergePages)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<ContactList | null>(null)
  const { update } = list

  useEffect(() => subscribeContactListEvents((event) => update((records) => applyRecordEvent(records, event, listMatches(settled)))), [update, settled])

  const save = async (values: ContactListFormValues) => {
    try {
      const record = editing?.id ? await contactListCalls.update(editing.id, values.name) : await contactListCalls.create(values.name)
      publishContactListEvent({ action: editing?.id ? 'update' : 'create', record })
      pushToast('success', t('contactLists.saved'))
    } catch (err) {
      const refused = refusalOf(err)
      if (!(refused instanceof SaveRefused)) toastError(err)
      throw refused
    }
  }

  const remove = async () => {
    const target = deleting
    setDeleting(null)
    if (!target) return
    try {
      await contactListCalls.remove(target.id)
      publishContactListEvent({ action: 'delete', id: target.id })
      pushToast('success', t('contactLists.deleted'))
    } catch (err) {
      dismissToasts('success')
      toastError(err)
    }
  }

  const downloadSample = (l: ContactList) => void writeSheet(sampleFileName(l.name), t('contactLists.sampleSheet'), SAMPLE_ROWS).catch(toastError)

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold" data-testid="contact-lists-title">{t('contactLists.title')}</h1>
        <div className="order-last w-full sm:order-none sm:w-auto [&>div]:max-w-none sm:[&>div]:max-w-xs">
          <SearchField id="contact-lists-search" label={t('contactLists.search')} value={search} onChange={setSearch} />
        </div>
        <Button className="shrink-0" onClick={() => setEditing({ id: null, initial: BLANK })} data-testid="contact-lists-add">
          <Icon name="add" className="size-5" />
          {t('contactLists.add')}
        </Button>
      </div>
      <ListBody list={list} searching={!!settled.trim()} emptyKey="contactLists.empty" noMatchKey="contactLists.noMatch" testId="contact-lists-empty">
        <ContactListsTable
          lists={list.records}
          onSample={downloadSample}
          onOpen={(l) => navigateTo(`/contact-lists/${l.id}/contacts`)}
          onEdit={(l) => setEditing({ id: l.id, initial: contactListValuesOf(l) })}
          onDelete={setDeleting}
        />
      </ListBody>
      <ContactListDialog open={editing !== null} mode={editing?.id ? 'edit' : 'create'} initial={editing?.initial ?? BLANK} onClose={() => setEditing(null)} onSave={save} />
      <ConfirmDelete
        open={deleting !== null}
        title={t('contactLists.deleteTitle')}
        text={t('contactLists.deleteText', { name: deleting?.name ?? '' })}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </section>
  )
}
