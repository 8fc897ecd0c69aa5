import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MediaChange } from './connections-editor.tsx'
import { ApiError } from '../../lib/api.ts'
import { connectionFormValuesOf, connectionRequestBody, needsRelink, newConnectionValues, type ConnectionFormValues } from './connection-form.ts'
import {
  closeImportedTickets, createConnection, deleteConnection, fetchConnection, removeGreetingMedia, sessionCommand, updateConnection,
  uploadGreetingMedia, type Channel, type ConnectionRow, type SessionCommand,
} from './connections.ts'
import { toastError } from '../../lib/errors.ts'
import i18n from '../../i18n/index.ts'
import { pushToast } from '../../state/toasts.ts'

type Editing = { mode: 'create' | 'edit'; id: number | null; initial: ConnectionFormValues; greetingMedia: string | null; status: string }
type Confirming = { kind: 'delete' | 'disconnect' | 'closeImported'; connection: ConnectionRow }

/**
 * A refused save names the spec's message keys (whatsappModal.*) in ERR_VALIDATION fields: show the
 * first translated one rather than the generic validation text.
 */
function toastSaveError(err: unknown) {
  const fields = err instanceof ApiError ? (err.body as { fields?: { message: string }[] } | null)?.fields : undefined
  const key = fields?.map((f) => f.message).find((m) => i18n.exists(m))
  if (key) pushToast('error', i18n.t(key))
  else toastError(err)
}

/** The Connections page's dialogs and calls: editor, QR dialog, confirmations and session commands. */
export function useConnectionEditing() {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [confirming, setConfirming] = useState<Confirming | null>(null)
  const [qrFor, setQrFor] = useState<number | null>(null)

  async function openEdit(row: ConnectionRow) {
    try {
      const c = await fetchConnection(row.id)
      setEditing({ mode: 'edit', id: c.id, initial: connectionFormValuesOf(c), greetingMedia: c.greetingMediaAttachment, status: c.status })
    } catch (err) {
      toastError(err)
    }
  }

  async function save(values: ConnectionFormValues, media: MediaChange) {
    if (!editing) return
    try {
      const body = connectionRequestBody(values)
      const relink = needsRelink(editing.initial, values, editing.status)
      const saved = editing.id ? await updateConnection(editing.id, body) : await createConnection(body)
      if (media.file) await uploadGreetingMedia(saved.id, media.file)
      else if (media.remove && editing.id) await removeGreetingMedia(saved.id)
      pushToast('success', t('connections.saved'))
      // Only once the save is taken: a refused save keeps the session. Logged out, then a fresh start
      // shows a QR code; the dialog waits for it.
      if (relink) {
        await sessionCommand(saved.id, 'disconnect')
        await sessionCommand(saved.id, 'start')
        setQrFor(saved.id)
      }
    } catch (err) {
      toastSaveError(err)
      throw err
    }
  }

  async function run(action: () => Promise<unknown>, success?: string) {
    try {
      await action()
      if (success) pushToast('success', success)
    } catch (err) {
      toastError(err)
    }
  }

  function session(row: ConnectionRow, command: SessionCommand) {
    if (command === 'disconnect') return setConfirming({ kind: 'disconnect', connection: row })
    void run(() => sessionCommand(row.id, command))
  }

  async function confirm() {
    const c = confirming
    setConfirming(null)
    if (!c) return
    if (c.kind === 'delete') await run(() => deleteConnection(c.connection.id), t('connections.deleted'))
    if (c.kind === 'disconnect') await run(() => sessionCommand(c.connection.id, 'disconnect'))
    if (c.kind === 'closeImported') await run(() => closeImportedTickets(c.connection.id), t('connections.import.closed'))
  }

  return {
    editing,
    confirming,
    qrFor,
    openCreate: (channel: Channel) => setEditing({ mode: 'create', id: null, initial: newConnectionValues(channel), greetingMedia: null, status: 'DISCONNECTED' }),
    openEdit: (row: ConnectionRow) => void openEdit(row),
    closeEditor: () => setEditing(null),
    save,
    session,
    openQr: (row: ConnectionRow) => setQrFor(row.id),
    closeQr: useCallback(() => setQrFor(null), []),
    askDelete: (row: ConnectionRow) => setConfirming({ kind: 'delete', connection: row }),
    askCloseImported: (row: ConnectionRow) => setConfirming({ kind: 'closeImported', connection: row }),
    cancelConfirm: () => setConfirming(null),
    confirm,
  }
}
