import { lazyPage } from '../../ui/lazy-page.tsx'

// Contact lists (issue 20): /contact-lists and /contact-lists/{contactListId}/contacts, the people a
// campaign goes to. Loaded when first opened: most browsers never have the cshow flag.
export const ContactListsPage = lazyPage(() => import('./contact-lists-page.tsx'))
export const ContactListItemsPage = lazyPage(() => import('./contact-list-items-page.tsx'))
