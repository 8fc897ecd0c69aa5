import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { saveOnline } from '../../lib/outbox-save.ts'
import { onRealtimeEvent } from '../../lib/realtime.ts'
import { pushToast } from '../../state/toasts.ts'
import { Button, IconButton } from '../../ui/button.tsx'
import { ConfirmDelete } from '../../ui/confirm-delete.tsx'
import { Icon } from '../../ui/icon.tsx'
import { ListStatus } from '../../ui/list-status.tsx'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import { PromptDialog } from './prompt-dialog.tsx'
import { applyPromptEvent, newPromptValues, promptCalls, promptRequestBody, promptValuesOf, type Prompt, type PromptFormValues } from './prompts.ts'

const BLANK = newPromptValues()

/**
 * /prompts (spec part 2 §2 "Prompts"; admins with the plan's useOpenAi): the table of name, queue, max tokens
 * and actions, the add/edit dialog, delete after confirming; other admins' changes arrive live. Online only.
 */
export default function PromptsPage() {
  const { t } = useTranslation()
  const [rows, setRows] = useState<Prompt[]>([])
  const [state, setState] = useState<{ loading: boolean; error: unknown }>({ loading: true, error: null })
  const [editing, setEditing] = useState<{ target: Prompt | null; initial: PromptFormValues } | null>(null)
  const [deleting, setDeleting] = useState<Prompt | null>(null)

  useEffect(() => {
    const ctl = new AbortController()
    promptCalls.list(ctl.signal).then(
      (res) => (setRows(res.prompts), setState({ loading: false, error: null })),
      (error: unknown) => !ctl.signal.aborted && setState({ loading: false, error }),
    )
    return () => ctl.abort()
  }, [])
  useEffect(() => onRealtimeEvent((event, data) => setRows((r) => applyPromptEvent(r, event, data))), [])

  const save = async (values: PromptFormValues) => {
    const target = editing?.target
    const body = promptRequestBody(values)
    const saved = await saveOnline(() => (target ? promptCalls.update(target.id, body) : promptCalls.create(body)))
    setRows((r) => applyPromptEvent(r, 'company-0-prompt', { action: 'update', prompt: saved }))
    pushToast('success', t('prompts.saved'))
  }

  const remove = async () => {
    const target = deleting
    setDeleting(null)
    if (!target) return
    try {
      await promptCalls.remove(target.id)
      setRows((r) => r.filter((x) => x.id !== target.id))
      pushToast('success', t('prompts.deleted'))
    } catch (err) {
      toastError(err)
    }
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">{t('prompts.title')}</h1>
        <Button className="shrink-0" onClick={() => setEditing({ target: null, initial: BLANK })} data-testid="prompts-add">
          <Icon name="add" className="size-5" />
          {t('prompts.add')}
        </Button>
      </div>
      {rows.length === 0 ? (
        <ListStatus empty loading={state.loading} error={state.error} emptyText={t('prompts.empty')} testId="prompts-empty" />
      ) : (
        <TableCard
          testId="prompts-table"
          head={
            <>
              <th className={thClass}>{t('prompts.columns.name')}</th>
              <th className={thClass}>{t('prompts.columns.queue')}</th>
              <th className={`${thClass} hidden sm:table-cell`}>{t('prompts.columns.maxTokens')}</th>
              <th className={`${thClass} w-24 text-right`}>{t('prompts.columns.actions')}</th>
            </>
          }
        >
          {rows.map((p) => (
            <tr key={p.id} data-testid="prompt-row" className={rowClass}>
              <td className={`${tdClass} font-medium [overflow-wrap:anywhere]`}>{p.name}</td>
              <td className={`${tdClass} [overflow-wrap:anywhere]`}>{p.queue?.name ?? '—'}</td>
              <td className={`${tdClass} hidden tabular-nums sm:table-cell`}>{p.maxTokens}</td>
              <td className={`${tdClass} whitespace-nowrap text-right`}>
                <span className="inline-flex gap-0.5 sm:gap-1">
                  <IconButton icon="edit" label={t('prompts.actions.edit', { name: p.name })} onClick={() => setEditing({ target: p, initial: promptValuesOf(p) })} />
                  <IconButton icon="delete" label={t('prompts.actions.delete', { name: p.name })} onClick={() => setDeleting(p)} />
                </span>
              </td>
            </tr>
          ))}
        </TableCard>
      )}
      <PromptDialog open={editing !== null} mode={editing?.target ? 'edit' : 'create'} initial={editing?.initial ?? BLANK} hasApiKey={editing?.target?.hasApiKey === true} queue={editing?.target?.queue ?? null} onClose={() => setEditing(null)} onSave={save} />
      <ConfirmDelete
        open={deleting !== null}
        title={t('prompts.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('prompts.deleteText')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </section>
  )
}
