import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { Icon } from '../../ui/icon.tsx'
import { LocalListStatus } from '../../ui/local-list-status.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { codeText } from '../../lib/errors.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import { newQuickMessageValues } from './quick-message-form.ts'
import { canEditQuickMessage, isQuickMessageAdmin, useQuickMessageList } from './quick-messages.ts'
import { userAtom } from '../../state/auth.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { QuickMessageDialog } from './quick-message-dialog.tsx'
import { QuickMessagesTable } from './quick-messages-table.tsx'
import { useQuickMessageEditing } from './use-quick-message-editing.ts'

const EMPTY = newQuickMessageValues()

/**
 * /quick-messages (spec part 1 §2, part 2 §2; everyone): the company's general quick messages and the
 * user's own from the local database, live, with search, add, edit and delete through the outbox.
 * General ones are read-only for non-admins; attachments are sent online only.
 */
export default function QuickMessagesPage() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const [search, setSearch] = useState('')
  const settled = useDebounced(search)
  const { messages, loading, error } = useQuickMessageList(settled)
  const editing = useQuickMessageEditing()
  const online = useBrowserOnline()

  const body = () => {
    const status = <LocalListStatus loading={loading} error={error} count={messages.length} searching={!!settled} emptyText={t('quickMessages.empty')} />
    if (messages.length === 0 || error) return status
    return (
      <QuickMessagesTable
        messages={messages}
        canEdit={(m) => canEditQuickMessage(m, me)}
        errorText={codeText}
        onOpen={editing.openEdit}
        onDelete={editing.askDelete}
        onRetry={editing.retry}
        onDiscard={editing.discard}
      />
    )
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">{t('quickMessages.title')}</h1>
        <SearchField id="quick-messages-search" label={t('quickMessages.search')} value={search} onChange={setSearch} />
        <Button onClick={editing.openCreate} disabled={!editing.ready}>
          <Icon name="add" className="size-5" />
          {t('quickMessages.add')}
        </Button>
      </div>
      {body()}
      <QuickMessageDialog
        open={editing.editing !== null}
        mode={editing.editing?.mode ?? 'create'}
        initial={editing.editing?.initial ?? EMPTY}
        mediaName={editing.editing?.message?.mediaName ?? null}
        canSetGeneral={isQuickMessageAdmin(me)}
        online={online}
        onClose={editing.closeDialog}
        onSave={editing.save}
      />
      <ConfirmDialog
        open={editing.deleting !== null}
        tone="danger"
        title={t('quickMessages.deleteTitle')}
        text={t('quickMessages.deleteText', { shortcode: editing.deleting?.shortcode ?? '' })}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onCancel={editing.cancelDelete}
        onConfirm={() => void editing.confirmDelete()}
      />
    </section>
  )
}
