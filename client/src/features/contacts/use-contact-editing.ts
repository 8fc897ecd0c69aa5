import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { newContactValues, type ContactFormValues } from './contact-form.ts'
import { contactFormValuesOf, useContactActions, type ContactListItem } from './contacts.ts'
import { toastError } from '../../lib/errors.ts'
import { pushToast } from '../../state/toasts.ts'

type Editing = { mode: 'create' | 'edit'; contact: ContactListItem | null; initial: ContactFormValues }
/** The row waiting for a confirmation: delete, or block/unblock (spec part 2 §5 Contacts). */
type Confirming = { action: 'delete' | 'block' | 'unblock'; contact: ContactListItem }

/** The Contacts page's dialogs: add/edit, block/unblock and delete, all through the outbox (so offline too). */
export function useContactEditing() {
  const { t } = useTranslation()
  const actions = useContactActions()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [confirming, setConfirming] = useState<Confirming | null>(null)
  const savedText = () => (navigator.onLine ? t('contacts.saved') : t('contacts.savedOffline'))

  async function save(values: ContactFormValues) {
    if (!actions || !editing) throw new Error('local database not open')
    try {
      if (editing.mode === 'edit' && editing.contact?.id) await actions.update(editing.contact.id, values)
      else await actions.create(values)
      pushToast('success', savedText())
    } catch (err) {
      toastError(err)
      throw err
    }
  }

  async function confirm() {
    const current = confirming
    setConfirming(null)
    const id = current?.contact.id
    if (!actions || !current || id == null) return
    try {
      if (current.action === 'delete') await actions.remove(id)
      else await actions.setActive(id, current.action === 'unblock')
      pushToast('success', t(current.action === 'delete' ? 'contacts.deleted' : 'contacts.saved'))
    } catch (err) {
      toastError(err)
    }
  }

  return {
    ready: actions !== null,
    pg: actions?.pg ?? null,
    editing,
    confirming,
    openCreate: () => setEditing({ mode: 'create', contact: null, initial: newContactValues() }),
    openEdit: (contact: ContactListItem) => setEditing({ mode: 'edit', contact, initial: contactFormValuesOf(contact) }),
    closeDialog: () => setEditing(null),
    save,
    askDelete: (contact: ContactListItem) => setConfirming({ action: 'delete', contact }),
    askToggleBlock: (contact: ContactListItem) => setConfirming({ action: contact.active ? 'block' : 'unblock', contact }),
    cancelConfirm: () => setConfirming(null),
    confirm,
    retry: (clientId: string) => void actions?.retry(clientId),
    discard: (clientId: string) => void actions?.discard(clientId),
  }
}
