import { lazyPage } from '../../ui/lazy-page.tsx'

// Keyword auto-replies (issue 22): /auto-replies, loaded when first opened.
export const AutoRepliesPage = lazyPage(() => import('./auto-replies-page.tsx'))
