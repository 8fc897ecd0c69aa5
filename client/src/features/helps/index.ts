// Help videos: /helps and the list the menu counts to show its entry.
export { useHelpList } from './helps.ts'
export { default as HelpsPage } from './helps-page.tsx'
