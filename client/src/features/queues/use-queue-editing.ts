import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../lib/api.ts'
import { toastError } from '../../lib/errors.ts'
import { newQueueValues, queueFormValuesOf, queueRequestBody, queueServerProblems, type QueueFormValues } from './queue-form.ts'
import { createQueue, deleteQueue, fetchQueue, updateQueue, type QueueRow } from './queues.ts'
import { pushToast } from '../../state/toasts.ts'

type Editing = { mode: 'create' | 'edit'; id: number | null; initial: QueueFormValues }

/** The field problems a refused save names (the editor marks them; the toast says why). */
export const serverProblemsOf = (err: unknown) => (err instanceof ApiError ? queueServerProblems(err.code, err.body) : {})

/**
 * The Queues page's dialogs and calls. Saving is online: GET /queue/{id} gives the option tree (not
 * synced), POST/PUT /queue sends it whole and answers the rules it breaks; the rows come back through sync.
 */
export function useQueueEditing(usedColors: string[]) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<QueueRow | null>(null)
  // A queue with live tickets: the admin picks where they go before it is deleted.
  const [moving, setMoving] = useState<{ row: QueueRow; count: number } | null>(null)

  async function openEdit(row: QueueRow) {
    try {
      const q = await fetchQueue(row.id)
      setEditing({ mode: 'edit', id: q.id, initial: queueFormValuesOf(q) })
    } catch (err) {
      toastError(err)
    }
  }

  async function save(values: QueueFormValues) {
    if (!editing) return
    try {
      const body = queueRequestBody(values)
      if (editing.id) await updateQueue(editing.id, body)
      else await createQueue(body)
      pushToast('success', t('queues.saved'))
    } catch (err) {
      toastError(err)
      throw err
    }
  }

  async function confirmDelete() {
    const row = deleting
    setDeleting(null)
    if (!row) return
    try {
      await deleteQueue(row.id)
      pushToast('success', t('queues.deleted'))
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_QUEUE_HAS_TICKETS') {
        setMoving({ row, count: Number((err.body as { count?: number } | null)?.count ?? 0) })
        return
      }
      toastError(err)
    }
  }

  async function confirmMove(moveTo: number) {
    const target = moving
    if (!target) return
    try {
      await deleteQueue(target.row.id, moveTo)
      setMoving(null)
      pushToast('success', t('queues.deleted'))
    } catch (err) {
      toastError(err)
    }
  }

  return {
    editing,
    deleting,
    openCreate: () => setEditing({ mode: 'create', id: null, initial: newQueueValues(usedColors) }),
    openEdit: (row: QueueRow) => void openEdit(row),
    closeEditor: () => setEditing(null),
    save,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    moving,
    cancelMove: () => setMoving(null),
    confirmMove,
  }
}
