import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { USER_PERMISSIONS, userFormProblems, type UserFormValues, type UserPermission } from './user-form.ts'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'

interface UserDialogProps {
  open: boolean
  mode: 'create' | 'edit'
  initial: UserFormValues
  onClose: () => void
  /** Queues the save; resolves when queued (the dialog then closes), rejects to stay open. */
  onSave: (values: UserFormValues) => Promise<void>
}

const tabClass =
  'border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-500 outline-none data-[selected]:border-brand data-[selected]:text-brand data-[focus]:bg-slate-100 dark:text-slate-400 dark:data-[focus]:bg-slate-800'

/** The user dialog (spec part 1 §2 Dialogs, part 2 §2 Users page): tabs general and permissions. */
export function UserDialog({ open, mode, initial, onClose, onSave }: UserDialogProps) {
  const { t } = useTranslation()
  const [tab, setTab] = useState(0)
  const validate = (v: UserFormValues) => userFormProblems(v, mode)
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate, onSave, onClose, onInvalid: () => setTab(0) })

  useEffect(() => {
    if (open) setTab(0)
  }, [open])

  const set = (key: 'name' | 'email' | 'password' | 'profile') => (v: string) => setValues((prev) => ({ ...prev, [key]: v }))
  const setPermission = (key: UserPermission) => (on: boolean) => setValues((prev) => ({ ...prev, permissions: { ...prev.permissions, [key]: on } }))

  const err = (p?: string) => (p ? t(p) : undefined)
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" form="user-form" disabled={busy}>
        {mode === 'create' ? t('users.dialog.add') : t('common.save')}
      </Button>
    </>
  )

  return (
    <Modal open={open} onClose={onClose} title={mode === 'create' ? t('users.dialog.addTitle') : t('users.dialog.editTitle')} closeLabel={t('common.close')} footer={footer} size="lg">
      <form id="user-form" noValidate onSubmit={submit}>
        <TabGroup selectedIndex={tab} onChange={setTab}>
          <TabList className="mb-4 flex border-b border-slate-200 dark:border-slate-700">
            <Tab className={tabClass}>{t('users.dialog.general')}</Tab>
            <Tab className={tabClass}>{t('users.dialog.permissions')}</Tab>
          </TabList>
          <TabPanels>
            <TabPanel unmount={false} className="flex flex-col gap-4">
              <TextField id="user-name" label={t('users.fields.name')} value={values.name} onChange={set('name')} error={err(problems.name)} autoComplete="off" />
              <TextField id="user-email" label={t('users.fields.email')} type="email" value={values.email} onChange={set('email')} error={err(problems.email)} autoComplete="off" />
              <TextField
                id="user-password"
                label={t('users.fields.password')}
                type="password"
                value={values.password}
                onChange={set('password')}
                error={err(problems.password)}
                autoComplete="new-password"
                hint={mode === 'edit' ? t('profile.passwordHint') : undefined}
              />
              <SelectField
                id="user-profile"
                label={t('users.fields.profile')}
                value={values.profile}
                onChange={set('profile')}
                options={[
                  { value: 'admin', label: t('users.profiles.admin') },
                  { value: 'user', label: t('users.profiles.user') },
                ]}
              />
            </TabPanel>
            <TabPanel unmount={false} className="divide-y divide-slate-100 dark:divide-slate-800">
              {USER_PERMISSIONS.map((p) => (
                <SwitchField key={p} id={`user-${p}`} label={t(`users.permissions.${p}`)} checked={values.permissions[p]} onChange={setPermission(p)} />
              ))}
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </form>
    </Modal>
  )
}
