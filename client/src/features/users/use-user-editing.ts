import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { newUserValues, type UserFormValues } from './user-form.ts'
import { userFormValuesOf, useUserActions, type UserListItem } from './users.ts'
import { pushToast } from '../../state/toasts.ts'

type Editing = { mode: 'create' | 'edit'; user: UserListItem | null; initial: UserFormValues }

/** The Users page's dialogs: add/edit (through the outbox, so it works offline) and the delete confirmation. */
export function useUserEditing() {
  const { t } = useTranslation()
  const actions = useUserActions()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<UserListItem | null>(null)
  const savedText = () => (navigator.onLine ? t('users.saved') : t('users.savedOffline'))

  async function save(values: UserFormValues) {
    if (!actions || !editing) throw new Error('local database not open')
    try {
      if (editing.mode === 'edit' && editing.user?.id) await actions.update(editing.user.id, values)
      else await actions.create(values)
      pushToast('success', savedText())
    } catch (err) {
      toastError(err)
      throw err
    }
  }

  async function confirmDelete() {
    const user = deleting
    setDeleting(null)
    if (!actions || user?.id == null) return
    try {
      await actions.remove(user.id)
      pushToast('success', t('users.deleted'))
    } catch (err) {
      toastError(err)
    }
  }

  return {
    ready: actions !== null,
    editing,
    deleting,
    openCreate: () => setEditing({ mode: 'create', user: null, initial: newUserValues() }),
    openEdit: (user: UserListItem) => setEditing({ mode: 'edit', user, initial: userFormValuesOf(user) }),
    closeDialog: () => setEditing(null),
    save,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    retry: (clientId: string) => void actions?.retry(clientId),
    discard: (clientId: string) => void actions?.discard(clientId),
  }
}
