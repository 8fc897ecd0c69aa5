// The top bar's announcements: the popover, the dialog of one announcement and their live list.
export { AnnouncementDialog } from './announcement-dialog.tsx'
export { AnnouncementsPopover } from './announcements-popover.tsx'
export { priorityColor, useAnnouncements } from './announcements.ts'
