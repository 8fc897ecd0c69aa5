// The tickets report at /reports.
export { default as ReportsPage } from './reports-page.tsx'
