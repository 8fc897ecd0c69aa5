import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { codeText } from '../../lib/errors.ts'
import { userAtom } from '../../state/auth.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { Icon } from '../../ui/icon.tsx'
import { LocalListStatus } from '../../ui/local-list-status.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { newTagValues } from './tag-form.ts'
import { TagContactsDialog } from './tag-contacts-dialog.tsx'
import { TagDialog } from './tag-dialog.tsx'
import { useTagList } from './tags.ts'
import { TagsTable } from './tags-table.tsx'
import { useTagEditing } from './use-tag-editing.ts'

const EMPTY = newTagValues()

/**
 * /tags (spec part 2 §2 Tags; everyone): the company's tags from the local database, live, with search,
 * add, edit and delete through the outbox, and each tag's contacts (remove one from the tag).
 */
export default function TagsPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const settled = useDebounced(search)
  const { tags, loading, error } = useTagList(settled)
  const editing = useTagEditing()
  const me = useAtomValue(userAtom)

  const body = () => {
    const status = <LocalListStatus loading={loading} error={error} count={tags.length} searching={!!settled} emptyText={t('tags.empty')} />
    if (tags.length === 0 || error) return status
    return (
      <TagsTable
        tags={tags}
        canManage={me?.profile === 'admin' || me?.super === true}
        errorText={codeText}
        onEdit={editing.openEdit}
        onDelete={editing.askDelete}
        onContacts={editing.openContacts}
        onRetry={editing.retry}
        onDiscard={editing.discard}
      />
    )
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">{t('tags.title')}</h1>
        <SearchField id="tags-search" label={t('tags.search')} value={search} onChange={setSearch} />
        <Button onClick={editing.openCreate} disabled={!editing.ready}>
          <Icon name="add" className="size-5" />
          {t('tags.add')}
        </Button>
      </div>
      {body()}
      <TagDialog open={editing.editing !== null} mode={editing.editing?.mode ?? 'create'} initial={editing.editing?.initial ?? EMPTY} onClose={editing.closeDialog} onSave={editing.save} />
      <TagContactsDialog tag={editing.contactsOf} onClose={editing.closeContacts} onRemove={(tagId, contactId) => void editing.removeContact(tagId, contactId)} />
      <ConfirmDialog
        open={editing.deleting !== null}
        tone="danger"
        title={t('tags.deleteTitle')}
        text={t('tags.deleteText', { name: editing.deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onCancel={editing.cancelDelete}
        onConfirm={() => void editing.confirmDelete()}
      />
    </section>
  )
}
