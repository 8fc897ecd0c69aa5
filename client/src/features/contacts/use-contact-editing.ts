import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { newContactValues, type ContactFormValues } from './contact-form.ts'
import { contactFormValuesOf, useContactActions, type ContactListItem } from './contacts.ts'
import { toastError } from '../../lib/errors.ts'
import { savedText } from '../../lib/outbox-save.ts'
import { pushToast } from '../../state/toasts.ts'

type Editing = { mode: 'create' | 'edit'; contact: ContactListItem | null; initial: ContactFormValues }
/** The row waiting for a confirmation: delete, or block/unblock (spec part 2 §5 Contacts). */
type Confirming = { action: 'delete' | 'block' | 'unblock'; contact: ContactListItem }

/** What the toast says once the server took the action (spec part 2 §6: 'Contato bloqueado' / 'Contato desbloqueado'). */
const DONE_TEXT = { delete: 'contacts.deleted', block: 'contacts.blocked', unblock: 'contacts.unblocked' } as const

/** The Contacts page's dialogs: add/edit, block/unblock and delete, all through the outbox (so offline too). */
export function useContactEditing() {
  const { t } = useTranslation()
  const actions = useContactActions()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [confirming, setConfirming] = useState<Confirming | null>(null)

  async function save(values: ContactFormValues) {
    if (!actions || !editing) throw new Error('local database not open')
    try {
      const clientId = editing.mode === 'edit' && editing.contact?.id ? await actions.update(editing.contact.id, values) : await actions.create(values)
      const outcome = await actions.settle(clientId)
      pushToast('success', savedText(outcome, { saved: t('contacts.saved'), savedOffline: t('contacts.savedOffline') }))
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
      const clientId = current.action === 'delete' ? await actions.remove(id) : await actions.setActive(id, current.action === 'unblock')
      await actions.settle(clientId)
      pushToast('success', t(DONE_TEXT[current.action]))
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
