import { atom } from 'jotai'
import { local } from './storage.ts'

/** The local browser flag that registers the campaign routes (spec part 2 §2); one of PREFERENCE_KEYS. */
export const CAMPAIGN_FLAG_KEY = 'cshow'

/** Whether this browser has the flag, read from storage (where it lives across reloads and logouts). */
export function hasCampaignFlag(): boolean {
  return local.get(CAMPAIGN_FLAG_KEY) !== null
}

const baseCampaignFlagAtom = atom(hasCampaignFlag())

/**
 * The cshow flag as the menu and the routes read it, so they follow it without a reload. Writing it stores
 * or removes the flag: it mirrors the company's campaignsEnabled switch on this browser (docs/decisions.md
 * "Campaign gates"); only a change touches storage.
 */
export const campaignFlagAtom = atom(
  (get) => get(baseCampaignFlagAtom),
  (get, set, on: boolean) => {
    if (get(baseCampaignFlagAtom) === on && hasCampaignFlag() === on) return
    if (on) local.set(CAMPAIGN_FLAG_KEY, 'true')
    else local.remove(CAMPAIGN_FLAG_KEY)
    set(baseCampaignFlagAtom, on)
  },
)
