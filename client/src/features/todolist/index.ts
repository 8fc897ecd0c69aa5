// To-do list: /todolist, tasks kept in this browser only.
export { default as TodoListPage } from './todolist-page.tsx'
