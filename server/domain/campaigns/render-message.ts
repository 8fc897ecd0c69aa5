/** The recipient's fields a campaign message may name (spec part 2 §5: name, number and email). */
export interface Recipient {
  nome: string
  numero: string
  email: string
}

/** One of the non-empty variants, at random (spec part 2 §9: up to 5), or '' when all are empty. */
export function pickVariant(variants: string[], random: () => number = Math.random): string {
  const filled = variants.filter((v) => v.trim())
  if (!filled.length) return ''
  return filled[Math.min(filled.length - 1, Math.floor(random() * filled.length))]
}

/**
 * {nome}, {numero}, {email} and the company's custom variables ({key}) filled in; the recipient's fields
 * win over a custom variable of the same name. An unknown placeholder stays as written, so a typo shows.
 */
export function renderCampaignText(text: string, recipient: Recipient, variables: { key: string; value: string }[] = []): string {
  const values: Record<string, string> = {}
  for (const v of variables) values[v.key] = v.value
  Object.assign(values, recipient)
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key] : whole))
}
