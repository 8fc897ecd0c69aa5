// Messages API help: /messages-api, the integrators' call explained and tried with a connection token.
export { default as MessagesApiPage } from './messages-api-page.tsx'
