// Weekly hours, shared by the connection editor, the queue editor and the company settings.
export { WeeklyHoursFields, type WeeklyHoursFieldsProps } from './weekly-hours-fields.tsx'
export { SHIFT_FIELDS, defaultSchedules, fullWeek, weeklyHoursProblems, type ScheduleEntry, type ShiftField } from './weekly-hours.ts'
