import { lazyPage } from '../../ui/lazy-page.tsx'

// Scheduled messages: /schedules (its calendar, vite.config.ts 'calendar' chunk, loaded with the page) and
// the schedule dialog the ticket chat opens.
export { ScheduleModal } from './schedule-modal.tsx'
export const SchedulesPage = lazyPage(() => import('./schedules-page.tsx'))
