// Internal chat: the /chats page and the top bar's chat button with its unread badge.
export { ChatsButton } from './chats-button.tsx'
export { default as ChatsPage } from './chats-page.tsx'
