import { useTranslation } from 'react-i18next'
import { formatBRL } from '../../lib/format.ts'
import { useOnlineList } from '../../lib/use-online-list.ts'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button, IconButton } from '../../ui/button.tsx'
import { ConfirmDelete } from '../../ui/confirm-delete.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Icon } from '../../ui/icon.tsx'
import { Modal } from '../../ui/modal.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import {
  createPlan, deletePlan, fetchPlans, newPlanValues, PLAN_FLAGS, planFormProblems, planValuesOf, updatePlan,
  type PlanFormValues, type PlanView,
} from './plans-admin.ts'

function PlanDialog({ open, mode, initial, onClose, onSave }: { open: boolean; mode: 'create' | 'edit'; initial: PlanFormValues; onClose: () => void; onSave: (v: PlanFormValues) => Promise<void> }) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: planFormProblems, onSave, onClose })
  const err = (p?: string) => (p ? t(p) : undefined)
  const set = (k: keyof PlanFormValues) => (v: string | boolean) => setValues((s) => ({ ...s, [k]: v }))
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="submit" form="plan-form" disabled={busy}>{t('common.save')}</Button>
    </>
  )
  return (
    <Modal open={open} onClose={onClose} size="lg" title={t(mode === 'create' ? 'settings.plans.addTitle' : 'settings.plans.editTitle')} closeLabel={t('common.close')} footer={footer}>
      <form id="plan-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="col-span-2 sm:col-span-3">
            <TextField id="plan-name" label={t('settings.plans.fields.name')} value={values.name} onChange={set('name')} error={err(problems.name)} autoComplete="off" />
          </div>
          <TextField id="plan-users" type="number" label={t('settings.plans.fields.users')} value={values.users} onChange={set('users')} error={err(problems.users)} />
          <TextField id="plan-connections" type="number" label={t('settings.plans.fields.connections')} value={values.connections} onChange={set('connections')} error={err(problems.connections)} />
          <TextField id="plan-queues" type="number" label={t('settings.plans.fields.queues')} value={values.queues} onChange={set('queues')} error={err(problems.queues)} />
          <TextField id="plan-amount" label={t('settings.plans.fields.amount')} value={values.amount} onChange={set('amount')} error={err(problems.amount)} />
          <div className="col-span-2 self-end">
            <SwitchField id="plan-public" label={t('settings.plans.fields.isPublic')} checked={values.isPublic} onChange={set('isPublic')} />
          </div>
        </div>
        <fieldset className="grid grid-cols-1 gap-x-6 border-t border-slate-200 pt-2 sm:grid-cols-2 dark:border-slate-700">
          <legend className="sr-only">{t('settings.plans.features')}</legend>
          {PLAN_FLAGS.map((f) => (
            <SwitchField key={f} id={`plan-${f}`} label={t(`settings.plans.flags.${f}`)} checked={values[f]} onChange={set(f)} />
          ))}
        </fieldset>
      </form>
    </Modal>
  )
}

/** The super user's plans tab (spec part 2 §2 settings tabs, §3 Plan). */
export function SettingsPlans() {
  const { t } = useTranslation()
  const list = useOnlineList<PlanView, PlanFormValues>({
    key: 'plans', load: fetchPlans, create: createPlan, update: updatePlan, remove: deletePlan,
    savedText: t('settings.plans.saved'), deletedText: t('settings.plans.deleted'),
  })
  return (
    <div className="flex flex-col gap-3" data-testid="settings-plans">
      <div className="flex justify-end">
        <Button onClick={() => list.startCreate(newPlanValues())}>
          <Icon name="add" className="size-5" />
          {t('settings.plans.add')}
        </Button>
      </div>
      {list.error || (list.loading && !list.data) ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{list.error ? t('common.listFailed') : t('common.loading')}</p>
      ) : (
        <TableCard
          testId="plans-table"
          head={
            <>
              <th className={thClass}>{t('settings.plans.fields.name')}</th>
              <th className={`${thClass} hidden sm:table-cell`}>{t('settings.plans.fields.users')}</th>
              <th className={`${thClass} hidden sm:table-cell`}>{t('settings.plans.fields.connections')}</th>
              <th className={`${thClass} hidden md:table-cell`}>{t('settings.plans.fields.queues')}</th>
              <th className={thClass}>{t('settings.plans.fields.amount')}</th>
              <th className={`${thClass} hidden md:table-cell`}>{t('settings.plans.public')}</th>
              <th className={`${thClass} text-right`}>{t('settings.plans.actions')}</th>
            </>
          }
        >
          {list.rows.map((p) => (
            <tr key={p.id} className={rowClass} data-testid="plan-row">
              <td className={`${tdClass} break-words`}>
                {p.name}
                <span className="block text-xs text-slate-500 sm:hidden dark:text-slate-400">{t('settings.plans.counts', { users: p.users, connections: p.connections })}</span>
              </td>
              <td className={`${tdClass} hidden tabular-nums sm:table-cell`}>{p.users}</td>
              <td className={`${tdClass} hidden tabular-nums sm:table-cell`}>{p.connections}</td>
              <td className={`${tdClass} hidden tabular-nums md:table-cell`}>{p.queues}</td>
              <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{formatBRL(p.amount)}</td>
              <td className={`${tdClass} hidden md:table-cell`}>{p.isPublic ? t('common.yes') : t('common.no')}</td>
              <td className={`${tdClass} text-right`}>
                <span className="inline-flex gap-1">
                  <IconButton icon="edit" label={t('common.edit')} onClick={() => list.startEdit(p.id, planValuesOf(p))} />
                  <IconButton icon="delete" label={t('common.delete')} onClick={() => list.askDelete(p)} />
                </span>
              </td>
            </tr>
          ))}
        </TableCard>
      )}
      <PlanDialog open={list.editing !== null} mode={list.editing?.id ? 'edit' : 'create'} initial={list.editing?.initial ?? BLANK} onClose={list.closeEditor} onSave={list.save} />
      <ConfirmDelete open={list.deleting !== null} title={t('settings.plans.deleteTitle')} text={t('settings.plans.deleteText', { name: list.deleting?.name ?? '' })} onCancel={list.cancelDelete} onConfirm={list.confirmDelete} />
    </div>
  )
}

const BLANK = newPlanValues()
