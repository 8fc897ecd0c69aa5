import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { Icon } from '../../ui/icon.tsx'
import { LocalListStatus } from '../../ui/local-list-status.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { UserDialog } from './user-dialog.tsx'
import { UsersTable } from './users-table.tsx'
import { codeText } from '../../lib/errors.ts'
import { newUserValues } from './user-form.ts'
import { useUserList } from './users.ts'
import { userAtom } from '../../state/auth.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { useUserEditing } from './use-user-editing.ts'

const EMPTY = newUserValues()

/**
 * /users (spec part 2 §2 Users page; admin only, RouteGate shows the no-access view to others): the
 * company's users from the local database, live, with search, add, edit and delete through the outbox.
 */
export default function UsersPage() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const [search, setSearch] = useState('')
  const { users, loading, error } = useUserList(useDebounced(search))
  const editing = useUserEditing()

  const body = () => {
    const status = <LocalListStatus loading={loading} error={error} count={users.length} searching={!!search} emptyText={t('users.empty')} />
    if (users.length === 0 || error) return status
    return (
      <UsersTable
        users={users}
        currentUserId={me?.id ?? 0}
        errorText={codeText}
        onEdit={editing.openEdit}
        onDelete={editing.askDelete}
        onRetry={editing.retry}
        onDiscard={editing.discard}
      />
    )
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">{t('users.title')}</h1>
        <SearchField id="users-search" label={t('users.search')} value={search} onChange={setSearch} />
        <Button onClick={editing.openCreate} disabled={!editing.ready}>
          <Icon name="add" className="size-5" />
          {t('users.add')}
        </Button>
      </div>
      {body()}
      <UserDialog
        open={editing.editing !== null}
        mode={editing.editing?.mode ?? 'create'}
        initial={editing.editing?.initial ?? EMPTY}
        onClose={editing.closeDialog}
        onSave={editing.save}
      />
      <ConfirmDialog
        open={editing.deleting !== null}
        tone="danger"
        title={t('users.deleteTitle')}
        text={t('users.deleteText')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onCancel={editing.cancelDelete}
        onConfirm={() => void editing.confirmDelete()}
      />
    </section>
  )
}
