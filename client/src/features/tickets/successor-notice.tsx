import { useTranslation } from 'react-i18next'
import { useTicketSuccessor } from './ticket-successor.ts'
import type { OpenTicket } from './tickets.ts'
import { navigateTo } from '../../lib/navigation.ts'

/** Under a closed ticket's header: the conversation goes on in another ticket, one click away. */
export function SuccessorNotice({ ticket }: { ticket: OpenTicket }) {
  const { t } = useTranslation()
  const next = useTicketSuccessor(ticket)
  if (!next) return null
  return (
    <p data-testid="successor-notice" className="flex flex-wrap items-center gap-2 bg-sky-100 px-3 py-1 text-xs text-sky-900 dark:bg-sky-950 dark:text-sky-200">
      {t('chat.continuesIn', { id: next.id })}
      <button type="button" className="font-semibold underline" onClick={() => navigateTo(`/tickets/${next.uuid}`)}>
        {t('chat.openSuccessor')}
      </button>
    </p>
  )
}
