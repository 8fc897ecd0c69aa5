import { useMemo } from 'react'
import { useQueueOptions } from '../queues/index.ts'
import { useUserOptions } from '../queues/index.ts'
import { useTagChoices } from '../tags/index.ts'
import { useConnectionOptions } from '../users/index.ts'
import { useServerQuery } from '../../lib/server-query.ts'
import { fetchCampaignVariables, fetchContactListOptions, type NamedRef } from './campaigns.ts'

export interface CampaignOptions {
  connections: NamedRef[]
  contactLists: NamedRef[]
  tags: NamedRef[]
  queues: NamedRef[]
  users: NamedRef[]
  /** The company's custom variables ({key}) the message helper names. */
  variables: string[]
}

/**
 * What the campaign dialog offers: connections, queues, users and tags from the local database (as every
 * other dialog reads them), the contact lists and the custom variables from the API, read on each opening.
 * A failed read leaves its choices empty (the save then says what is missing).
 */
export function useCampaignOptions(open: boolean, opening: number): CampaignOptions {
  const connections = useConnectionOptions()
  const queues = useQueueOptions()
  const userOptions = useUserOptions()
  const tags = useTagChoices()
  const lists = useServerQuery(open ? `contact-lists/${opening}` : null, (signal) => fetchContactListOptions(signal))
  const variables = useServerQuery(open ? `campaign-variables/${opening}` : null, (signal) => fetchCampaignVariables(signal))
  const users = useMemo(() => userOptions.map((u) => ({ id: Number(u.value), name: u.label })), [userOptions])
  return {
    connections,
    contactLists: lists.data ?? [],
    tags,
    queues,
    users,
    variables: variables.data ?? [],
  }
}
