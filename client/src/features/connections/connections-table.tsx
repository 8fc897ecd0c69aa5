import { useTranslation } from 'react-i18next'
import { formatShortDateTime } from '../../lib/format.ts'
import { connectionStatusText, type ConnectionRow, type SessionCommand } from './connections.ts'
import { Button, plainIconButtonClass } from '../../ui/button.tsx'
import { ImportPreparingButton } from './connections-import-card.tsx'
import { FailedEventsButton } from './failed-events.tsx'
import { Icon } from '../../ui/icon.tsx'

interface ConnectionsTableProps {
  connections: ConnectionRow[]
  /** Admins and users with allowConnections: the session column and edit/delete (spec part 2 §6). */
  canManage: boolean
  onQrCode: (c: ConnectionRow) => void
  onSession: (c: ConnectionRow, command: SessionCommand) => void
  onCloseImported: (c: ConnectionRow) => void
  onEdit: (c: ConnectionRow) => void
  onDelete: (c: ConnectionRow) => void
  /** Channel events set aside per connection id (issue 15 item 4), and opening them. */
  failedEvents: Map<number, number>
  onFailedEvents: (c: ConnectionRow) => void
}

const cell = 'px-4 py-3 text-sm'

const CHANNEL_STYLE: Record<string, string> = {
  whatsapp: 'bg-green-600', whatsappapi: 'bg-green-700', facebook: 'bg-blue-600', instagram: 'bg-pink-600', simulator: 'bg-slate-500',
}

function ChannelBadge({ channel, label }: { channel: string; label: string }) {
  return (
    <span title={label} aria-label={label} className={`inline-flex size-8 items-center justify-center rounded-full text-xs font-bold uppercase text-white ${CHANNEL_STYLE[channel] ?? 'bg-slate-500'}`}>
      {channel.slice(0, 2)}
    </span>
  )
}

const STATUS_STYLE: Record<string, string> = {
  CONNECTED: 'text-green-700 dark:text-green-400',
  qrcode: 'text-amber-700 dark:text-amber-400',
  OPENING: 'text-sky-700 dark:text-sky-400',
}

/** The actions of spec part 2 §4 "Connection status", one set per status. */
function SessionActions({ c, onQrCode, onSession }: { c: ConnectionRow } & Pick<ConnectionsTableProps, 'onQrCode' | 'onSession'>) {
  const { t } = useTranslation()
  switch (c.status) {
    case 'qrcode':
      return <Button variant="secondary" onClick={() => onQrCode(c)}>{t('connections.session.qrcode')}</Button>
    case 'DISCONNECTED':
      return (
        <span className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => onSession(c, 'start')}>{t('connections.session.tryAgain')}</Button>
          <Button variant="secondary" onClick={() => onSession(c, 'newQr')}>{t('connections.session.newQr')}</Button>
        </span>
      )
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return <Button variant="secondary" onClick={() => onSession(c, 'disconnect')}>{t('connections.session.disconnect')}</Button>
    case 'OPENING':
      return (
        <Button variant="secondary" disabled>
          <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
          {t('connections.session.connecting')}
        </Button>
      )
    default:
      return null
  }
}

/** Connections page table (spec part 2 §2): channel, name, number, status, session, last update, default, actions. */
export function ConnectionsTable({ connections, canManage, onQrCode, onSession, onCloseImported, onEdit, onDelete, failedEvents, onFailedEvents }: ConnectionsTableProps) {
  const { t } = useTranslation()
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <table className="w-full min-w-[760px] text-left">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th className={cell}>{t('connections.columns.channel')}</th>
            <th className={cell}>{t('connections.columns.name')}</th>
            <th className={cell}>{t('connections.columns.number')}</th>
            <th className={cell}>{t('connections.columns.status')}</th>
            {canManage && <th className={cell}>{t('connections.columns.session')}</th>}
            <th className={cell}>{t('connections.columns.lastUpdate')}</th>
            <th className={cell}>{t('connections.columns.default')}</th>
            {canManage && <th className={`${cell} text-right`}>{t('connections.columns.actions')}</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {connections.map((c) => (
            <tr key={c.id} data-testid="connection-row" data-status={c.status}>
              <td className={cell}><ChannelBadge channel={c.channel} label={t(`connections.channels.${c.channel}`)} /></td>
              <td className={`${cell} font-medium`}>
                {c.name}
                {c.channel === 'simulator' && (
                  <span data-testid="connection-test-channel" className="mt-1 block text-xs font-normal text-amber-700 dark:text-amber-400">
                    {t('connections.testChannel')}
                  </span>
                )}
              </td>
              <td className={`${cell} text-slate-600 dark:text-slate-300`}>{c.number || '-'}</td>
              <td className={`${cell} font-semibold ${STATUS_STYLE[c.status] ?? 'text-slate-600 dark:text-slate-300'}`} data-testid="connection-status" data-value={c.status}>
                {connectionStatusText(c.status)}
              </td>
              {canManage && (
                <td className={cell}>
                  <span className="flex flex-wrap items-center gap-2">
                    <SessionActions c={c} onQrCode={onQrCode} onSession={onSession} />
                    <ImportPreparingButton statusImportMessages={c.statusImportMessages} />
                    <FailedEventsButton count={failedEvents.get(c.id) ?? 0} onOpen={() => onFailedEvents(c)} />
                    {c.statusImportMessages === 'renderButtonCloseTickets' && (
                      <Button variant="secondary" onClick={() => onCloseImported(c)}>{t('connections.import.closeTickets')}</Button>
                    )}
                  </span>
                </td>
              )}
              <td className={`${cell} whitespace-nowrap`}>{formatShortDateTime(c.updatedAt)}</td>
              <td className={cell}>
                {c.isDefault && <span className="text-lg font-bold text-green-600" role="img" aria-label={t('connections.columns.default')} data-testid="connection-default">✓</span>}
              </td>
              {canManage && (
                <td className={`${cell} whitespace-nowrap text-right`}>
                  <button type="button" className={plainIconButtonClass} aria-label={t('connections.edit', { name: c.name })} title={t('common.edit')} onClick={() => onEdit(c)}>
                    <Icon name="edit" className="size-5" />
                  </button>
                  <button type="button" className={plainIconButtonClass} aria-label={t('connections.delete', { name: c.name })} title={t('common.delete')} onClick={() => onDelete(c)}>
                    <Icon name="delete" className="size-5" />
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
