import { useTranslation } from 'react-i18next'
import { TagPicker } from '../tags/index.ts'
import { useTicketExtrasActions, useTicketTags } from './ticket-extras.ts'

/**
 * The drawer's tags (spec part 1 §2): the company's tags, pressed when on the ticket (what the list's tag
 * filter and the kanban read); a tag typed in is created and put on the ticket at once.
 */
export function TicketTagsSection({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation()
  const actions = useTicketExtrasActions()
  const tags = useTicketTags(ticketId)
  const onTicket = tags.filter((g) => g.onTicket).map((g) => g.id)
  return (
    <section className="border-t border-slate-200 p-3 dark:border-slate-800">
      <h3 className="mb-2 text-sm font-semibold">{t('drawer.tags')}</h3>
      <TagPicker
        tags={tags}
        selected={onTicket}
        emptyText={t('drawer.noTags')}
        createdText={t('tags.inline.created')}
        onToggle={(g, on) => void (on ? actions?.addTag(ticketId, g.id) : actions?.removeTag(ticketId, g.id, onTicket))}
        onCreated={async (tag) => {
          if (!actions) throw new Error('local database not open')
          await actions.addTag(ticketId, tag.id)
        }}
      />
    </section>
  )
}
