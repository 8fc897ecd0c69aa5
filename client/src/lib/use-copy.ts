import { useEffect, useState } from 'react'

/**
 * Copies a text to the clipboard; `copied` is true for `resetMs` after a copy that worked. Without
 * clipboard permission (an insecure origin) nothing claims success and the text stays selectable.
 */
export function useCopy(resetMs = 2_000): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), resetMs)
    return () => clearTimeout(timer)
  }, [copied, resetMs])
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return { copied, copy }
}
