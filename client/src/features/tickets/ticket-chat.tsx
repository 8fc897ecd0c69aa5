import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type UIEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, IconButton } from '../../ui/button.tsx'
import { MessageBubble } from './message-bubble.tsx'
import { LoadingScreen } from '../../ui/message-card.tsx'
import { Modal } from '../../ui/modal.tsx'
import { WriteStatus } from '../../ui/write-status.tsx'
import { api } from '../../lib/api.ts'
import { codeText } from '../../lib/errors.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import { usePaintedMark } from '../../lib/perf.ts'
import { useTicketActions } from './ticket-actions.ts'
import { CHAT_PAGE_SIZE, useChatMessages, type ChatMessage } from './ticket-messages.ts'
import { useTicketSettings, type OpenTicket } from './tickets.ts'
import { planAtom, userAtom } from '../../state/auth.ts'
import { ScheduleModal } from '../schedules/index.ts'
import { ChatMoreMenu } from './chat-more-menu.tsx'
import { ContactDrawer } from './contact-drawer.tsx'
import { TicketLogDialog } from './ticket-log-dialog.tsx'
import { MessageComposer } from './message-composer.tsx'
import { SuccessorNotice } from './successor-notice.tsx'
import { TransferDialog } from './transfer-dialog.tsx'
import { useMessageMenu } from './use-message-menu.tsx'
import { navigateTo } from '../../lib/navigation.ts'

const isOn = (v: string | undefined) => v === 'enabled' || v === 'enable'

interface TicketChatProps {
  ticket: OpenTicket
  onBack: () => void
  /** Accept (the page asks for a queue first when the ticket has none). */
  onAccept: () => void
  /** Reopen for the current user, with the same queue choice as Accept. */
  onReopen: () => void
}

/**
 * /tickets/{uuid} (spec part 1 §2): header with the contact, ticket number, owner and the actions of the
 * ticket's status (§4 table), the messages (older pages within 50 px of the top), and the input.
 */
export function TicketChat({ ticket, onBack, onAccept, onReopen }: TicketChatProps) {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const actions = useTicketActions()
  const settings = useTicketSettings()
  const online = useBrowserOnline()
  const [limit, setLimit] = useState(CHAT_PAGE_SIZE)
  const [askFarewell, setAskFarewell] = useState(false)
  const [transferring, setTransferring] = useState(false)
  const [drawer, setDrawer] = useState(false)
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null)
  const messageMenu = useMessageMenu(ticket, setReplyTo)
  const [showLog, setShowLog] = useState(false)
  const [scheduling, setScheduling] = useState(false)
  // Stable for the memoised header menu.
  const openSchedule = useCallback(() => setScheduling(true), [])
  const canSchedule = useAtomValue(planAtom)?.useSchedules !== false
  const { messages, loading, hasMore } = useChatMessages(ticket, limit)
  const listRef = useRef<HTMLOListElement>(null)
  const atBottom = useRef(true)
  const isAdmin = me?.profile === 'admin' || me?.super === true
  const mine = ticket.userId === me?.id
  // Once per language, not 14 translations per bubble per render (bench/ui.ts profile of a chat open).
  const bubbleLabels = useMemo(
    () => ({
      menu: t('chat.menu'),
      private: t('chat.privateMark'),
      automatic: t('chat.automaticMark'),
      deleted: t('chat.deleted'),
      edited: t('chat.edited'),
      pending: t('sync.pending'),
      retry: t('sync.retry'),
      discard: t('sync.discard'),
      sendFailed: t('chat.sendFailed'),
      ack: { clock: t('chat.ack.clock'), sent: t('chat.ack.sent'), delivered: t('chat.ack.delivered'), read: t('chat.ack.read'), played: t('chat.ack.played') },
    }),
    [t],
  )

  // Stable for the memoised bubbles; they call the current menu and actions.
  const latest = useRef({ menuOf: messageMenu.menuOf, actions })
  latest.current = { menuOf: messageMenu.menuOf, actions }
  const menuOf = useCallback((m: ChatMessage) => latest.current.menuOf(m), [])
  const retryMessage = useCallback((m: ChatMessage) => {
    const id = m.clientId ?? m.pendingChange
    if (id) void latest.current.actions?.retry(id)
  }, [])
  const discardMessage = useCallback((m: ChatMessage) => {
    const id = m.clientId ?? m.pendingChange
    if (id) void latest.current.actions?.discard(id)
  }, [])

  useEffect(() => setLimit(CHAT_PAGE_SIZE), [ticket.id])
  usePaintedMark('chat', !loading, ticket.id)
  const localKeys = messages.filter((m) => m.local).map((m) => m.key).join(',')
  usePaintedMark('bubble', localKeys !== '', localKeys)
  // The owner opening the chat has read it: GET /messages' first page zeroes the unread count.
  useEffect(() => {
    if (online && mine && ticket.unread > 0 && !ticket.pending) void api(`/messages/${ticket.id}?pageNumber=1`).catch(() => {})
  }, [online, mine, ticket.id, ticket.unread, ticket.pending])
  // Opening the chat is logged 'access' by GET /tickets/u/{uuid} (the chat itself reads the local
  // database; this call only tells the server who looked). Offline, the visit goes unlogged.
  useEffect(() => {
    if (online && !ticket.pending && ticket.uuid) void api(`/tickets/u/${ticket.uuid}`).catch(() => {})
  }, [online, ticket.uuid, ticket.pending])
  // Stay at the bottom as messages arrive, unless the user scrolled up to read.
  useLayoutEffect(() => {
    const el = listRef.current
    if (el && atBottom.current) el.scrollTop = el.scrollHeight
  }, [messages])

  const onScroll = (e: UIEvent<HTMLOListElement>) => {
    const el = e.currentTarget
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40
    if (el.scrollTop < 50 && hasMore) setLimit((n) => n + CHAT_PAGE_SIZE)
  }
  const close = () => (settings.askFarewellMessage ? setAskFarewell(true) : void actions?.close(ticket.id, true))
  const finishClose = (sendFarewellMessage: boolean) => {
    setAskFarewell(false)
    void actions?.close(ticket.id, sendFarewellMessage)
  }
  const canIgnore = isAdmin || isOn(me?.userClosePendingTicket)

  const buttons = () => {
    if (!actions) return null
    switch (ticket.status) {
      case 'pending':
      case 'lgpd':
        return (
          <>
            {canIgnore && (
              <Button variant="secondary" data-testid="chat-ignore" onClick={() => void actions.close(ticket.id, false)}>
                {t('tickets.ignore')}
              </Button>
            )}
            <Button data-testid="chat-accept" onClick={onAccept}>
              {t('tickets.accept')}
            </Button>
          </>
        )
      case 'open':
      case 'group':
        return (
          <>
            {ticket.status === 'open' && (
              <Button variant="secondary" data-testid="chat-return" onClick={() => void actions.returnToQueue(ticket.id)}>
                {t('tickets.return')}
              </Button>
            )}
            <Button variant="secondary" data-testid="chat-transfer" onClick={() => setTransferring(true)}>
              {t('tickets.transfer')}
            </Button>
            <Button data-testid="chat-resolve" onClick={close}>
              {t('tickets.resolve')}
            </Button>
          </>
        )
      case 'nps':
        // Waiting for the contact's rating: resolving ends the wait, with the farewell the rating held back.
        return (
          <Button data-testid="chat-resolve" onClick={() => void actions.close(ticket.id, true)}>
            {t('tickets.resolve')}
          </Button>
        )
      case 'closed':
        // Spec part 1 §4: the current user reopens for themselves (docs/decisions.md "Tickets").
        return (
          <Button data-testid="chat-reopen" onClick={onReopen}>
            {t('tickets.reopen')}
          </Button>
        )
      default:
        return null
    }
  }

  return (
    <section data-testid="ticket-chat" data-ticket-id={ticket.id} data-status={ticket.status} className="flex h-full min-h-0 flex-col bg-slate-50 dark:bg-slate-950">
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 dark:border-slate-800 dark:bg-slate-900">
        <IconButton icon="chevronLeft" label={t('chat.back')} onClick={onBack} />
        {/* Room for the name first (10rem on a phone, 16rem above): the actions wrap before it is cut. */}
        <div className="min-w-0 flex-[1_1_10rem] sm:flex-[1_1_16rem]">
          <p data-testid="chat-contact" className="font-semibold break-words sm:truncate">
            {ticket.contactName || ticket.contactNumber} <span className="text-sm font-normal text-slate-500">#{ticket.id}</span>
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {ticket.userName ? t('chat.assignedTo', { name: ticket.userName }) : t('chat.unassigned')}
            {ticket.queueName ? ` · ${ticket.queueName}` : ''}
          </p>
        </div>
        {ticket.pending && (
          <WriteStatus
            error={ticket.error ? codeText(ticket.error) : null}
            pendingLabel={t('sync.pending')}
            retryLabel={t('sync.retry')}
            discardLabel={t('sync.discard')}
            onRetry={() => ticket.clientId && actions?.retry(ticket.clientId)}
            onDiscard={() => ticket.clientId && actions?.discard(ticket.clientId)}
          />
        )}
        <div className="flex items-center gap-1">
          <ChatMoreMenu ticket={ticket} onSchedule={canSchedule ? openSchedule : undefined} />
          <IconButton data-testid="ticket-log-open" icon="schedule" label={t('tickets.log.title')} disabled={!online} onClick={() => setShowLog(true)} />
          <IconButton data-testid="drawer-toggle" icon="person" label={t('drawer.title')} aria-pressed={drawer} onClick={() => setDrawer((d) => !d)} />
        </div>
        {/* Beside the name when there is room, else on a row of their own. */}
        <div className="ml-auto flex gap-2">{buttons()}</div>
      </header>
      <div className="relative flex min-h-0 flex-1">
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">
          <SuccessorNotice ticket={ticket} />
          {messageMenu.selectionBar}
          {(ticket.channel === 'facebook' || ticket.channel === 'instagram') && (
            <p className="bg-amber-100 px-3 py-1 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">{t('chat.metaWindow')}</p>
          )}
          {loading ? (
            <LoadingScreen label={t('common.loading')} />
          ) : (
            <ol ref={listRef} data-testid="message-list" className="min-h-0 flex-1 overflow-y-auto px-4 py-2" onScroll={onScroll}>
              {messages.map((m) => (
                <MessageBubble
                  key={m.key}
                  message={m}
                  hasMenu={messageMenu.menuOf(m).length > 0}
                  menuOf={menuOf}
                  select={messageMenu.selectOf(m)}
                  labels={bubbleLabels}
                  errorText={codeText}
                  onRetry={retryMessage}
                  onDiscard={discardMessage}
                />
              ))}
            </ol>
          )}
          <MessageComposer
            ticketId={ticket.id}
            channel={ticket.channel}
            onMediaSent={() => {
              atBottom.current = true
            }}
            canMessage={ticket.status === 'open' || ticket.status === 'group'}
            replyTo={replyTo && replyTo.id !== null ? { id: replyTo.id, body: replyTo.body } : null}
            onCancelReply={() => setReplyTo(null)}
            onSend={async (body, isPrivate, quotedMsgId) => {
              atBottom.current = true
              await actions?.send(ticket.id, { body, isPrivate, quotedMsgId })
            }}
          />
        </div>
        {/* Over the messages rather than beside them: next to a 550 px list the chat has little width to give. */}
        {drawer && (
          <div className="absolute inset-y-0 right-0 z-10 shadow-xl">
            <ContactDrawer ticket={ticket} onClose={() => setDrawer(false)} />
          </div>
        )}
      </div>
      {/* Dialogs mount only while open: closed, they rendered and ran their queries on every chat open. */}
      {transferring && (
        <TransferDialog
          open
          currentQueueId={ticket.queueId}
          onClose={() => setTransferring(false)}
          onTransfer={(queueId, userId) => {
            setTransferring(false)
            void actions?.transfer(ticket.id, queueId, userId)
          }}
        />
      )}
      {messageMenu.dialogs}
      {/* Spec part 1 §7: after saving a schedule made from a contact, go to /schedules. */}
      {scheduling && <ScheduleModal open initial={{ contactId: ticket.contactId }} onClose={() => setScheduling(false)} onSaved={() => navigateTo('/schedules')} />}
      {showLog && <TicketLogDialog ticketId={ticket.id} onClose={() => setShowLog(false)} />}
      {/* Closing the dialog (X, Escape) cancels the close; only the two answers close the ticket. */}
      {askFarewell && (
        <Modal
          open
          onClose={() => setAskFarewell(false)}
          title={t('tickets.farewellTitle')}
          closeLabel={t('common.close')}
          footer={
            <>
              <Button variant="secondary" data-testid="farewell-no" onClick={() => finishClose(false)}>
                {t('tickets.farewellNo')}
              </Button>
              <Button data-testid="farewell-yes" onClick={() => finishClose(true)}>
                {t('tickets.farewellYes')}
              </Button>
            </>
          }
        >
          <p>{t('tickets.farewellText')}</p>
        </Modal>
      )}
    </section>
  )
}
