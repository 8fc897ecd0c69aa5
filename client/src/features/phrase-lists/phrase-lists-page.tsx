import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { saveOnline } from '../../lib/outbox-save.ts'
import { userAtom } from '../../state/auth.ts'
import { pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDelete } from '../../ui/confirm-delete.tsx'
import { Icon } from '../../ui/icon.tsx'
import { ListStatus } from '../../ui/list-status.tsx'
import { useFlowOptions } from '../flows/index.ts'
import { PhraseDialog } from './phrase-dialog.tsx'
import { newPhraseValues, phraseRequestBody, phraseValuesOf, type PhraseFormValues } from './phrase-form.ts'
import { onRealtimeEvent } from '../../lib/realtime.ts'
import { applyPhraseEvent, fetchPhraseCampaigns, phraseCalls, sortPhraseCampaigns, useConnectionChoices, type PhraseCampaign } from './phrase-lists.ts'
import { PhraseListsTable } from './phrase-lists-table.tsx'

const BLANK = newPhraseValues()

/**
 * /phrase-lists 'Campanhas' (spec part 2 §2 "Phrase campaigns"; admins): the phrases that start a flow,
 * with add, edit and delete (delete needs contacts-page:deleteContact, which admins hold). Online only.
 */
export default function PhraseListsPage() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const canDelete = me?.profile === 'admin' || me?.super === true
  const [list, setList] = useState<{ rows: PhraseCampaign[]; loading: boolean; error: unknown }>({ rows: [], loading: true, error: null })
  const [editing, setEditing] = useState<{ id: number | null; initial: PhraseFormValues; whatsapp?: { id: number; name: string } } | null>(null)
  const [deleting, setDeleting] = useState<PhraseCampaign | null>(null)
  const flows = useFlowOptions(editing !== null)
  const local = useConnectionChoices()
  // The campaign's own connection stays nameable while this device's copy of the connections is still loading.
  const connections = useMemo(() => {
    const own = editing?.whatsapp
    return own && !local.some((c) => c.id === own.id) ? [...local, { ...own, status: '' }] : local
  }, [local, editing])

  const load = useCallback((signal?: AbortSignal) => {
    fetchPhraseCampaigns(signal).then(
      (rows) => setList({ rows, loading: false, error: null }),
      (error: unknown) => !signal?.aborted && setList((l) => ({ ...l, loading: false, error })),
    )
  }, [])
  useEffect(() => {
    const ctl = new AbortController()
    load(ctl.signal)
    return () => ctl.abort()
  }, [load])
  useEffect(() => onRealtimeEvent((event, data) => setList((l) => {
    const rows = applyPhraseEvent(l.rows, event, data)
    return rows === l.rows ? l : { ...l, rows }
  })), [])

  const save = async (values: PhraseFormValues) => {
    const id = editing?.id
    const body = phraseRequestBody(values)
    const saved = await saveOnline(() => (id ? phraseCalls.update(id, body) : phraseCalls.create(body)))
    setList((l) => ({ ...l, rows: sortPhraseCampaigns([...l.rows.filter((r) => r.id !== saved.id), saved]) }))
    pushToast('success', t(id ? 'phraseLists.updated' : 'phraseLists.created'))
  }

  const remove = async () => {
    const target = deleting
    setDeleting(null)
    if (!target) return
    try {
      await phraseCalls.remove(target.id)
      setList((l) => ({ ...l, rows: l.rows.filter((r) => r.id !== target.id) }))
      pushToast('success', t('phraseLists.deleted'))
    } catch (err) {
      toastError(err)
    }
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold" data-testid="phrase-lists-title">{t('phraseLists.title')}</h1>
        <Button className="shrink-0" onClick={() => setEditing({ id: null, initial: BLANK })} data-testid="phrase-add">
          <Icon name="add" className="size-5" />
          {t('phraseLists.add')}
        </Button>
      </div>
      {list.rows.length === 0 ? (
        <ListStatus empty loading={list.loading} error={list.error} emptyText={t('phraseLists.empty')} testId="phrase-lists-empty" />
      ) : (
        <PhraseListsTable rows={list.rows} canDelete={canDelete} onEdit={(c) => setEditing({ id: c.id, initial: phraseValuesOf(c), whatsapp: c.whatsappId ? { id: c.whatsappId, name: c.whatsappName ?? `#${c.whatsappId}` } : undefined })} onDelete={setDeleting} />
      )}
      <PhraseDialog open={editing !== null} mode={editing?.id ? 'edit' : 'create'} initial={editing?.initial ?? BLANK} flows={flows} connections={connections} onClose={() => setEditing(null)} onSave={save} />
      <ConfirmDelete
        open={deleting !== null}
        title={t('phraseLists.deleteTitle')}
        text={t('phraseLists.deleteText', { name: deleting?.name ?? '' })}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </section>
  )
}
