import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { lazy, memo, Suspense, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { plainIconButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'

interface PickerProps {
  onEmojiClick: (data: { emoji: string }) => void
  emojiStyle: 'native'
  theme: 'auto'
  width: number
  height: number
  searchPlaceholder: string
  previewConfig: { showPreview: boolean }
  emojiData?: unknown
}

/** Emoji names for search in the app's languages that the picker ships (others search in English). */
const NAMES: Record<string, () => Promise<{ default: unknown }>> = {
  pt: () => import('emoji-picker-react/dist/data/emojis-pt'),
  es: () => import('emoji-picker-react/dist/data/emojis-es'),
}

const pickers = new Map<string, ComponentType<PickerProps>>()
/** The picker and its names in their own chunks, fetched on the first open (precached for offline use). */
function pickerFor(language: string): ComponentType<PickerProps> {
  const lang = language in NAMES ? language : 'en'
  let picker = pickers.get(lang)
  if (!picker) {
    picker = lazy(async () => {
      const [mod, names] = await Promise.all([import('emoji-picker-react'), NAMES[lang]?.()])
      const Picker = mod.default as unknown as ComponentType<PickerProps>
      return { default: (props: PickerProps) => <Picker {...props} emojiData={names?.default} /> }
    })
    pickers.set(lang, picker)
  }
  return picker
}

/**
 * The chat input's emoji button (spec part 1 §2): native emoji inserted where the cursor is. Memoised
 * (give it a stable onPick): a popover is costly to render, and the input renders on every key and send.
 */
export const EmojiButton = memo(function EmojiButton({ disabled, onPick }: { disabled: boolean; onPick: (emoji: string) => void }) {
  const { t, i18n } = useTranslation()
  const Picker = pickerFor(i18n.resolvedLanguage ?? i18n.language)
  return (
    <Popover className="relative shrink-0 self-center">
      <PopoverButton data-testid="emoji-open" className={plainIconButtonClass} disabled={disabled} aria-label={t('chat.emoji')} title={t('chat.emoji')}>
        <Icon name="mood" className="size-5" />
      </PopoverButton>
      <PopoverPanel anchor="top start" data-testid="emoji-picker" className="z-30 [--anchor-gap:8px]">
        <Suspense fallback={<div className="rounded-lg bg-white p-4 text-sm shadow dark:bg-slate-900">{t('common.loading')}</div>}>
          <Picker
            onEmojiClick={(data) => onPick(data.emoji)}
            emojiStyle="native"
            theme="auto"
            width={320}
            height={380}
            searchPlaceholder={t('chat.emojiSearch')}
            previewConfig={{ showPreview: false }}
          />
        </Suspense>
      </PopoverPanel>
    </Popover>
  )
})
