import type { QueueFormValues } from './queue-form.ts'

// The editor hands these to each of its tabs; a file of their own, so the tabs need not import the editor.

/** Sets one field of the editor's values. */
export type SetQueueValue = <K extends keyof QueueFormValues>(key: K, value: QueueFormValues[K]) => void

export interface QueueTabProps {
  values: QueueFormValues
  set: SetQueueValue
  /** Field path → i18n key (or the server's own text). */
  problems: Record<string, string>
}
