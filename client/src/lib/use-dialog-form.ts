import { useEffect, useState, type FormEvent } from 'react'
import { SaveRefused } from './outbox-save.ts'
import { hasProblems } from './validation.ts'

/** Field → i18n key of its message (data/validation.ts rules, or a form's own keys). */
type Problems<K extends string> = Partial<Record<K, string>>

interface DialogFormOptions<V, K extends string> {
  open: boolean
  initial: V
  validate: (values: V) => Problems<K>
  /** Saves; resolving closes the dialog, rejecting keeps it open (the error handler already told why, or a SaveRefused names the fields). */
  onSave: (values: V) => Promise<void>
  onClose: () => void
  /** Called when validation finds problems (e.g. to show the tab holding them). */
  onInvalid?: () => void
}

/** The state every edit dialog shares: values reset on open, validation, a busy flag while saving. */
export function useDialogForm<V, K extends string>({ open, initial, validate, onSave, onClose, onInvalid }: DialogFormOptions<V, K>) {
  const [values, setValues] = useState(initial)
  const [problems, setProblems] = useState<Problems<K>>({})
  // The server's reasons, with the values they were about: each one shows until its field is edited.
  const [refused, setRefused] = useState<{ fields: Problems<K>; values: V } | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    setValues(initial)
    setProblems({})
    setRefused(null)
  }, [open, initial])

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validate(values)
    setProblems(found)
    setRefused(null)
    if (hasProblems(found)) return onInvalid?.()
    setBusy(true)
    try {
      await onSave(values)
      onClose()
    } catch (err) {
      // The error handler already showed why; a refusal naming fields shows under them instead.
      if (err instanceof SaveRefused && err.handled) {
        setRefused({ fields: err.fields as Problems<K>, values })
        onInvalid?.()
      }
    } finally {
      setBusy(false)
    }
  }

  const shown = refused ? { ...stillRefused(refused, values), ...problems } : problems
  return { values, setValues, problems: shown, busy, submit }
}

/** The server's field reasons whose field still holds the value that was refused. */
function stillRefused<V, K extends string>(refused: { fields: Problems<K>; values: V }, values: V): Problems<K> {
  const out: Problems<K> = {}
  for (const [field, text] of Object.entries(refused.fields) as [K, string][]) {
    const key = field as unknown as keyof V
    if (!(key in (values as object)) || values[key] === refused.values[key]) out[field] = text
  }
  return out
}
