import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { chatFormProblems, type ChatFormValues } from './chats.ts'
import { useDialogForm } from '../../lib/use-dialog-form.ts'

interface ChatDialogProps {
  open: boolean
  mode: 'create' | 'edit'
  initial: ChatFormValues
  /** The company's users other than the caller, who is always in the chat; null while loading. */
  users: { id: number; name: string }[] | null
  onClose: () => void
  /** Resolves when saved (the dialog then closes), rejects to stay open. */
  onSave: (values: ChatFormValues) => Promise<void>
}

/** New or edit chat (spec part 2 §5): a title and at least one other user. */
export function ChatDialog({ open, mode, initial, users, onClose, onSave }: ChatDialogProps) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: chatFormProblems, onSave, onClose })
  const toggle = (id: number) =>
    setValues((prev) => ({ ...prev, users: prev.users.includes(id) ? prev.users.filter((u) => u !== id) : [...prev.users, id] }))

  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" form="chat-form" disabled={busy}>
        {t('common.save')}
      </Button>
    </>
  )

  return (
    <Modal open={open} onClose={onClose} title={t(mode === 'create' ? 'chats.dialog.addTitle' : 'chats.dialog.editTitle')} closeLabel={t('common.close')} footer={footer}>
      <form id="chat-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          id="chat-title"
          label={t('chats.dialog.title')}
          value={values.title}
          onChange={(title) => setValues((prev) => ({ ...prev, title }))}
          error={problems.title ? t(problems.title) : undefined}
          autoComplete="off"
        />
        <MemberPicker users={users} selected={values.users} onToggle={toggle} error={problems.users ? t(problems.users) : undefined} />
      </form>
    </Modal>
  )
}

interface MemberPickerProps {
  users: { id: number; name: string }[] | null
  selected: number[]
  onToggle: (id: number) => void
  error?: string
}

/** The members as a filterable list of checkboxes. */
function MemberPicker({ users, selected, onToggle, error }: MemberPickerProps) {
  const { t } = useTranslation()
  const [filter, setFilter] = useState('')
  const f = filter.trim().toLowerCase()
  const all = users ?? []
  const shown = f ? all.filter((u) => u.name.toLowerCase().includes(f)) : all

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'chat-users-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t('chats.dialog.users')}</legend>
      <input
        type="search"
        value={filter}
        placeholder={t('chats.dialog.filterUsers')}
        aria-label={t('chats.dialog.filterUsers')}
        onChange={(e) => setFilter(e.target.value)}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 dark:border-slate-600 dark:bg-slate-900"
      />
      <div className={`max-h-56 overflow-y-auto rounded-md border ${error ? 'border-red-500' : 'border-slate-200 dark:border-slate-700'}`}>
        {shown.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">{users === null ? t('common.loading') : t('chats.dialog.noUsers')}</p>
        ) : (
          shown.map((u) => (
            <label key={u.id} className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
              <input type="checkbox" className="size-4 accent-brand" checked={selected.includes(u.id)} onChange={() => onToggle(u.id)} />
              <span className="truncate">{u.name}</span>
            </label>
          ))
        )}
      </div>
      {error && (
        <p id="chat-users-error" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  )
}
