import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, IconButton } from '../../ui/button.tsx'
import { shortDateTime } from '../../lib/format.ts'
import { addTask, deleteTask, editTask, loadTasks, saveTasks, type Task } from './tasks.ts'

/**
 * /todolist (spec part 2 §2): the user's own tasks in this browser. Add; edit puts the text back in the
 * box and the button reads Salvar; delete. Each task shows its text and when it last changed.
 */
export default function TodoListPage() {
  const { t, i18n } = useTranslation()
  const [tasks, setTasks] = useState<Task[]>(() => loadTasks())
  const [text, setText] = useState('')
  const [editing, setEditing] = useState<number | null>(null)

  useEffect(() => saveTasks(tasks), [tasks])

  const submit = () => {
    setTasks((list) => (editing === null ? addTask(list, text, new Date()) : editTask(list, editing, text, new Date())))
    if (text.trim()) {
      setText('')
      setEditing(null)
    }
  }

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('todolist.title')}</h1>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <input
          data-testid="task-text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('todolist.placeholder')}
          aria-label={t('todolist.placeholder')}
          maxLength={500}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
        <Button type="submit" data-testid="task-submit">
          {editing === null ? t('todolist.add') : t('common.save')}
        </Button>
      </form>
      {tasks.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('todolist.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
          {tasks.map((task, i) => (
            <li key={`${task.createdAt}-${i}`} data-testid="task" className="flex items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="break-words">{task.text}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{shortDateTime(new Date(task.updatedAt), i18n.language)}</p>
              </div>
              <IconButton
                data-testid="task-edit"
                icon="edit"
                label={t('common.edit')}
                onClick={() => {
                  setEditing(i)
                  setText(task.text)
                }}
              />
              <IconButton
                data-testid="task-delete"
                icon="delete"
                label={t('common.delete')}
                onClick={() => {
                  setTasks((list) => deleteTask(list, i))
                  if (editing === i) {
                    setEditing(null)
                    setText('')
                  }
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
