import { describe, expect, test } from 'bun:test'
import { addTask, deleteTask, editTask, loadTasks, saveTasks, TASKS_KEY, type Task } from './tasks.ts'

const memory = () => {
  const m = new Map<string, string>()
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) }
}
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute))

describe('to-do tasks (spec part 2 §3 Task)', () => {
  test('adds trimmed text with its times; blank or whitespace-only text is ignored', () => {
    let tasks: Task[] = []
    tasks = addTask(tasks, '  Ligar para a Rita  ', at(0))
    expect(addTask(tasks, '   ', at(1))).toBe(tasks)
    expect(tasks).toEqual([{ text: 'Ligar para a Rita', createdAt: at(0).toISOString(), updatedAt: at(0).toISOString() }])
  })

  test('an edit changes the text and the updated time, never to blank; delete removes one', () => {
    let tasks = addTask(addTask([], 'A', at(0)), 'B', at(1))
    tasks = editTask(tasks, 0, 'A revisada', at(5))
    expect(tasks[0]).toEqual({ text: 'A revisada', createdAt: at(0).toISOString(), updatedAt: at(5).toISOString() })
    expect(editTask(tasks, 0, ' ', at(6))).toBe(tasks)
    expect(deleteTask(tasks, 0).map((t) => t.text)).toEqual(['B'])
  })

  test('saved under "tasks"; an unreadable value loads as an empty list', () => {
    const store = memory()
    saveTasks(addTask([], 'Guardada', at(0)), store)
    expect(loadTasks(store).map((t) => t.text)).toEqual(['Guardada'])
    store.setItem(TASKS_KEY, '{not json')
    expect(loadTasks(store)).toEqual([])
    store.setItem(TASKS_KEY, JSON.stringify([{ text: 1 }, { text: 'ok', createdAt: 'x', updatedAt: 'y' }]))
    expect(loadTasks(store).map((t) => t.text)).toEqual(['ok'])
  })
})
