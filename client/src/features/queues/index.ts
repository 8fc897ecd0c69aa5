// Queues and their chatbot options: /queues, and the user choices the ticket chat's wallet offers.
export { useUserOptions } from './queues.ts'
export { default as QueuesPage } from './queues-page.tsx'
export { useQueueOptions, type QueueOption } from './queue-options.ts'
