import { lazyPage } from '../../ui/lazy-page.tsx'

// AI prompts (issue 22): /prompts, loaded when first opened.
export const PromptsPage = lazyPage(() => import('./prompts-page.tsx'))
