import { lazyPage } from '../../ui/lazy-page.tsx'

// Campaigns: /campaigns (list, dialog) and /campaign/{campaignId}/report, loaded when first opened.
export const CampaignsPage = lazyPage(() => import('./campaigns-page.tsx'))
export const CampaignReportPage = lazyPage(() => import('./campaign-report-page.tsx'))
