// Announcements: the top bar's popover, the dialog of one announcement and their live list, and the
// super user's /announcements page (add, edit, delete, attachment).
export { AnnouncementDialog } from './announcement-dialog.tsx'
export { AnnouncementsPopover } from './announcements-popover.tsx'
export { priorityColor, useAnnouncements } from './announcements.ts'
export { default as AnnouncementsPage } from './announcements-page.tsx'
