import type { PhraseCampaign, PhraseCampaignBody } from './phrase-lists.ts'

/**
 * The phrase campaign dialog's values and rules (spec part 2 §5: name, flow, connection and phrase
 * required; the server also holds the name to 2-50 and the phrase to 200).
 */

export interface PhraseFormValues {
  name: string
  flowId: number | null
  whatsappId: number | null
  phrase: string
  status: boolean
}

export type PhraseField = 'name' | 'flowId' | 'whatsappId' | 'phrase'

const V = 'phraseLists.validation.'

export const newPhraseValues = (): PhraseFormValues => ({ name: '', flowId: null, whatsappId: null, phrase: '', status: true })

export const phraseValuesOf = (c: PhraseCampaign): PhraseFormValues => ({ name: c.name, flowId: c.flowId, whatsappId: c.whatsappId, phrase: c.phrase, status: c.status })

export function phraseFormProblems(v: PhraseFormValues): Partial<Record<PhraseField, string>> {
  const p: Partial<Record<PhraseField, string>> = {}
  const name = v.name.trim()
  if (!name) p.name = `${V}required`
  else if (name.length < 2) p.name = `${V}tooShort`
  else if (name.length > 50) p.name = `${V}tooLong`
  if (!v.flowId) p.flowId = `${V}required`
  if (!v.whatsappId) p.whatsappId = `${V}required`
  if (!v.phrase.trim()) p.phrase = `${V}required`
  else if (v.phrase.trim().length > 200) p.phrase = `${V}tooLong`
  return p
}

/** POST/PUT /flowcampaign body: trimmed; only called once the rules pass. */
export function phraseRequestBody(v: PhraseFormValues): PhraseCampaignBody {
  return { name: v.name.trim(), flowId: v.flowId ?? 0, whatsappId: v.whatsappId, phrase: v.phrase.trim(), status: v.status }
}

/** Flows whose name holds the typed text (case and accents ignored), as the flow picker offers them. */
export function matchingFlows<T extends { name: string }>(flows: T[], search: string): T[] {
  const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  const q = plain(search.trim())
  return q ? flows.filter((f) => plain(f.name).includes(q)) : flows
}
