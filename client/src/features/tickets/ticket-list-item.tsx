import { memo } from 'react'
import { NAME_LENGTH, PREVIEW_LENGTH, truncate, type TicketListItem } from './tickets.ts'
import { Icon } from '../../ui/icon.tsx'
import { WriteStatus } from '../../ui/write-status.tsx'

interface TicketListItemProps {
  ticket: TicketListItem
  selected: boolean
  /** Admins see whose ticket it is (spec part 1 §2 "for admins the owner tag"). */
  showOwner: boolean
  labels: TicketRowLabels
  /** The row's timestamp as the list writes it (listTime). */
  time: string
  errorText: (code: string) => string
  onOpen: (ticket: TicketListItem) => void
  /** Quick accept from the list (offered on pending tickets that are not a local write still). */
  onAccept: (ticket: TicketListItem) => void
  onRetry: (ticket: TicketListItem) => void
  onDiscard: (ticket: TicketListItem) => void
}

export type TicketRowLabels = { accept: string; pending: string; retry: string; discard: string; noQueue: string }

/**
 * One row of the ticket list: contact, preview, queue and owner, unread count, quick actions. Memoised
 * (the list passes the same ticket objects, labels and callbacks until they change): opening a chat
 * re-rendered every row of the list for the one whose selection changed (bench/ui.ts profile).
 */
export const TicketListRow = memo(function TicketListRow({ ticket, selected, showOwner, labels, time, errorText, onOpen, onAccept, onRetry, onDiscard }: TicketListItemProps) {
  const canAccept = ticket.status === 'pending' && !ticket.pending
  return (
    <li
      data-testid="ticket-row"
      data-ticket-id={ticket.id}
      className={`flex items-start gap-3 border-b border-slate-100 px-3 py-2 dark:border-slate-800 ${selected ? 'bg-brand/10' : 'hover:bg-slate-50 dark:hover:bg-slate-800/60'}`}
    >
      <span className="mt-1 block h-10 w-1 shrink-0 rounded" style={{ backgroundColor: ticket.queueColor ?? '#94a3b8' }} title={ticket.queueName ?? labels.noQueue} />
      <button type="button" className="min-w-0 flex-1 text-left" onClick={() => onOpen(ticket)}>
        <span className="flex items-center gap-2">
          <span data-testid="ticket-contact" className="truncate font-semibold">
            {truncate(ticket.contactName || ticket.contactNumber, NAME_LENGTH)}
          </span>
          <span className="ml-auto shrink-0 text-xs text-slate-500 dark:text-slate-400">{time}</span>
        </span>
        <span className="flex items-center gap-2">
          <span data-testid="ticket-preview" className="truncate text-sm text-slate-600 dark:text-slate-300">
            {truncate(ticket.lastMessage, PREVIEW_LENGTH)}
          </span>
          {ticket.unread > 0 && (
            <span data-testid="ticket-unread" className="ml-auto shrink-0 rounded-full bg-green-600 px-2 text-xs font-bold text-white">
              {ticket.unread}
            </span>
          )}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-1 text-xs">
          <span className="rounded bg-slate-100 px-1.5 dark:bg-slate-800">{ticket.whatsappName ?? ticket.channel}</span>
          {ticket.queueName && (
            <span className="rounded px-1.5 text-white" style={{ backgroundColor: ticket.queueColor ?? '#64748b' }}>
              {ticket.queueName}
            </span>
          )}
          {showOwner && ticket.userName && (
            <span data-testid="ticket-owner" className="rounded bg-slate-700 px-1.5 text-white">
              {ticket.userName}
            </span>
          )}
          {ticket.tags.slice(0, 2).map((tag) => (
            <span key={tag.id} className="rounded px-1.5 text-white" style={{ backgroundColor: tag.color }}>
              {tag.name}
            </span>
          ))}
        </span>
      </button>
      <span className="flex shrink-0 flex-col items-end gap-1">
        {canAccept && (
          <button
            type="button"
            data-testid="ticket-accept"
            className="inline-flex items-center gap-1 rounded bg-green-600 px-2 py-1 text-xs font-semibold text-white hover:bg-green-700"
            onClick={() => onAccept(ticket)}
          >
            <Icon name="play" className="size-3.5" />
            {labels.accept}
          </button>
        )}
        {ticket.pending && (
          <WriteStatus
            error={ticket.error ? errorText(ticket.error) : null}
            pendingLabel={labels.pending}
            retryLabel={labels.retry}
            discardLabel={labels.discard}
            onRetry={() => onRetry(ticket)}
            onDiscard={() => onDiscard(ticket)}
          />
        )}
      </span>
    </li>
  )
})
