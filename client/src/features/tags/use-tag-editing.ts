import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { savedText } from '../../lib/outbox-save.ts'
import { pushToast } from '../../state/toasts.ts'
import { newTagValues, type TagFormValues } from './tag-form.ts'
import { useTagActions, type TagItem } from './tags.ts'

type Editing = { mode: 'create' | 'edit'; tag: TagItem | null; initial: TagFormValues }

/** The Tags page's dialogs: add/edit and delete through the outbox, and the tag's contacts. */
export function useTagEditing() {
  const { t } = useTranslation()
  const actions = useTagActions()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<TagItem | null>(null)
  const [contactsOf, setContactsOf] = useState<TagItem | null>(null)

  async function save(values: TagFormValues) {
    if (!actions || !editing) throw new Error('local database not open')
    try {
      const clientId = editing.mode === 'edit' && editing.tag?.id ? await actions.update(editing.tag.id, values) : await actions.create(values)
      pushToast('success', savedText(await actions.settle(clientId), { saved: t('tags.saved'), savedOffline: t('tags.savedOffline') }))
    } catch (err) {
      toastError(err)
      throw err
    }
  }

  async function confirmDelete() {
    const tag = deleting
    setDeleting(null)
    if (!actions || tag?.id == null) return
    try {
      await actions.settle(await actions.remove(tag.id))
      pushToast('success', t('tags.deleted'))
    } catch (err) {
      toastError(err)
    }
  }

  async function removeContact(tagId: number, contactId: number) {
    if (!actions) return
    try {
      await actions.settle(await actions.removeContact(tagId, contactId))
    } catch (err) {
      toastError(err)
    }
  }

  return {
    ready: actions !== null,
    editing,
    deleting,
    contactsOf,
    openCreate: () => setEditing({ mode: 'create', tag: null, initial: newTagValues() }),
    openEdit: (tag: TagItem) => setEditing({ mode: 'edit', tag, initial: { name: tag.name, color: tag.color, kanban: tag.kanban } }),
    closeDialog: () => setEditing(null),
    save,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    openContacts: setContactsOf,
    closeContacts: () => setContactsOf(null),
    removeContact,
    retry: (clientId: string) => void actions?.retry(clientId),
    discard: (clientId: string) => void actions?.discard(clientId),
  }
}
