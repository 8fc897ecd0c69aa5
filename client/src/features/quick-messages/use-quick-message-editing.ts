import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { WriteOutcome } from '../../../../sync/client/write-outcome.ts'
import { toastError } from '../../lib/errors.ts'
import { savedText } from '../../lib/outbox-save.ts'
import { newQuickMessageValues, type QuickMessageFormValues } from './quick-message-form.ts'
import {
  quickMessageFormValuesOf, removeQuickMessageMedia, uploadQuickMessageMedia, useQuickMessageActions, type QuickMessageItem,
} from './quick-messages.ts'
import { pushToast } from '../../state/toasts.ts'

type Editing = { mode: 'create' | 'edit' | 'view'; message: QuickMessageItem | null; initial: QuickMessageFormValues }

/** The attachment part of a save: online only, straight to the API once the message has its id. */
async function saveAttachment(id: number, values: QuickMessageFormValues): Promise<void> {
  try {
    if (values.file) await uploadQuickMessageMedia(id, values.file)
    else if (values.removeMedia) await removeQuickMessageMedia(id)
  } catch (err) {
    // The text is saved already; only the attachment failed.
    toastError(err)
  }
}

/**
 * The Quick messages page's dialogs: add/edit through the outbox (so the text works offline; an
 * attachment is sent online only, after the message has its server id) and the delete confirmation.
 */
export function useQuickMessageEditing() {
  const { t } = useTranslation()
  const actions = useQuickMessageActions()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<QuickMessageItem | null>(null)

  /**
   * Queues the create and waits for the answer; with a file (online) it needs the server's id, dropping
   * a refused write so the dialog can fix it.
   */
  async function create(values: QuickMessageFormValues): Promise<{ id: number | null; outcome: WriteOutcome }> {
    if (!actions) throw new Error('local database not open')
    const clientId = await actions.create(values)
    if (!values.file || !navigator.onLine) return { id: null, outcome: await actions.settle(clientId) }
    try {
      return { id: await actions.createdId(clientId), outcome: { kind: 'sent' } }
    } catch (err) {
      await actions.discard(clientId)
      throw err
    }
  }

  async function save(values: QuickMessageFormValues) {
    if (!actions || !editing) throw new Error('local database not open')
    let id: number | null = null
    try {
      let outcome: WriteOutcome
      if (editing.mode === 'edit' && editing.message?.id) {
        id = editing.message.id
        outcome = await actions.settle(await actions.update(id, values))
      } else ({ id, outcome } = await create(values))
      pushToast('success', savedText(outcome, { saved: t('quickMessages.saved'), savedOffline: t('quickMessages.savedOffline') }))
    } catch (err) {
      toastError(err)
      throw err
    }
    const attachmentChange = values.file !== null || values.removeMedia
    if (attachmentChange && !navigator.onLine) pushToast('warning', t('quickMessages.attachmentOffline'))
    else if (id !== null && attachmentChange) await saveAttachment(id, values)
  }

  async function confirmDelete() {
    const message = deleting
    setDeleting(null)
    if (!actions || message?.id == null) return
    try {
      await actions.settle(await actions.remove(message.id))
      pushToast('success', t('quickMessages.deleted'))
    } catch (err) {
      toastError(err)
    }
  }

  return {
    ready: actions !== null,
    editing,
    deleting,
    openCreate: () => setEditing({ mode: 'create', message: null, initial: newQuickMessageValues() }),
    openEdit: (message: QuickMessageItem, readOnly: boolean) =>
      setEditing({ mode: readOnly ? 'view' : 'edit', message, initial: quickMessageFormValuesOf(message) }),
    closeDialog: () => setEditing(null),
    save,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    retry: (clientId: string) => void actions?.retry(clientId),
    discard: (clientId: string) => void actions?.discard(clientId),
  }
}
