import { useEffect, useState } from 'react'
import { apiBlob } from './api.ts'

export function mediaPath(companyId: number, fileName: string): string {
  return `/media/${companyId}/${encodeURIComponent(fileName)}`
}

/**
 * A stored file of the company (avatar, announcement image) as a blob: URL. Media need the bearer token,
 * so an <img src> cannot fetch them itself. The URL is revoked when the file changes or the caller unmounts.
 */
export function useMediaUrl(companyId: number | null | undefined, fileName: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    setUrl(null)
    if (!companyId || !fileName) return
    let live = true
    let created: string | null = null
    apiBlob(mediaPath(companyId, fileName))
      .then((blob) => {
        if (!live) return
        created = URL.createObjectURL(blob)
        setUrl(created)
      })
      .catch((err) => console.warn('media unavailable', fileName, err))
    return () => {
      live = false
      if (created) URL.revokeObjectURL(created)
    }
  }, [companyId, fileName])
  return url
}
