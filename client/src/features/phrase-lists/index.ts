import { lazyPage } from '../../ui/lazy-page.tsx'

// Phrase campaigns (issue 21): /phrase-lists, the phrases that start a flow.
export const PhraseListsPage = lazyPage(() => import('./phrase-lists-page.tsx'))
