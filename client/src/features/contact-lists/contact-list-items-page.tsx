import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { toastError } from '../../lib/errors.ts'
import { SaveRefused } from '../../lib/outbox-save.ts'
import { useServerQuery } from '../../lib/server-query.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { dismissToasts, pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDelete } from '../../ui/confirm-delete.tsx'
import { Icon } from '../../ui/icon.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { applyRecordEvent, itemMatches, mergePages, publishContactListItemEvent, subscribeContactListItemEvents } from './contact-list-events.ts'
import { itemRequestBody, itemValuesOf, newItemValues, refusalOf, type ContactListItemFormValues } from './contact-list-form.ts'
import { ContactListItemDialog } from './contact-list-item-dialog.tsx'
import { ContactListItemsTable } from './contact-list-items-table.tsx'
import { contactListItemCalls, fetchContactList, fetchContactListItems, IMPORT_ACCEPT, type ContactListItem } from './contact-lists.ts'
import { ListBody } from './list-body.tsx'
import { useItemImport } from './use-item-import.ts'
import { usePagedRecords } from '../../lib/use-paged-records.ts'
import { navigateTo } from '../../lib/navigation.ts'

interface Editing {
  id: number | null
  initial: ContactListItemFormValues
}

const BLANK = newItemValues()

/**
 * /contact-lists/{contactListId}/contacts (spec part 2 §2): one list's people with their WhatsApp
 * validity; search, back to the lists, import a spreadsheet, add, edit, delete. Online only.
 */
export default function ContactListItemsPage() {
  const { t } = useTranslation()
  const listId = Number(useParams().contactListId)
  const header = useServerQuery(`contact-list-${listId}`, (signal) => fetchContactList(listId, signal))
  const [search, setSearch] = useState('')
  const settled = useDebounced(search)
  const items = usePagedRecords<ContactListItem>(`${listId}|${settled}`, (page, signal) => fetchContactListItems(listId, settled, page, signal), mergePages)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<ContactListItem | null>(null)
  const { importing, importFile } = useItemImport(listId)
  const fileInput = useRef<HTMLInputElement>(null)
  const { update, reload } = items

  useEffect(
    () =>
      subscribeContactListItemEvents((event) => {
        if (event.action === 'import') return void (event.contactListId === listId && reload())
        update((records) => applyRecordEvent(records, event, itemMatches(listId, settled)))
      }),
    [update, reload, listId, settled],
  )

  const save = async (values: ContactListItemFormValues) => {
    const body = itemRequestBody(values)
    try {
      const record = editing?.id ? await contactListItemCalls.update(editing.id, body) : await contactListItemCalls.create(listId, body)
      publishContactListItemEvent({ action: editing?.id ? 'update' : 'create', record })
      pushToast('success', t('contactLists.items.saved'))
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
      await contactListItemCalls.remove(target.id)
      publishContactListItemEvent({ action: 'delete', id: target.id })
      pushToast('success', t('contactLists.deleted'))
    } catch (err) {
      dismissToasts('success')
      toastError(err)
    }
  }

  const title = header.data ? t('contactLists.items.titleOf', { name: header.data.name }) : t('contactLists.items.title')
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 flex-1 text-2xl font-bold [overflow-wrap:anywhere]" data-testid="contact-list-items-title">{title}</h1>
        <div className="order-last w-full lg:order-none lg:w-auto [&>div]:max-w-none lg:[&>div]:max-w-xs">
          <SearchField id="contact-list-items-search" label={t('contactLists.items.search')} value={search} onChange={setSearch} />
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <Button variant="secondary" onClick={() => navigateTo('/contact-lists')} data-testid="contact-list-items-lists">
            <Icon name="chevronLeft" className="size-5" />
            {t('contactLists.items.lists')}
          </Button>
          <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={importing} data-testid="contact-list-items-import">
            <Icon name="upload" className="size-5" />
            {importing ? t('contactLists.items.importing') : t('contactLists.items.import')}
          </Button>
          <Button onClick={() => setEditing({ id: null, initial: BLANK })} data-testid="contact-list-items-add">
            <Icon name="add" className="size-5" />
            {t('contactLists.items.add')}
          </Button>
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={IMPORT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={t('contactLists.items.import')}
          data-testid="contact-list-items-file"
          onChange={(e) => {
            void importFile(e.target.files?.[0] ?? null)
            e.target.value = ''
          }}
        />
      </div>
      <ListBody list={items} searching={!!settled.trim()} emptyKey="contactLists.items.empty" noMatchKey="contactLists.items.noMatch" testId="contact-list-items-empty">
        <ContactListItemsTable items={items.records} onEdit={(i) => setEditing({ id: i.id, initial: itemValuesOf(i) })} onDelete={setDeleting} />
      </ListBody>
      <ContactListItemDialog open={editing !== null} mode={editing?.id ? 'edit' : 'create'} initial={editing?.initial ?? BLANK} onClose={() => setEditing(null)} onSave={save} />
      <ConfirmDelete
        open={deleting !== null}
        title={t('contactLists.deleteTitle')}
        text={t('contactLists.items.deleteText', { name: deleting?.name ?? '' })}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </section>
  )
}
