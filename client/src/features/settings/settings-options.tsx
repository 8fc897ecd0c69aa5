import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  missingMessage,
  SCHEDULE_TYPES,
  type CompanySettingKey,
  type CompanySettingsValues,
  type CompanySettingValue,
  type SettingWriteState,
} from './company-settings.ts'
import { ChoiceSetting, TextSetting, ToggleSetting } from './setting-fields.tsx'
import { planAtom } from '../../state/auth.ts'

/** A row of the options tab: a switch, optionally followed by the messages it uses. */
type Row = { toggle: CompanySettingKey; texts?: CompanySettingKey[]; textsWhen?: CompanySettingValue; hint?: string }

/** The options tab's switches in the order shown (spec part 2 §3 Company settings). */
const ROWS: Row[] = [
  { toggle: 'userRating' },
  { toggle: 'sendGreetingAccepted', texts: ['greetingAcceptedMessage'] },
  { toggle: 'userRandom' },
  { toggle: 'sendMsgTransfTicket', texts: ['transferMessage'] },
  { toggle: 'acceptCallWhatsapp', texts: ['AcceptCallWhatsappMessage'], textsWhen: 'disabled' },
  { toggle: 'sendSignMessage' },
  { toggle: 'sendGreetingMessageOneQueues' },
  { toggle: 'sendQueuePosition', texts: ['sendQueuePositionMessage'] },
  { toggle: 'sendFarewellWaitingTicket' },
  { toggle: 'askFarewellMessage' },
  { toggle: 'acceptAudioMessageContact' },
  { toggle: 'requiredTag' },
  { toggle: 'closeTicketOnTransfer' },
  { toggle: 'showNotificationPending' },
  { toggle: 'DirectTicketsToWallets' },
  // The company's campaign switch (docs/decisions.md "Campaign gates"), offered when the plan grants campaigns.
  { toggle: 'campaignsEnabled', hint: 'settings.hints.campaignsEnabled' },
  // Issue 22: the company's keyword auto-replies (docs/decisions.md "Auto-replies").
  { toggle: 'autoReply', texts: ['autoReplyNotRecognizedMessage'], textsWhen: 'enabled' },
  { toggle: 'autoReplyShowKeywords' },
  { toggle: 'enableLGPD', texts: ['lgpdMessage', 'lgpdLink'], textsWhen: 'enabled' },
]
const LGPD_TOGGLES: CompanySettingKey[] = ['lgpdDeleteMessage', 'lgpdConsent', 'lgpdHideNumber']

export interface SettingsOptionsProps {
  settings: CompanySettingsValues
  writes: Partial<Record<CompanySettingKey, SettingWriteState>>
  /** Queues one change (null while the local database opens: the form is then read-only). */
  onSave: ((key: CompanySettingKey, value: CompanySettingValue) => void) | null
  onRetry: (clientId: string) => void
  onDiscard: (clientId: string) => void
}

/**
 * The "Opções" tab (spec part 2 §2 Settings page): every change saves at once through the outbox and
 * shows pending until the server confirms it. A change that would leave a switched-on behaviour
 * without its message is not sent; the message field says it is required (§5 Company settings).
 */
export function SettingsOptions({ settings, writes, onSave, onRetry, onDiscard }: SettingsOptionsProps) {
  const { t } = useTranslation()
  const plan = useAtomValue(planAtom)
  const [required, setRequired] = useState<CompanySettingKey | null>(null)
  const save = (key: CompanySettingKey, value: CompanySettingValue) => {
    const missing = missingMessage(settings, key, value)
    setRequired(missing)
    if (!missing) onSave?.(key, value)
  }
  const status = (key: CompanySettingKey) => ({ name: key, write: writes[key], onRetry, onDiscard })
  const text = (key: CompanySettingKey) => (
    <TextSetting key={key} {...status(key)} value={String(settings[key])} error={required === key ? t('settings.messageRequired') : undefined} onSave={(v) => save(key, v)} />
  )
  const toggle = (key: CompanySettingKey, hint?: string) => (
    <ToggleSetting key={key} {...status(key)} value={settings[key]} hint={hint && t(hint)} onSave={(v) => save(key, v)} />
  )
  // A row's messages show while its behaviour is on, or when a change just needed one of them.
  const showTexts = (r: Row) => r.textsWhen === undefined || settings[r.toggle] === r.textsWhen || (required !== null && !!r.texts?.includes(required))
  const row = (r: Row) => (
    <div key={r.toggle}>
      {toggle(r.toggle, r.hint)}
      {showTexts(r) && r.texts?.map(text)}
    </div>
  )
  const lgpdOn = settings.enableLGPD === 'enabled'
  // Campaigns need the plan's useCampaigns; a switch left on stays visible so it can be turned off.
  const offered = (r: Row) => r.toggle !== 'campaignsEnabled' || plan?.useCampaigns === true || settings.campaignsEnabled === true

  return (
    <fieldset disabled={!onSave} className="grid gap-x-8 md:grid-cols-2">
      <div className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
        <ChoiceSetting {...status('scheduleType')} value={String(settings.scheduleType)} choices={SCHEDULE_TYPES} onSave={(v) => save('scheduleType', v)} />
        <ChoiceSetting {...status('chatBotType')} value={String(settings.chatBotType)} choices={['text']} onSave={(v) => save('chatBotType', v)} />
        {ROWS.slice(0, 8).map(row)}
      </div>
      <div className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
        {ROWS.slice(8).filter(offered).map(row)}
        {lgpdOn && (
          <div data-testid="lgpd-options" className="flex flex-col">
            {LGPD_TOGGLES.map((k) => toggle(k))}
          </div>
        )}
      </div>
    </fieldset>
  )
}
