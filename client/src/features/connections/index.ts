// Connections: /connections, /allConnections, the menu's warning badge and the queue choices others offer.
export { default as AllConnectionsPage } from './all-connections-page.tsx'
export { default as ConnectionsPage } from './connections-page.tsx'
export { useConnectionsWarning } from './connections.ts'
