import { lazyPage } from '../../ui/lazy-page.tsx'

// Queue integrations (issue 22, first slice): /queue-integration, loaded when first opened. The choices other
// screens offer (useIntegrationOptions) live in features/integration-options, re-exported here: this page
// reaches the flows, and the flows the queues, so the queues cannot import this file without a circle.
export const IntegrationsPage = lazyPage(() => import('./integrations-page.tsx'))
export { useIntegrationOptions, type IntegrationChoice } from '../integration-options/index.ts'
