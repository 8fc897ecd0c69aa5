import { AppError } from '../../../server/domain/app-error.ts'
import { PermanentSendError } from '../types.ts'
import { GraphApiError, graphCall, type GraphEndpoint } from './graph-client.ts'

/** A Page the user manages, with its Page token and linked Instagram professional account. */
export interface FacebookPage {
  id: string
  name: string
  accessToken: string
  instagram?: { id: string; name?: string; username?: string }
}

interface AccountsAnswer {
  data?: {
    id: string
    name?: string
    access_token?: string
    instagram_business_account?: { id: string; name?: string; username?: string }
  }[]
  paging?: { next?: string }
}

/**
 * The Graph side of linking pages (channels.md §4.1): GET /me/accounts with the user's token, and the
 * app's subscription to each page so its webhooks flow. A refused token is ERR_CHANNEL_TOKEN_INVALID.
 */
export function facebookPagesClient(endpoint: GraphEndpoint, fetchFn: typeof fetch = fetch) {
  return {
    async listPages(userToken: string): Promise<FacebookPage[]> {
      const answer = await asAppError(
        graphCall<AccountsAnswer>(
          endpoint,
          {
            path: '/me/accounts',
            query: { fields: 'id,name,access_token,instagram_business_account{id,name,username}', limit: '100' },
            token: userToken,
            tokenInQuery: true,
          },
          fetchFn,
        ),
      )
      return (answer.data ?? []).flatMap((p) =>
        p.access_token
          ? [{ id: p.id, name: p.name || p.id, accessToken: p.access_token, ...(p.instagram_business_account ? { instagram: p.instagram_business_account } : {}) }]
          : [],
      )
    },

    async subscribePage(pageId: string, pageToken: string): Promise<void> {
      await asAppError(
        graphCall(
          endpoint,
          {
            method: 'POST',
            path: `/${encodeURIComponent(pageId)}/subscribed_apps`,
            query: { subscribed_fields: 'messages,messaging_postbacks,message_deliveries,message_reads,message_echoes,message_reactions' },
            token: pageToken,
            tokenInQuery: true,
          },
          fetchFn,
        ),
      )
    },
  }
}

export type FacebookPagesClient = ReturnType<typeof facebookPagesClient>

async function asAppError<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise
  } catch (err) {
    if (err instanceof PermanentSendError) throw new AppError('ERR_CHANNEL_TOKEN_INVALID', err.message)
    // Down, 5xx or rate-limited (issue 16 item 4): a 503 of ours that says so, not a 500.
    if (err instanceof GraphApiError) throw new AppError('ERR_PROVIDER_UNAVAILABLE', `Meta did not answer: ${err.message}`, { providerStatus: err.status }, { 'Retry-After': '30' })
    throw err
  }
}
