import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../lib/api.ts'
import { errorMessage, toastError } from '../../lib/errors.ts'
import { asSaveRefused, SaveRefused } from '../../lib/outbox-save.ts'
import type { Announcement } from '../../lib/types.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { dismissToasts, pushToast } from '../../state/toasts.ts'
import { ListStatus } from '../../ui/list-status.tsx'
import { Button } from '../../ui/button.tsx'
import { ConfirmDelete } from '../../ui/confirm-delete.tsx'
import { Icon } from '../../ui/icon.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { AnnouncementFormDialog } from './announcement-form-dialog.tsx'
import {
  announcementCalls, announcementValuesOf, attachmentRefusal, deleteAnnouncement, newAnnouncementValues, saveAnnouncement,
  type AnnouncementFormValues,
} from './announcements-admin.ts'
import { AnnouncementsTable } from './announcements-table.tsx'
import { useAnnouncementList } from './use-announcement-list.ts'

interface Editing {
  mode: 'create' | 'edit'
  id: number | null
  initial: AnnouncementFormValues
}

/**
 * /announcements (spec part 2 §2, §6; super user only, others go home after 1 s with the denial toast):
 * every announcement, active or not, with search, add, edit, delete and its attachment. Online only.
 */
export default function AnnouncementsPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const settled = useDebounced(search)
  const list = useAnnouncementList(settled)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<Announcement | null>(null)

  const save = async (values: AnnouncementFormValues) => {
    let result
    try {
      result = await saveAnnouncement(announcementCalls, editing?.id ?? null, values)
    } catch (err) {
      const refused = asSaveRefused(err)
      if (!(refused instanceof SaveRefused)) toastError(err)
      throw refused
    }
    if (result.attachmentError) {
      // The announcement is saved; only its attachment failed. The dialog stays open on the attachment,
      // now editing the saved record (same initial values, so the form keeps what was typed).
      const saved = result.record
      setEditing((e) => (e ? { ...e, mode: 'edit', id: saved.id } : e))
      dismissToasts('success')
      const fields = attachmentRefusal(result.attachmentError)
      if (!fields) {
        toastError(result.attachmentError)
        throw result.attachmentError
      }
      const err = result.attachmentError as ApiError
      throw new SaveRefused(err.status, err.code ?? 'ERR', err.message, err.body, fields)
    }
    pushToast('success', t('announcementsPage.saved'))
  }

  const remove = async () => {
    const a = deleting
    setDeleting(null)
    if (!a) return
    try {
      await deleteAnnouncement(a)
      pushToast('success', t('announcementsPage.deleted'))
    } catch (err) {
      dismissToasts('success')
      toastError(err)
    }
  }

  const body = () => {
    if (list.records.length === 0) {
      const emptyText = t(settled.trim() ? 'announcementsPage.noMatch' : 'announcementsPage.empty')
      return <ListStatus empty loading={list.loading} error={list.error} emptyText={emptyText} testId="announcements-empty" />
    }
    return (
      <>
        <AnnouncementsTable
          announcements={list.records}
          onEdit={(a) => setEditing({ mode: 'edit', id: a.id, initial: announcementValuesOf(a) })}
          onDelete={setDeleting}
        />
        {list.error !== null && <p className="text-center text-sm text-red-600 dark:text-red-400">{errorMessage(list.error)}</p>}
        {list.hasMore && (
          <div className="flex justify-center">
            <Button variant="secondary" onClick={list.loadMore} disabled={list.loading} data-testid="announcements-more">
              {list.loading ? t('common.loading') : t('announcementsPage.loadMore')}
            </Button>
          </div>
        )}
      </>
    )
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold" data-testid="announcements-title">{t('announcementsPage.title')}</h1>
        {/* On a phone the search takes its own full row under the title and the add button. */}
        <div className="order-last w-full sm:order-none sm:w-auto [&>div]:max-w-none sm:[&>div]:max-w-xs">
          <SearchField id="announcements-search" label={t('announcementsPage.search')} value={search} onChange={setSearch} />
        </div>
        <Button className="shrink-0" onClick={() => setEditing({ mode: 'create', id: null, initial: newAnnouncementValues() })}>
          <Icon name="add" className="size-5" />
          {t('announcementsPage.add')}
        </Button>
      </div>
      {body()}
      <AnnouncementFormDialog
        open={editing !== null}
        mode={editing?.mode ?? 'create'}
        initial={editing?.initial ?? BLANK}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      <ConfirmDelete open={deleting !== null} title={t('announcementsPage.deleteTitle')} text={t('announcementsPage.deleteText', { title: deleting?.title ?? '' })} onCancel={() => setDeleting(null)} onConfirm={() => void remove()} />
    </section>
  )
}

/** The closed dialog's values: one object, so closing does not reset the form on every render. */
const BLANK = newAnnouncementValues()
