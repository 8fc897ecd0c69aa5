import { useAtomValue } from 'jotai'
import { useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import type { MessageMenuAction } from './message-bubble.tsx'
import { Modal } from '../../ui/modal.tsx'
import { useTicketActions } from './ticket-actions.ts'
import { EDIT_WINDOW_MS, type ChatMessage } from './ticket-messages.ts'
import type { OpenTicket } from './tickets.ts'
import { userAtom } from '../../state/auth.ts'
import { ForwardDialog } from './forward-dialog.tsx'
import { CHANNELS_WITHOUT_MESSAGE_CHANGES } from '../../../../server/routes/messages.schema.ts'

/** The quick reactions of the message menu (WhatsApp's default row). */
const REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏']

/**
 * The chat's message menu: which actions a message offers (spec part 1 §4) and the dialogs they open
 * (edit, delete confirmation, reaction picker, forward). Reply hands the message to the composer.
 */
export function useMessageMenu(
  ticket: OpenTicket,
  onReply: (m: ChatMessage) => void,
): { menuOf: (m: ChatMessage) => MessageMenuAction[]; dialogs: ReactNode; selectOf: (m: ChatMessage) => MessageSelect | undefined; selectionBar: ReactNode } {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const actions = useTicketActions()
  const [editing, setEditing] = useState<{ id: number; body: string } | null>(null)
  const [deleting, setDeleting] = useState<number | null>(null)
  const [reacting, setReacting] = useState<number | null>(null)
  // Forward: the menu starts picking messages (spec part 1 §5: at least one), then the dialog picks the contact.
  const [picking, setPicking] = useState<Set<number> | null>(null)
  const [forwarding, setForwarding] = useState<number[] | null>(null)
  const [noneSelected, setNoneSelected] = useState(false)
  const forwardable = (m: ChatMessage) => m.id !== null && !m.isDeleted && !m.isSystem && !m.isPrivate && m.mediaType !== 'call_log'
  const selectOf = (m: ChatMessage): MessageSelect | undefined => {
    if (!picking || !forwardable(m)) return undefined
    const id = m.id!
    return {
      checked: picking.has(id),
      label: t('chat.forwardPick'),
      onToggle: () => {
        setNoneSelected(false)
        setPicking((cur) => {
          const next = new Set(cur)
          if (next.has(id)) next.delete(id)
          else next.add(id)
          return next
        })
      },
    }
  }
  const selectionBar = picking && (
    <div data-testid="forward-bar" className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-sky-50 px-3 py-1.5 text-sm dark:border-slate-800 dark:bg-sky-950/40">
      <span className="flex-1">{t('chat.forwardCount', { count: picking.size })}</span>
      {noneSelected && <span className="text-xs text-red-600">{t('chat.forwardNoneSelected')}</span>}
      <Button variant="secondary" onClick={() => setPicking(null)}>
        {t('common.cancel')}
      </Button>
      <Button
        data-testid="forward-selected"
        onClick={() => {
          if (picking.size === 0) return setNoneSelected(true)
          // In the chat's order (ids grow with time), one by one on the server.
          setForwarding([...picking].sort((a, b) => a - b))
        }}
      >
        {t('chat.forward')}
      </Button>
    </div>
  )

  // Once per language: menuOf runs for every bubble of every render.
  const labels = useMemo(() => ({ reply: t('chat.reply'), react: t('chat.react'), forward: t('chat.forward'), edit: t('common.edit'), delete: t('common.delete') }), [t])
  // Spec part 1 §4: edit only own messages within 15 minutes, delete own messages; reply while the chat is live.
  const menuOf = (m: ChatMessage): MessageMenuAction[] => {
    if (m.id === null || m.isDeleted || m.isSystem || m.pendingChange) return []
    const id = m.id
    const own = m.fromMe && m.userId === me?.id
    const live = ticket.status === 'open' || ticket.status === 'group'
    const items: MessageMenuAction[] = []
    if (live && !m.isPrivate) items.push({ key: 'reply', label: labels.reply, run: () => onReply(m) })
    if (live && !m.isPrivate && m.mediaType !== 'call_log') items.push({ key: 'react', label: labels.react, run: () => setReacting(id) })
    if (forwardable(m)) items.push({ key: 'forward', label: labels.forward, run: () => setPicking(new Set([id])) })
    // Cloud API, Messenger and Instagram cannot change a sent message: only notes are editable there.
    const changeable = own && (m.isPrivate || !CHANNELS_WITHOUT_MESSAGE_CHANGES.includes(ticket.channel))
    if (changeable && Date.now() - new Date(m.createdAt).getTime() < EDIT_WINDOW_MS) items.push({ key: 'edit', label: labels.edit, run: () => setEditing({ id, body: m.body }) })
    if (changeable) items.push({ key: 'delete', label: labels.delete, run: () => setDeleting(id) })
    return items
  }
  const dialogs = (
    <>
      {/* Mounted only while open, as the chat's other dialogs (none has a leave transition). */}
      {editing !== null && (
        <Modal
          open
          onClose={() => setEditing(null)}
          title={t('chat.editTitle')}
          closeLabel={t('common.close')}
          footer={
            <>
              <Button variant="secondary" onClick={() => setEditing(null)}>
                {t('common.cancel')}
              </Button>
              <Button
                data-testid="edit-save"
                disabled={!editing?.body.trim()}
                onClick={() => {
                  if (editing?.body.trim()) void actions?.editMessage(editing.id, editing.body.trim())
                  setEditing(null)
                }}
              >
                {t('common.save')}
              </Button>
            </>
          }
        >
          <textarea
            data-testid="edit-input"
            rows={4}
            className="w-full rounded-md border border-slate-300 bg-transparent px-3 py-2 text-sm dark:border-slate-700"
            aria-label={t('chat.editTitle')}
            value={editing?.body ?? ''}
            onChange={(e) => setEditing((cur) => (cur ? { ...cur, body: e.target.value } : cur))}
          />
        </Modal>
      )}
      {deleting !== null && (
        <ConfirmDialog
          open
          tone="danger"
          title={t('chat.deleteTitle')}
          text={t('chat.deleteText')}
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
          closeLabel={t('common.close')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            if (deleting !== null) void actions?.deleteMessage(deleting)
            setDeleting(null)
          }}
        />
      )}
      {reacting !== null && (
        <Modal open onClose={() => setReacting(null)} title={t('chat.react')} closeLabel={t('common.close')}>
          <div className="flex flex-wrap justify-center gap-2">
            {REACTIONS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                data-testid="reaction-choice"
                className="rounded-full p-2 text-2xl hover:bg-slate-100 dark:hover:bg-slate-800"
                onClick={() => {
                  if (reacting !== null) void actions?.react(reacting, emoji)
                  setReacting(null)
                }}
              >
                {emoji}
              </button>
            ))}
            <Button
              variant="text"
              onClick={() => {
                if (reacting !== null) void actions?.react(reacting, '')
                setReacting(null)
              }}
            >
              {t('chat.reactRemove')}
            </Button>
          </div>
        </Modal>
      )}
      {/* Mounted only while open: its contact query ran on every chat open. */}
      {forwarding !== null && (
        <ForwardDialog
          open
          onClose={() => setForwarding(null)}
          onForward={(contactId) => {
            void actions?.forward(forwarding, contactId)
            setPicking(null)
          }}
        />
      )}
    </>
  )
  return { menuOf, dialogs, selectOf, selectionBar }
}

/** A message's checkbox while forwarding (MessageBubble's `select`). */
export type MessageSelect = { checked: boolean; onToggle: () => void; label: string }
