import { useState } from 'react'
import { dismissToasts, pushToast } from '../state/toasts.ts'
import { toastError } from './errors.ts'
import { saveOnline } from './outbox-save.ts'
import { useServerQuery } from './server-query.ts'

interface OnlineListOptions<T, V> {
  /** Names the list; the hook adds its own refresh counter. */
  key: string
  load: (signal: AbortSignal) => Promise<T[]>
  create: (values: V) => Promise<unknown>
  update: (id: number, values: V) => Promise<unknown>
  remove: (id: number) => Promise<unknown>
  savedText: string
  deletedText: string
}

/**
 * A list the super user manages online (plans, help videos): the rows, the open editor, the row
 * awaiting delete confirmation, and saves whose refusals stay in the dialog and never show success.
 */
export function useOnlineList<T extends { id: number }, V>(o: OnlineListOptions<T, V>) {
  const [refresh, setRefresh] = useState(0)
  const [editing, setEditing] = useState<{ id?: number; initial: V } | null>(null)
  const [deleting, setDeleting] = useState<T | null>(null)
  const query = useServerQuery(`${o.key}/${refresh}`, o.load)
  const reload = () => setRefresh((n) => n + 1)
  const save = async (values: V) => {
    await saveOnline(() => (editing?.id ? o.update(editing.id, values) : o.create(values)))
    pushToast('success', o.savedText)
    reload()
  }
  const confirmDelete = async () => {
    const row = deleting
    setDeleting(null)
    if (!row) return
    try {
      await o.remove(row.id)
      pushToast('success', o.deletedText)
      reload()
    } catch (err) {
      dismissToasts('success')
      toastError(err)
    }
  }
  return {
    ...query,
    rows: query.data ?? [],
    editing,
    startCreate: (initial: V) => setEditing({ initial }),
    startEdit: (id: number, initial: V) => setEditing({ id, initial }),
    closeEditor: () => setEditing(null),
    save,
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete: () => void confirmDelete(),
  }
}
