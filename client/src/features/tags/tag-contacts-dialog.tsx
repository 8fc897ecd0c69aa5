import { useTranslation } from 'react-i18next'
import { plainIconButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { Modal } from '../../ui/modal.tsx'
import { useTagContacts, type TagItem } from './tags.ts'

interface TagContactsDialogProps {
  tag: TagItem | null
  onClose: () => void
  onRemove: (tagId: number, contactId: number) => void
}

/** The tag-contacts dialog (spec part 2 §2 Tags): the contacts carrying the tag, each removable. */
export function TagContactsDialog({ tag, onClose, onRemove }: TagContactsDialogProps) {
  const { t } = useTranslation()
  const contacts = useTagContacts(tag?.id ?? null)
  return (
    <Modal open={tag !== null} onClose={onClose} title={t('tags.contacts.title', { name: tag?.name ?? '' })} closeLabel={t('common.close')}>
      {contacts.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('tags.contacts.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="tag-contacts">
          {contacts.map((c) => (
            <li key={c.id} className="flex items-center gap-3 py-2 text-sm" data-testid="tag-contact">
              <span className="min-w-0 flex-1 truncate font-medium">{c.name}</span>
              <span className="text-slate-500 tabular-nums dark:text-slate-400">{c.number}</span>
              <button
                type="button"
                className={plainIconButtonClass}
                aria-label={t('tags.contacts.remove', { name: c.name })}
                title={t('tags.contacts.remove', { name: c.name })}
                onClick={() => tag?.id != null && onRemove(tag.id, c.id)}
              >
                <Icon name="delete" className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  )
}
