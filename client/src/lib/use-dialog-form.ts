import { useEffect, useState, type FormEvent } from 'react'
import { hasProblems } from './validation.ts'

/** Field → i18n key of its message (data/validation.ts rules, or a form's own keys). */
type Problems<K extends string> = Partial<Record<K, string>>

interface DialogFormOptions<V, K extends string> {
  open: boolean
  initial: V
  validate: (values: V) => Problems<K>
  /** Saves; resolving closes the dialog, rejecting keeps it open (the error handler already told why). */
  onSave: (values: V) => Promise<void>
  onClose: () => void
  /** Called when validation finds problems (e.g. to show the tab holding them). */
  onInvalid?: () => void
}

/** The state every edit dialog shares: values reset on open, validation, a busy flag while saving. */
export function useDialogForm<V, K extends string>({ open, initial, validate, onSave, onClose, onInvalid }: DialogFormOptions<V, K>) {
  const [values, setValues] = useState(initial)
  const [problems, setProblems] = useState<Problems<K>>({})
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    setValues(initial)
    setProblems({})
  }, [open, initial])

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validate(values)
    setProblems(found)
    if (hasProblems(found)) return onInvalid?.()
    setBusy(true)
    try {
      await onSave(values)
      onClose()
    } catch {
      // the error handler already showed why
    } finally {
      setBusy(false)
    }
  }

  return { values, setValues, problems, busy, submit }
}
