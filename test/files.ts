/** A real 1x1 PNG, for upload tests. */
export const PNG_1PX: Uint8Array<ArrayBuffer> = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
)

export function formWith(field: string, bytes: Uint8Array<ArrayBuffer> | string, name: string, type: string, extra: Record<string, string> = {}) {
  const form = new FormData()
  form.append(field, new File([bytes], name, { type }))
  for (const [k, v] of Object.entries(extra)) form.append(k, v)
  return form
}
