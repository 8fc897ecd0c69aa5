import { local } from './storage.ts'

/** The local browser flag that registers the campaign routes (spec part 2 §2). */
export function hasCampaignFlag(): boolean {
  return local.get('cshow') !== null
}
