import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { USER_PERMISSIONS, userFormProblems, type UserFormValues, type UserPermission } from './user-form.ts'
import { useConnectionOptions } from './users.ts'
import { useQueueOptions } from '../queues/index.ts'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { SelectField, TextArea, TextField, TimeField } from '../../ui/form-field.tsx'
import { FileInput } from '../../ui/file-input.tsx'
import { Modal } from '../../ui/modal.tsx'
import { QueueChecklist } from '../../ui/queue-checklist.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'

interface UserDialogProps {
  open: boolean
  mode: 'create' | 'edit'
  initial: UserFormValues
  onClose: () => void
  /** Saves; resolves once the server took it (or it is queued offline) and the dialog closes, rejects to stay open. */
  onSave: (values: UserFormValues) => Promise<void>
}

const tabClass =
  'border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-500 outline-none data-[selected]:border-brand data-[selected]:text-brand data-[focus]:bg-slate-100 dark:text-slate-400 dark:data-[focus]:bg-slate-800'

type TextKey = 'name' | 'email' | 'password' | 'profile' | 'startWork' | 'endWork' | 'farewellMessage'

/**
 * The user dialog (spec part 1 §2 Dialogs, part 2 §2 Users page): tab general (identity, queues,
 * default connection, working hours in 10-minute steps, farewell message, avatar) and tab permissions.
 */
export function UserDialog({ open, mode, initial, onClose, onSave }: UserDialogProps) {
  const { t } = useTranslation()
  const [tab, setTab] = useState(0)
  const queues = useQueueOptions()
  const connections = useConnectionOptions()
  const validate = (v: UserFormValues) => userFormProblems(v, mode)
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate, onSave, onClose, onInvalid: () => setTab(0) })

  useEffect(() => {
    if (open) setTab(0)
  }, [open])

  const set = (key: TextKey) => (v: string) => setValues((prev) => ({ ...prev, [key]: v }))
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
              <div className="grid gap-4 sm:grid-cols-2">
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
              </div>
              <QueueChecklist
                label={t('users.fields.queues')}
                emptyText={t('users.fields.noQueues')}
                queues={queues}
                selected={values.queueIds}
                onChange={(queueIds) => setValues((prev) => ({ ...prev, queueIds }))}
                error={err(problems.queueIds)}
              />
              <SelectField
                id="user-whatsapp"
                label={t('users.fields.whatsapp')}
                value={values.whatsappId === null ? '' : String(values.whatsappId)}
                onChange={(v) => setValues((prev) => ({ ...prev, whatsappId: v ? Number(v) : null }))}
                options={[{ value: '', label: t('users.fields.noWhatsapp') }, ...connections.map((c) => ({ value: String(c.id), label: c.name }))]}
                error={err(problems.whatsappId)}
              />
              <div className="grid grid-cols-2 gap-4">
                <TimeField id="user-startWork" label={t('users.fields.startWork')} value={values.startWork} onChange={set('startWork')} error={err(problems.startWork)} />
                <TimeField id="user-endWork" label={t('users.fields.endWork')} value={values.endWork} onChange={set('endWork')} error={err(problems.endWork)} />
              </div>
              <TextArea id="user-farewell" label={t('users.fields.farewellMessage')} value={values.farewellMessage} onChange={set('farewellMessage')} error={err(problems.farewellMessage)} />
              {mode === 'edit' && (
                <FileInput id="user-avatar" label={t('users.fields.avatar')} accept="image/*" file={values.avatar} onChange={(avatar) => setValues((prev) => ({ ...prev, avatar }))} />
              )}
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
