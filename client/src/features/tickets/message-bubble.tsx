import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { memo, useLayoutEffect, useRef, useState } from 'react'
import { parseLocation } from './message-content.ts'
import { ackIcon, type ChatMessage } from './ticket-messages.ts'
import { Icon } from '../../ui/icon.tsx'
import { MediaIcon } from '../../ui/media-icon.tsx'
import { FILE_KINDS, MessageMedia } from './message-media.tsx'
import { WriteStatus } from '../../ui/write-status.tsx'
import { RichText } from './rich-text.tsx'
import i18n from '../../i18n/index.ts'
import { clockTime } from '../../lib/format.ts'

export interface MessageMenuAction {
  key: 'reply' | 'react' | 'forward' | 'edit' | 'delete'
  label: string
  run: () => void
}

interface MessageBubbleProps {
  message: ChatMessage
  /** Whether the message has a menu (reply, edit, delete …): the ▾ and the room for it. */
  hasMenu: boolean
  /** The actions this message allows now, asked when its menu is first pressed. */
  menuOf: (m: ChatMessage) => MessageMenuAction[]
  labels: { menu: string; private: string; automatic: string; deleted: string; edited: string; pending: string; retry: string; discard: string; sendFailed: string; ack: Record<string, string> }
  errorText: (code: string) => string
  onRetry: (m: ChatMessage) => void
  onDiscard: (m: ChatMessage) => void
  /** While messages are being picked for forwarding: this one's checkbox. */
  select?: { checked: boolean; onToggle: () => void; label: string }
}

const time = (iso: string) => clockTime(new Date(iso), i18n.language)

/** Spec part 1 §4 ack icons: ✓ sent, ✓✓ delivered, blue ✓✓ read, a distinct colour when audio was played. */
function AckMark({ ack, label }: { ack: number; label: Record<string, string> }) {
  const kind = ackIcon(ack)
  if (kind === 'clock')
    return (
      <span data-testid="message-ack" data-ack={ack} title={label.clock}>
        <Icon name="schedule" className="size-3.5" />
      </span>
    )
  const colour = kind === 'read' ? 'text-sky-500' : kind === 'played' ? 'text-emerald-500' : 'text-slate-400'
  return (
    <span data-testid="message-ack" data-ack={ack} className={`text-xs font-bold ${colour}`} aria-label={label[kind]} title={label[kind]}>
      {kind === 'sent' ? '✓' : '✓✓'}
    </span>
  )
}

const MENU_BUTTON = 'absolute right-1 top-1 rounded px-1 text-xs opacity-0 group-hover:opacity-70 focus:opacity-100 data-[open]:opacity-100'

/**
 * The bubble's ▾ menu. A chat paints 20 bubbles at a time and a Headless UI menu costs each of them a
 * dozen components and a floating anchor (the largest share of a chat open in bench/ui.ts's profile), so
 * a plain button stands in until it is first pressed; then the menu mounts and opens as if pressed.
 */
function BubbleMenu({ message, menuOf, label }: { message: ChatMessage; menuOf: (m: ChatMessage) => MessageMenuAction[]; label: string }) {
  // How it was first pressed: from the keyboard the menu opens on its first item, as Headless UI does.
  const [armed, setArmed] = useState<'keys' | 'pointer' | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const opened = useRef(false)
  useLayoutEffect(() => {
    // Once: StrictMode runs a layout effect twice, and a second click would close the menu again.
    if (!armed || !button.current || opened.current) return
    opened.current = true
    button.current.focus()
    // A click without a pointer type opens a Headless UI menu whatever pressed it (mouse, touch); Enter
    // opens it with its first item active.
    if (armed === 'keys') button.current.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }))
    else button.current.click()
  }, [armed])
  // The stand-in and the menu's button are one button to the user and to the tests.
  const face = { 'data-testid': 'message-menu', 'aria-label': label, title: label, className: MENU_BUTTON }
  if (!armed) {
    return (
      <button type="button" {...face} aria-haspopup="menu" aria-expanded={false} onClick={(e) => setArmed(e.detail === 0 ? 'keys' : 'pointer')}>
        ▾
      </button>
    )
  }
  const actions = menuOf(message)
  return (
    <Menu>
      <MenuButton ref={button} {...face}>
        ▾
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 w-40 rounded-md bg-white py-1 text-sm text-slate-700 shadow-lg ring-1 ring-black/5 focus:outline-none dark:bg-slate-800 dark:text-slate-200">
        {actions.map((a) => (
          <MenuItem key={a.key}>
            <button type="button" data-testid={`message-${a.key}`} className="block w-full px-3 py-1.5 text-left data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700" onClick={a.run}>
              {a.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  )
}

/** The text under a media, location or contact message: what the drawing above it does not already say. */
function captionOf(m: MessageBubbleProps['message']): string {
  if (m.mediaType === 'contactMessage') return ''
  if (m.mediaType === 'locationMessage') return parseLocation(m.body) ? '' : m.body
  if (m.mediaUrl && FILE_KINDS.includes(m.mediaType) && m.body === m.mediaName) return ''
  return m.body
}

/**
 * One message of the chat: ours on the right, the contact's on the left, private notes in yellow. What
 * the system sent the contact (bot, greeting, farewell, rating) is ours too, marked as automatic; only
 * call logs are notices in the middle. Memoised: a reply typed or a message arriving paints its own
 * bubble, not the chat's other twenty (bench/ui.ts, send → bubble); the chat keeps each unchanged
 * message's object (ticket-messages.ts) and hands stable callbacks.
 */
export const MessageBubble = memo(function MessageBubble({ message: m, hasMenu, menuOf, labels, errorText, onRetry, onDiscard, select }: MessageBubbleProps) {
  if ((m.isSystem && !m.fromMe) || m.mediaType === 'call_log') {
    return (
      <li
        data-testid="message"
        data-system="true"
        data-media-type={m.mediaType}
        className="mx-auto my-1 flex w-fit max-w-[80%] items-center gap-1 rounded bg-slate-200 px-3 py-1 text-center text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
      >
        {m.mediaType === 'call_log' && <MediaIcon name="call" className="size-3.5 shrink-0" />}
        <span>{m.body}</span>
        {m.mediaType === 'call_log' && <span className="opacity-70">{time(m.createdAt)}</span>}
      </li>
    )
  }
  const tone = m.isPrivate
    ? 'bg-amber-100 text-amber-950 dark:bg-amber-900/60 dark:text-amber-50'
    : m.fromMe
      ? 'bg-emerald-100 text-slate-900 dark:bg-emerald-900/60 dark:text-slate-50'
      : 'bg-white text-slate-900 dark:bg-slate-800 dark:text-slate-50'
  return (
    <li data-testid="message" data-from-me={m.fromMe} data-local={m.local} data-media-type={m.mediaType} className={`my-1 flex items-center gap-2 ${m.fromMe ? 'justify-end' : 'justify-start'}`}>
      {select && (
        <input type="checkbox" data-testid="message-select" className="size-4 shrink-0" checked={select.checked} onChange={select.onToggle} aria-label={select.label} />
      )}
      {/* Room on the right for the ▾, which would otherwise cover the last letter of a one-line message. */}
      <div className={`group relative max-w-[75%] rounded-lg py-1.5 pl-3 shadow-sm ${hasMenu ? 'pr-6' : 'pr-3'} ${tone}`}>
        {hasMenu && <BubbleMenu message={m} menuOf={menuOf} label={labels.menu} />}
        {m.isPrivate && <p className="text-xs font-semibold uppercase">{labels.private}</p>}
        {m.isSystem && <p data-testid="message-automatic" className="text-[11px] font-semibold uppercase opacity-60">{labels.automatic}</p>}
        {m.quoted && (
          <p data-testid="message-quoted" className="mb-1 line-clamp-3 border-l-4 border-emerald-600 bg-black/5 px-2 py-1 text-xs dark:bg-white/10">
            {m.quoted.body}
          </p>
        )}
        {!m.isDeleted && <MessageMedia mediaType={m.mediaType} mediaUrl={m.mediaUrl} mediaName={m.mediaName} body={m.body} vCard={m.vCard} />}
        <p data-testid="message-body" className={`whitespace-pre-wrap break-words text-sm ${m.isDeleted ? 'italic opacity-60' : ''}`}>
          {m.isDeleted ? labels.deleted : <RichText text={captionOf(m)} />}
        </p>
        <p className="mt-0.5 flex items-center justify-end gap-1 text-[11px] opacity-70">
          {m.isEdited && <span>{labels.edited}</span>}
          <span>{time(m.createdAt)}</span>
          {m.fromMe && !m.isPrivate && <AckMark ack={m.ack} label={labels.ack} />}
        </p>
        {m.reactions.length > 0 && (
          <p data-testid="message-reactions" className="mt-0.5 flex flex-wrap gap-1">
            {m.reactions.map((r, i) => (
              <span key={i} className={`rounded-full px-1.5 text-sm ${r.fromMe ? 'bg-emerald-200/70 dark:bg-emerald-800' : 'bg-slate-200/70 dark:bg-slate-700'}`}>
                {r.emoji}
              </span>
            ))}
          </p>
        )}
        {m.sendError && m.ack === 0 && (
          // Held by a connection that is down (the outbound queue waits, uncounted): not a failure yet.
          <p data-testid="message-waiting" className="text-xs text-amber-700 dark:text-amber-400">{errorText(m.sendError)}</p>
        )}
        {m.sendError && m.ack !== 0 && (
          <p data-testid="message-send-error" className="text-xs text-red-600 dark:text-red-400">
            {labels.sendFailed}: {errorText(m.sendError)}
          </p>
        )}
        {(m.local || m.pendingChange) && (
          <WriteStatus
            error={m.error ? errorText(m.error) : null}
            pendingLabel={labels.pending}
            retryLabel={labels.retry}
            discardLabel={labels.discard}
            onRetry={() => onRetry(m)}
            onDiscard={() => onDiscard(m)}
          />
        )}
      </div>
    </li>
  )
})
