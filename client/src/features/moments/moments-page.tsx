import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { LocalListStatus } from '../../ui/local-list-status.tsx'
import { clockTime } from '../../lib/format.ts'
import { userAtom } from '../../state/auth.ts'
import { cut, mayOpen, type MomentCard, type MomentColumn, useMoments } from './moments.ts'
import { navigateTo } from '../../lib/navigation.ts'

/**
 * /moments (spec part 2 §2 "Painel de Atendimentos"; realtime:view, RouteGate shows the no-access view to
 * others): the waiting tickets and each attendant's open ones, live from the browser's database.
 */
export default function MomentsPage() {
  const { t } = useTranslation()
  const { columns, loading, error } = useMoments()
  const count = columns.reduce((n, c) => n + c.tickets.length, 0)
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('moments.title')}</h1>
      {count === 0 || error ? (
        <LocalListStatus loading={loading} error={error} count={count} searching={false} emptyText={t('moments.empty')} />
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" data-testid="moments-board">
          {columns.map((c) => (
            <Column key={c.userId ?? 'waiting'} column={c} />
          ))}
        </div>
      )}
    </section>
  )
}

function Column({ column }: { column: MomentColumn }) {
  const { t } = useTranslation()
  const title = column.userId === null && column.name === null ? t('moments.waiting') : (column.name ?? t('moments.unowned'))
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-xl bg-slate-200/70 p-3 dark:bg-slate-800/50" data-testid="moments-column" data-column={column.userId ?? 'waiting'}>
      <h2 className="flex items-center justify-between gap-2 px-1 text-sm font-semibold">
        <span className="min-w-0 truncate" title={title}>{cut(title)}</span>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs tabular-nums dark:bg-slate-800">{column.tickets.length}</span>
      </h2>
      {column.tickets.length === 0 ? <p className="px-1 py-3 text-sm text-slate-500 dark:text-slate-400">{t('moments.none')}</p> : column.tickets.map((ticket) => <Card key={ticket.id} ticket={ticket} />)}
    </div>
  )
}

function Card({ ticket }: { ticket: MomentCard }) {
  const { t, i18n } = useTranslation()
  const me = useAtomValue(userAtom)
  const open = me ? mayOpen(ticket, me) : false
  const body = (
    <>
      <span className="flex items-start justify-between gap-2">
        <span className="min-w-0 break-words font-medium" title={ticket.contactName}>{cut(ticket.contactName)}</span>
        <span className="shrink-0 text-xs tabular-nums text-slate-500 dark:text-slate-400">{clockTime(new Date(ticket.updatedAt), i18n.language)}</span>
      </span>
      <span className="flex items-center justify-between gap-2">
        <span className="min-w-0 break-words text-sm text-slate-600 dark:text-slate-300" title={ticket.lastMessage}>{cut(ticket.lastMessage) || '—'}</span>
        {ticket.unreadMessages > 0 && (
          <span className="shrink-0 rounded-full bg-green-600 px-1.5 text-xs font-semibold text-white" aria-label={t('moments.unread', { count: ticket.unreadMessages })}>{ticket.unreadMessages}</span>
        )}
      </span>
      {ticket.queue && (
        <span className="self-start rounded px-1.5 py-0.5 text-xs font-medium text-white" style={{ backgroundColor: ticket.queue.color }}>{cut(ticket.queue.name)}</span>
      )}
    </>
  )
  const cls = 'flex w-full flex-col gap-1 rounded-lg bg-white p-3 text-left shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800'
  return open ? (
    <button type="button" className={`${cls} hover:ring-brand`} onClick={() => navigateTo(`/tickets/${ticket.uuid}`)} data-testid="moment-card">{body}</button>
  ) : (
    <div className={cls} title={t('moments.cannotOpen')} data-testid="moment-card">{body}</div>
  )
}
