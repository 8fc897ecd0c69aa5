/**
 * The personal to-do list (spec part 2 §2 /todolist, §3 Task): kept in this browser only, under the
 * `tasks` key of localStorage, as the spec names it. Pure functions over the list; the page saves it.
 */
export interface Task {
  text: string
  createdAt: string
  updatedAt: string
}

export const TASKS_KEY = 'tasks'

type Store = Pick<Storage, 'getItem' | 'setItem'>

/** The saved list; anything unreadable (another app's value, a hand edit) is an empty list, not a crash. */
export function loadTasks(store: Store | undefined = globalThis.localStorage): Task[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(TASKS_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed.filter(
      (t): t is Task => !!t && typeof t.text === 'string' && typeof t.createdAt === 'string' && typeof t.updatedAt === 'string',
    )
  } catch {
    return []
  }
}

export function saveTasks(tasks: Task[], store: Store | undefined = globalThis.localStorage): void {
  store?.setItem(TASKS_KEY, JSON.stringify(tasks))
}

/** Spec part 2 §5: empty or whitespace-only text is ignored (the list comes back unchanged). */
export function addTask(tasks: Task[], text: string, now: Date): Task[] {
  const clean = text.trim()
  if (!clean) return tasks
  const at = now.toISOString()
  return [...tasks, { text: clean, createdAt: at, updatedAt: at }]
}

export function editTask(tasks: Task[], index: number, text: string, now: Date): Task[] {
  const clean = text.trim()
  if (!clean || !tasks[index]) return tasks
  return tasks.map((t, i) => (i === index ? { ...t, text: clean, updatedAt: now.toISOString() } : t))
}

export function deleteTask(tasks: Task[], index: number): Task[] {
  return tasks.filter((_, i) => i !== index)
}
