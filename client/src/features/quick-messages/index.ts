// Quick messages: /quick-messages and the answers the chat's '/' menu offers.
export { useQuickAnswers } from './quick-messages.ts'
export { default as QuickMessagesPage } from './quick-messages-page.tsx'
