// Campaign settings: /campaigns-config, and the cshow flag kept on the company's campaign switch.
import { lazyPage } from '../../ui/lazy-page.tsx'

export const CampaignsConfigPage = lazyPage(() => import('./campaigns-config-page.tsx'))
export { useCampaignFlagMirror } from './campaign-flag-mirror.ts'
