import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { plainIconButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { meetingLink, transcriptLines, transcriptPdf } from './chat-export.ts'
import { toastError } from '../../lib/errors.ts'
import { useBrowserOnline, useLocalFirst } from '../../lib/local-first.ts'
import { useTicketActions } from './ticket-actions.ts'
import { chatMessagesQuery, toChatMessage } from './ticket-messages.ts'
import type { OpenTicket } from './tickets.ts'
import i18n from '../../i18n/index.ts'

const itemClass = 'block w-full px-3 py-1.5 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700'

/** The chat header's extra actions: the PDF transcript (A4 portrait), a schedule for the contact and a meeting link sent to them. */
export const ChatMoreMenu = memo(function ChatMoreMenu({ ticket, onSchedule }: { ticket: OpenTicket; onSchedule?: () => void }) {
  const { t } = useTranslation()
  const lf = useLocalFirst()
  const actions = useTicketActions()
  const online = useBrowserOnline()

  const exportPdf = async () => {
    if (!lf) return
    try {
      const q = chatMessagesQuery({ ticketId: ticket.id, contactId: ticket.contactId, whatsappId: ticket.whatsappId }, 100_000)
      const { rows } = await lf.db.query<Parameters<typeof toChatMessage>[0]>(q.sql, q.params)
      const messages = rows.map(toChatMessage).reverse()
      const format = (iso: string) => new Date(iso).toLocaleString(i18n.language)
      const lines = transcriptLines(
        messages,
        {
          me: t('chat.export.me'),
          contact: ticket.contactName,
          deleted: t('chat.deleted'),
          private: t('chat.privateMark'),
          media: (kind, name) => `[${name ?? kind}]`,
        },
        format,
      )
      const blob = await transcriptPdf(`${ticket.contactName} · #${ticket.id}`, t('chat.export.subtitle', { date: format(new Date().toISOString()) }), lines)
      const url = URL.createObjectURL(blob)
      const a = document.createElement('a')
      a.href = url
      a.download = `atendimento-${ticket.id}.pdf`
      a.click()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    } catch (err) {
      toastError(err)
    }
  }
  const live = ticket.status === 'open' || ticket.status === 'group'

  return (
    <Menu>
      <MenuButton data-testid="chat-more" className={plainIconButtonClass} aria-label={t('chat.more')} title={t('chat.more')}>
        <Icon name="moreVert" className="size-5" />
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 w-56 rounded-md bg-white py-1 text-slate-700 shadow-lg ring-1 ring-black/5 focus:outline-none dark:bg-slate-800 dark:text-slate-200">
        <MenuItem>
          <button type="button" data-testid="chat-export-pdf" className={itemClass} onClick={() => void exportPdf()}>
            {t('chat.export.pdf')}
          </button>
        </MenuItem>
        {onSchedule && (
          <MenuItem disabled={!online}>
            <button type="button" data-testid="chat-schedule" className={itemClass} onClick={onSchedule}>
              {t('chat.schedule')}
            </button>
          </MenuItem>
        )}
        {ticket.integrationId !== null && (
          <MenuItem>
            <button
              type="button"
              role="menuitemcheckbox"
              aria-checked={ticket.useIntegration}
              data-testid="chat-integration"
              className={`${itemClass} flex items-center justify-between gap-2`}
              onClick={() => void actions?.setUseIntegration(ticket.id, !ticket.useIntegration)}
            >
              {t('chat.integration')}
              {ticket.useIntegration && <Icon name="check" className="size-4 text-brand dark:text-sky-300" />}
            </button>
          </MenuItem>
        )}
        {live && (
          <MenuItem>
            <button
              type="button"
              data-testid="chat-meeting"
              className={itemClass}
              onClick={() => void actions?.send(ticket.id, { body: t('chat.meetingText', { link: meetingLink(ticket) }), isPrivate: false })}
            >
              {t('chat.meeting')}
            </button>
          </MenuItem>
        )}
      </MenuItems>
    </Menu>
  )
})
