// Tickets: /tickets and /tickets/{uuid}, and the top bar's bell with its notifications.
export { NotificationsPopover } from './notifications-popover.tsx'
export { default as TicketsPage } from './tickets-page.tsx'
export { useTicketNotifications } from './use-ticket-notifications.ts'
