import { useMediaUrl } from '../../lib/media.ts'
import { parseMediaUrl } from './message-content.ts'

/**
 * A message's stored file (`media/{companyId}/{fileName}`) as a blob: URL fetched with the bearer token,
 * the way avatars and announcement images are (useMediaUrl): media are served only to the company's users.
 */
export function useMessageMediaUrl(mediaUrl: string | null | undefined): string | null {
  const ref = parseMediaUrl(mediaUrl)
  return useMediaUrl(ref?.companyId, ref?.fileName)
}
