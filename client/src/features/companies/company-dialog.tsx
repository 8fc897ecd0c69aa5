import { useTranslation } from 'react-i18next'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'
import { formatBRL } from '../../lib/format.ts'
import { companyFormProblems, RECURRENCES, type CompanyFormValues, type PlanOption, type Recurrence } from './companies.ts'

interface Props {
  open: boolean
  mode: 'create' | 'edit'
  initial: CompanyFormValues
  plans: PlanOption[]
  onClose: () => void
  onSave: (values: CompanyFormValues) => Promise<void>
}

/** The company form (spec part 2 §5 Company): a refused save keeps the dialog open with the server's reason on its field. */
export function CompanyDialog({ open, mode, initial, plans, onClose, onSave }: Props) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: (v) => companyFormProblems(v, mode), onSave, onClose })
  const err = (p?: string) => (p ? t(p) : undefined)
  const set = <K extends keyof CompanyFormValues>(k: K) => (v: CompanyFormValues[K]) => setValues((s) => ({ ...s, [k]: v }))
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="submit" form="company-form" disabled={busy}>{t('common.save')}</Button>
    </>
  )
  return (
    <Modal open={open} onClose={onClose} size="lg" title={mode === 'create' ? t('companies.addTitle') : t('companies.editTitle')} closeLabel={t('common.close')} footer={footer}>
      <form id="company-form" noValidate onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField id="company-name" label={t('companies.fields.name')} value={values.name} onChange={set('name')} error={err(problems.name)} autoComplete="organization" />
        <TextField id="company-email" type="email" label={t('companies.fields.email')} value={values.email} onChange={set('email')} error={err(problems.email)} autoComplete="off" />
        <TextField id="company-password" type="password" label={t(mode === 'create' ? 'companies.fields.password' : 'companies.fields.newPassword')} value={values.password} onChange={set('password')} error={err(problems.password)} autoComplete="new-password" />
        <TextField id="company-phone" label={t('companies.fields.phone')} value={values.phone} onChange={set('phone')} error={err(problems.phone)} autoComplete="off" />
        <SelectField
          id="company-plan"
          label={t('companies.fields.plan')}
          value={values.planId ? String(values.planId) : ''}
          placeholder={t('companies.choosePlan')}
          options={plans.map((p) => ({ value: String(p.id), label: `${p.name} · ${formatBRL(p.amount)}` }))}
          onChange={(v) => set('planId')(v ? Number(v) : null)}
          error={err(problems.planId)}
        />
        <TextField id="company-due" type="date" label={t('companies.fields.dueDate')} value={values.dueDate} onChange={set('dueDate')} error={err(problems.dueDate)} />
        <SelectField
          id="company-recurrence"
          label={t('companies.fields.recurrence')}
          value={values.recurrence}
          options={RECURRENCES.map((r) => ({ value: r, label: t(`companies.recurrence.${r}`) }))}
          onChange={(v) => set('recurrence')(v as Recurrence)}
        />
        <div className="self-end">
          <SwitchField id="company-status" label={t('companies.fields.status')} checked={values.status} onChange={set('status')} />
        </div>
      </form>
    </Modal>
  )
}
