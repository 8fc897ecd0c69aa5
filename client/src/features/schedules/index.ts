// Scheduled messages: /schedules (its calendar loaded on demand) and the schedule dialog the ticket chat opens.
export { ScheduleModal } from './schedule-modal.tsx'
export { default as SchedulesPage } from './schedules-route.tsx'
