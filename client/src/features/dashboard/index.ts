import { lazyPage } from '../../ui/lazy-page.tsx'

/** The dashboard at '/', its charts (vite.config.ts 'charts' chunk) loaded with the page. */
export const DashboardPage = lazyPage(() => import('./dashboard-page.tsx'))
