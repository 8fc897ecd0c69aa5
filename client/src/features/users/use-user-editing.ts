import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { savedText } from '../../lib/outbox-save.ts'
import { newUserValues, type UserFormValues } from './user-form.ts'
import { uploadAvatar, userFormValuesOf, useUserActions, type UserListItem } from './users.ts'
import { userAtom } from '../../state/auth.ts'
import { pushToast } from '../../state/toasts.ts'

type Editing = { mode: 'create' | 'edit'; user: UserListItem | null; initial: UserFormValues }

/** The Users page's dialogs: add/edit (through the outbox, so it works offline) and the delete confirmation. */
export function useUserEditing() {
  const { t } = useTranslation()
  const actions = useUserActions()
  const me = useAtomValue(userAtom)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<UserListItem | null>(null)

  async function save(values: UserFormValues) {
    if (!actions || !editing) throw new Error('local database not open')
    try {
      const clientId = editing.mode === 'edit' && editing.user?.id ? await actions.update(editing.user.id, values) : await actions.create(values)
      const outcome = await actions.settle(clientId)
      pushToast('success', savedText(outcome, { saved: t('users.saved'), savedOffline: t('users.savedOffline') }))
    } catch (err) {
      toastError(err)
      throw err
    }
    const id = editing.user?.id
    if (values.avatar && id) {
      // The user is saved; only the photo may fail now, and says so on its own.
      if (!navigator.onLine) pushToast('warning', t('users.avatarOffline'))
      else await uploadAvatar(id, values.avatar, id === me?.id).catch(toastError)
    }
  }

  async function confirmDelete() {
    const user = deleting
    setDeleting(null)
    if (!actions || user?.id == null) return
    try {
      await actions.settle(await actions.remove(user.id))
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
