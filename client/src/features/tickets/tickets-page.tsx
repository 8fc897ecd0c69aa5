import { useAtomValue } from 'jotai'
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useParams } from 'react-router'
import { Button } from '../../ui/button.tsx'
import { LoadingScreen } from '../../ui/message-card.tsx'
import { Modal } from '../../ui/modal.tsx'
import { useTicketActions } from './ticket-actions.ts'
import { chatTicket, keepShown, useMyQueues, useTicket, type OpenTicket, type TicketListItem, type TicketTab } from './tickets.ts'
import { userAtom } from '../../state/auth.ts'
import { WIDE_QUERY, useMediaQuery } from '../../state/ui.ts'
import { TicketChat } from './ticket-chat.tsx'
import { TicketListPanel } from './ticket-list-panel.tsx'
import { AlreadyOpenDialog, NewTicketDialog } from './new-ticket-dialog.tsx'
import type { OtherOpenTicket } from './ticket-dialogs.ts'
import { NarrowTabs } from '../../ui/narrow-tabs.tsx'
import { navigateTo } from '../../lib/navigation.ts'

/** Spec part 1 §2 and §9: the list's width on wide screens, dragged within 404-700, 550 by default. */
export const LIST_WIDTH = { min: 404, max: 700, default: 550 }
export const clampListWidth = (w: number) => Math.round(Math.min(LIST_WIDTH.max, Math.max(LIST_WIDTH.min, w)))

/** The drag bar between list and chat; arrow keys move it too. Saves once the drag ends. */
function ResizeHandle({ label, width, onResize, onDone }: { label: string; width: number; onResize: (w: number) => void; onDone: (w: number) => void }) {
  const start = (e: ReactPointerEvent<HTMLDivElement>) => {
    const from = e.clientX
    const initial = width
    let last = initial
    const move = (ev: PointerEvent) => {
      last = clampListWidth(initial + ev.clientX - from)
      onResize(last)
    }
    const up = () => {
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', up)
      if (last !== initial) onDone(last)
    }
    window.addEventListener('pointermove', move)
    window.addEventListener('pointerup', up)
  }
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={LIST_WIDTH.min}
      aria-valuemax={LIST_WIDTH.max}
      aria-valuenow={width}
      tabIndex={0}
      data-testid="ticket-list-resize"
      className="w-1.5 shrink-0 cursor-col-resize bg-slate-200 hover:bg-brand focus:bg-brand dark:bg-slate-800"
      onPointerDown={start}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return
        const next = clampListWidth(width + (e.key === 'ArrowLeft' ? -20 : 20))
        onResize(next)
        onDone(next)
      }}
    />
  )
}

interface AcceptTarget {
  id: number
  uuid: string
  queueId: number | null
}

/**
 * /tickets and /tickets/{uuid}: the list beside the chat on wide screens, two tabs ('Atendimentos' and
 * 'Ticket') on narrow ones. Everything reads the browser's database and writes through the outbox.
 */
export default function TicketsPage() {
  const { t } = useTranslation()
  const { uuid } = useParams()
  const wide = useMediaQuery(WIDE_QUERY)
  const me = useAtomValue(userAtom)
  const actions = useTicketActions()
  const queues = useMyQueues(me?.id)
  const isAdmin = me?.profile === 'admin' || me?.super === true
  const { ticket: stored, loading } = useTicket(uuid)
  // The row clicked in the list: the chat (and its messages' query) starts from it while the ticket's
  // own query is still on its way through the worker, instead of one query after the other.
  const [clicked, setClicked] = useState<TicketListItem | null>(null)
  const shown = useRef<OpenTicket | null>(null)
  const ticket = (shown.current = keepShown(shown.current, chatTicket(stored, loading, uuid, clicked)))
  const [narrowTab, setNarrowTab] = useState<'list' | 'chat'>(uuid ? 'chat' : 'list')
  const [width, setWidth] = useState(() => clampListWidth(me?.defaultTicketsManagerWidth ?? LIST_WIDTH.default))
  const [choosing, setChoosing] = useState<{ target: AcceptTarget; kind: 'accept' | 'reopen' } | null>(null)
  const [queueChoice, setQueueChoice] = useState<number | null>(null)
  const [creating, setCreating] = useState(false)
  const [alreadyOpen, setAlreadyOpen] = useState<OtherOpenTicket | null>(null)
  const [tab, setTab] = useState<TicketTab>('open')

  if (uuid === 'undefined') return <Navigate to="/tickets" replace />

  const open = (target: { uuid: string } | TicketListItem) => {
    setClicked('contactId' in target ? target : null)
    setNarrowTab('chat')
    navigateTo(`/tickets/${target.uuid}`)
  }
  // Spec part 1 §4 Accept: "if no queue, a queue-choice dialog comes first" (one queue: that one). The
  // server takes a queue-less accept only from admins (docs/decisions.md "Tickets").
  // Reopen asks the same way (spec §4 Reopen "a ticket without a queue opens the queue-choice dialog").
  const act = (target: AcceptTarget, kind: 'accept' | 'reopen') => {
    if (!actions) return
    if (target.queueId === null && (queues.length > 1 || (queues.length === 0 && !isAdmin))) {
      setQueueChoice(queues[0]?.id ?? null)
      setChoosing({ target, kind })
      return
    }
    void actions[kind](target.id, target.queueId ?? queues[0]?.id ?? null)
    follow(target)
  }
  // An accepted or reopened ticket is the user's now: the list follows it to Atendendo.
  const follow = (target: { uuid: string }) => {
    setTab('open')
    open(target)
  }
  const accept = (target: AcceptTarget) => act(target, 'accept')

  const chat = () => {
    if (!uuid)
      return (
        <div className="flex h-full items-center justify-center p-6 text-center text-slate-500 dark:text-slate-400" data-testid="chat-empty">
          {t('chat.selectTicket')}
        </div>
      )
    if (loading && !ticket) return <LoadingScreen label={t('common.loading')} />
    if (!ticket)
      return (
        <div className="flex h-full items-center justify-center p-6 text-center text-slate-500 dark:text-slate-400" data-testid="chat-missing">
          {t('chat.notFound')}
        </div>
      )
    // One chat per ticket: its state (reply, dialogs, drawer) never carries over to the next ticket.
    return <TicketChat key={ticket.id} ticket={ticket} onBack={() => navigateTo('/tickets')} onAccept={() => accept(ticket)} onReopen={() => act(ticket, 'reopen')} />
  }
  const list = <TicketListPanel selectedUuid={uuid ?? null} onNewTicket={() => setCreating(true)} onOpen={open} onAccept={accept} tab={tab} onTab={setTab} />

  return (
    <div className="-m-4 flex h-[calc(100%+2rem)] min-h-0 flex-col sm:-m-6 sm:h-[calc(100%+3rem)]">
      {wide ? (
        <div className="flex min-h-0 flex-1">
          <div className="min-h-0 shrink-0" style={{ width }} data-testid="ticket-list-pane">
            {list}
          </div>
          <ResizeHandle
            label={t('tickets.resizeList')}
            width={width}
            onResize={setWidth}
            onDone={(w) => {
              if (me) void actions?.saveListWidth(me.id, w)
            }}
          />
          <div className="min-h-0 min-w-0 flex-1">{chat()}</div>
        </div>
      ) : (
        <>
          <NarrowTabs
            tabs={[{ key: 'chat', label: t('tickets.narrowTicket') }, { key: 'list', label: t('tickets.narrowList') }]}
            selected={narrowTab}
            onSelect={setNarrowTab}
          />
          <div className="min-h-0 flex-1">{narrowTab === 'list' ? list : uuid ? chat() : <p className="p-6 text-center">{t('tickets.selectTicket')}</p>}</div>
        </>
      )}
      {/* Mounted only while open: closed, its two queries ran beside the list's at every start. */}
      {creating && <NewTicketDialog open onClose={() => setCreating(false)} onCreated={(id) => open({ uuid: id })} onAlreadyOpen={setAlreadyOpen} />}
      <AlreadyOpenDialog
        other={alreadyOpen}
        onClose={() => setAlreadyOpen(null)}
        onOpen={(id) => {
          setAlreadyOpen(null)
          open({ uuid: id })
        }}
      />
      <Modal
        open={choosing !== null}
        onClose={() => setChoosing(null)}
        title={t('tickets.chooseQueue')}
        closeLabel={t('common.close')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setChoosing(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              data-testid="accept-confirm"
              disabled={queueChoice === null}
              onClick={() => {
                const chosen = choosing
                setChoosing(null)
                if (chosen && actions) {
                  void actions[chosen.kind](chosen.target.id, queueChoice)
                  follow(chosen.target)
                }
              }}
            >
              {t(choosing?.kind === 'reopen' ? 'tickets.reopen' : 'tickets.accept')}
            </Button>
          </>
        }
      >
        {queues.length === 0 && <p className="mb-2 text-sm text-red-600">{t('tickets.noQueuesToAccept')}</p>}
        <select
          data-testid="accept-queue"
          className="w-full rounded-md border border-slate-300 bg-transparent px-3 py-2 dark:border-slate-700"
          aria-label={t('tickets.chooseQueue')}
          value={queueChoice ?? ''}
          onChange={(e) => setQueueChoice(Number(e.target.value))}
        >
          {queues.map((q) => (
            <option key={q.id} value={q.id}>
              {q.name}
            </option>
          ))}
        </select>
      </Modal>
    </div>
  )
}
