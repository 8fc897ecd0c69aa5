import { getDefaultStore } from 'jotai'

/** The one jotai store: React reads it through the hooks, the data layer (api, realtime) writes it directly. */
export const store = getDefaultStore()
