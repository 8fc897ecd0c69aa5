// Tickets: /tickets and /tickets/{uuid}, and the top bar's bell with its notifications.
export { NotificationsPopover } from './notifications-popover.tsx'
export { TicketLogDialog } from './ticket-log-dialog.tsx'
export { default as TicketsPage } from './tickets-page.tsx'
export { useTicketNotifications } from './use-ticket-notifications.ts'
