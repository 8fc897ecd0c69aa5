import { useTranslation } from 'react-i18next'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'
import { phraseFormProblems, type PhraseFormValues } from './phrase-form.ts'
import type { ConnectionChoice } from './phrase-lists.ts'
import { ConnectionPicker, FlowPicker } from './phrase-pickers.tsx'

interface Props {
  open: boolean
  mode: 'create' | 'edit'
  initial: PhraseFormValues
  flows: { id: number; name: string }[]
  connections: ConnectionChoice[]
  onClose: () => void
  onSave: (values: PhraseFormValues) => Promise<void>
}

/** 'Nova campanha com fluxo por frase' / 'Editar campanha com fluxo por frase' (spec part 2 §2). */
export function PhraseDialog({ open, mode, initial, flows, connections, onClose, onSave }: Props) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: phraseFormProblems, onSave, onClose })
  const set = <K extends keyof PhraseFormValues>(k: K, v: PhraseFormValues[K]) => setValues((prev) => ({ ...prev, [k]: v }))
  const err = (k: keyof typeof problems) => (problems[k] ? t(problems[k] as string) : undefined)
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>{t('phraseLists.dialog.cancel')}</Button>
      <Button type="submit" form="phrase-form" disabled={busy} data-testid="phrase-save">{t(mode === 'create' ? 'phraseLists.dialog.create' : 'phraseLists.dialog.save')}</Button>
    </>
  )
  return (
    <Modal open={open} onClose={onClose} title={t(mode === 'create' ? 'phraseLists.dialog.addTitle' : 'phraseLists.dialog.editTitle')} closeLabel={t('common.close')} footer={footer} size="lg">
      <form id="phrase-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField id="phrase-name" label={t('phraseLists.fields.name')} value={values.name} onChange={(v) => set('name', v)} error={err('name')} autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <FlowPicker flows={flows} value={values.flowId} onChange={(v) => set('flowId', v)} error={err('flowId')} />
          <ConnectionPicker connections={connections} value={values.whatsappId} onChange={(v) => set('whatsappId', v)} error={err('whatsappId')} />
        </div>
        <TextField id="phrase-phrase" label={t('phraseLists.fields.phrase')} value={values.phrase} onChange={(v) => set('phrase', v)} error={err('phrase')} hint={t('phraseLists.fields.phraseHint')} autoComplete="off" />
        <SwitchField id="phrase-status" label={t('phraseLists.fields.status')} checked={values.status} onChange={(v) => set('status', v)} />
      </form>
    </Modal>
  )
}
