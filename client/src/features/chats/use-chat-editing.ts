import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createChat, deleteChat, updateChat, type Chat, type ChatFormValues } from './chats.ts'
import { toastError } from '../../lib/errors.ts'
import { pushToast } from '../../state/toasts.ts'

type Editing = { mode: 'create' | 'edit'; chat: Chat | null; initial: ChatFormValues }

const EMPTY: ChatFormValues = { title: '', users: [] }

/**
 * The chat page's dialogs: new and edit (owner only, spec part 2 §6) and the delete confirmation.
 * A created chat opens at once; a deleted one closes.
 */
export function useChatEditing(userId: number, onCreated: (chat: Chat) => void, onDeleted: (chat: Chat) => void) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<Chat | null>(null)

  async function save(values: ChatFormValues) {
    try {
      const target = editing?.chat
      const saved = target ? await updateChat(target.id, values) : await createChat(values)
      pushToast('success', t('chats.saved'))
      if (!target) onCreated(saved)
    } catch (err) {
      // A save the user asked for is told, unlike the quiet list loads.
      toastError(err)
      throw err
    }
  }

  async function confirmDelete() {
    const chat = deleting
    setDeleting(null)
    if (!chat) return
    try {
      await deleteChat(chat)
      pushToast('success', t('chats.deleted'))
      onDeleted(chat)
    } catch (err) {
      toastError(err)
    }
  }

  return {
    editing,
    deleting,
    openCreate: () => setEditing({ mode: 'create', chat: null, initial: EMPTY }),
    openEdit: (chat: Chat) =>
      setEditing({ mode: 'edit', chat, initial: { title: chat.title, users: chat.users.map((u) => u.userId).filter((id) => id !== userId) } }),
    closeDialog: () => setEditing(null),
    save,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
  }
}
