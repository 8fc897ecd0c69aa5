import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { local } from '../state/storage.ts'
import en from './en.json'
import es from './es.json'
import pt from './pt.json'
import tr from './tr.json'

/** Interface languages (spec part 1 §1): Portuguese is the default and the fallback. */
export const LANGUAGES = ['pt', 'en', 'es', 'tr'] as const
export type Language = (typeof LANGUAGES)[number]
export const LANGUAGE_KEY = 'language'

const htmlLang: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es', tr: 'tr' }

export function storedLanguage(): Language {
  const stored = local.get(LANGUAGE_KEY)
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'pt'
}

i18n.use(initReactI18next).init({
  resources: { pt: { translation: pt }, en: { translation: en }, es: { translation: es }, tr: { translation: tr } },
  lng: storedLanguage(),
  fallbackLng: 'pt',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
})

function syncHtmlLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[lng as Language] ?? 'pt-BR'
}
syncHtmlLang(i18n.language)
i18n.on('languageChanged', syncHtmlLang)

/** Switches the interface language and remembers it on this device. */
export async function setLanguage(lng: Language): Promise<void> {
  local.set(LANGUAGE_KEY, lng)
  await i18n.changeLanguage(lng)
}

export default i18n
