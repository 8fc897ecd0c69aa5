import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Option } from './queues.ts'
import { fieldInputId, queueFormProblems, tabOfField, type QueueFormValues } from './queue-form.ts'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/modal.tsx'
import { QueueDataTab } from './queue-data-tab.tsx'
import { QueueHoursTab } from './queue-hours-tab.tsx'
import type { QueueTabProps, SetQueueValue } from './queue-tab-props.ts'

interface QueueEditorProps {
  open: boolean
  mode: 'create' | 'edit'
  initial: QueueFormValues
  /** The company's other queues, for the "queue" option type. */
  queues: Option[]
  /** The company's users, for the "attendent" option type. */
  users: Option[]
  /** company setting scheduleType is 'queue' (spec part 2 §2). */
  showHours: boolean
  /** The company has another queue, so this one needs a greeting (ERR_WAPP_GREETING_REQUIRED). */
  greetingRequired: boolean
  /** Saving needs the server (it answers with the validation errors). */
  online: boolean
  onClose: () => void
  /** Saves; rejects with the server's error to keep the dialog open and mark the fields it names. */
  onSave: (values: QueueFormValues) => Promise<void>
  /** The field problems of a refused save (ERR_VALIDATION fields, uniqueness conflicts). */
  serverProblems: (err: unknown) => Record<string, string>
}

const tabClass =
  'border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-500 outline-none data-[selected]:border-brand data-[selected]:text-brand data-[focus]:bg-slate-100 dark:text-slate-400 dark:data-[focus]:bg-slate-800'

/** The queue dialog (spec part 2 §2 Queues page): tabs queue data (with the option tree) and service hours. */
export function QueueEditor(props: QueueEditorProps) {
  const { open, mode, initial, showHours, online, onClose, onSave } = props
  const { t } = useTranslation()
  const [tab, setTab] = useState(0)
  const [fromServer, setFromServer] = useState<Record<string, string>>({})
  const tabs: ('data' | 'hours')[] = showHours ? ['data', 'hours'] : ['data']
  // A refused save shows the tab holding the first problem and puts the cursor in its field.
  const showProblemsOf = (found: Record<string, string>, values: QueueFormValues) => {
    const first = Object.keys(found)[0]
    if (!first) return
    setTab(Math.max(0, tabs.indexOf(tabOfField(first))))
    requestAnimationFrame(() => document.getElementById(fieldInputId(first, values))?.focus())
  }
  const save = async (v: QueueFormValues) => {
    try {
      await onSave(v)
    } catch (err) {
      const found = props.serverProblems(err)
      setFromServer(found)
      showProblemsOf(found, v)
      throw err
    }
  }
  const validate = (v: QueueFormValues) => queueFormProblems(v, props.greetingRequired)
  const form = useDialogForm({ open, initial, validate, onSave: save, onClose, onInvalid: (): void => showProblemsOf(validate(form.values), form.values) })
  const problems = { ...fromServer, ...form.problems } as Record<string, string>

  useEffect(() => {
    if (!open) return
    setTab(0)
    setFromServer({})
  }, [open])

  const set: SetQueueValue = (key, value) => {
    setFromServer({})
    form.setValues((prev) => ({ ...prev, [key]: value }))
  }
  const tabProps: QueueTabProps = { values: form.values, set, problems }
  const invalidTabs = new Set(Object.keys(problems).map(tabOfField))
  const footer = (
    <>
      {!online && <p role="note" className="mr-auto self-center text-sm text-amber-700 dark:text-amber-400">{t('queues.editor.offline')}</p>}
      <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="submit" form="queue-form" disabled={form.busy || !online}>{mode === 'create' ? t('queues.editor.add') : t('common.save')}</Button>
    </>
  )

  return (
    <Modal open={open} onClose={onClose} title={mode === 'create' ? t('queues.editor.addTitle') : t('queues.editor.editTitle')} closeLabel={t('common.close')} footer={footer} size="xl">
      <form id="queue-form" noValidate onSubmit={form.submit}>
        <TabGroup selectedIndex={tab} onChange={setTab}>
          <TabList className="mb-4 flex border-b border-slate-200 dark:border-slate-700">
            {tabs.map((name) => (
              <Tab key={name} className={`${tabClass} ${invalidTabs.has(name) ? 'text-red-600' : ''}`}>{t(`queues.editor.tabs.${name}`)}</Tab>
            ))}
          </TabList>
          <TabPanels>
            <TabPanel unmount={false}><QueueDataTab {...tabProps} queues={props.queues} users={props.users} /></TabPanel>
            {showHours && <TabPanel unmount={false}><QueueHoursTab {...tabProps} /></TabPanel>}
          </TabPanels>
        </TabGroup>
      </form>
    </Modal>
  )
}
