import { lazyPage } from '../../ui/lazy-page.tsx'

// File lists (issue 22): /files, loaded when first opened. The choices the queue editor offers live in
// features/file-list-options.
export const FileListsPage = lazyPage(() => import('./file-lists-page.tsx'))
