import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { LoadingScreen } from '../../ui/message-card.tsx'
import { pushToast } from '../../state/toasts.ts'
import { useCompanySettingActions, useCompanySettings } from './company-settings.ts'
import { localFirstAtom } from '../../state/local-first.ts'
import { userAtom } from '../../state/auth.ts'
import { SettingsHelps } from './settings-helps.tsx'
import { SettingsPix } from './settings-pix.tsx'
import { SettingsPlans } from './settings-plans.tsx'
import { SettingsPlatform } from './settings-platform.tsx'
import { SettingsOptions } from './settings-options.tsx'
import { SettingsSchedules } from './settings-schedules.tsx'

const tabClass =
  'border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 outline-none data-[selected]:border-brand data-[selected]:text-brand data-[focus]:bg-slate-100 dark:text-slate-300 dark:data-[focus]:bg-slate-800'

/**
 * /settings (spec part 2 §2 Companies and plans; admin only, RouteGate shows the no-access view to a
 * plain user). This build has the "Opções" tab (the company settings that drive routing, read from
 * the synced company_settings row and saved one at a time through the outbox) and, while scheduleType
 * is company, the "Horários" tab (the company's service hours). The companies, plans, helps and
 * whitelabel tabs are the super user's: Planos, Ajuda, Plataforma (sign-up, user creation, name, colours,
 * logos) and Pagamentos (the Pix receiver of billing); companies have their own page, /companies.
 */
export default function SettingsPage() {
  const { t } = useTranslation()
  const db = useAtomValue(localFirstAtom)
  const { settings, writes, loading, error } = useCompanySettings()
  const actions = useCompanySettingActions()
  const companyHours = settings?.scheduleType === 'company'
  const isSuper = useAtomValue(userAtom)?.super === true

  const body = () => {
    if (db.state === 'failed') return <LoadingScreen label="" error={t('sync.localDbFailed')} />
    if (error) return <LoadingScreen label="" error={t('common.listFailed')} />
    if (loading) return <LoadingScreen label={db.state === 'open' ? t('common.loading') : t('sync.opening')} />
    if (!settings) return <LoadingScreen label={t('sync.state.syncing')} />
    return (
      <SettingsOptions
        settings={settings}
        writes={writes}
        onSave={
          actions
            ? (key, value) =>
                void actions.save(key, value).then((outcome) => outcome && pushToast('success', t(outcome.kind === 'sent' ? 'settings.saved' : 'settings.savedOffline')))
            : null
        }
        onRetry={(id) => void actions?.retry(id)}
        onDiscard={(id) => void actions?.discard(id)}
      />
    )
  }

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('settings.title')}</h1>
      <TabGroup>
        <TabList className="mb-4 flex flex-wrap border-b border-slate-200 dark:border-slate-700">
          <Tab className={tabClass}>{t('settings.tabs.options')}</Tab>
          {companyHours && <Tab className={tabClass}>{t('settings.tabs.schedules')}</Tab>}
          {isSuper && <Tab className={tabClass}>{t('settings.tabs.plans')}</Tab>}
          {isSuper && <Tab className={tabClass}>{t('settings.tabs.helps')}</Tab>}
          {isSuper && <Tab className={tabClass}>{t('settings.tabs.platform')}</Tab>}
          {isSuper && <Tab className={tabClass}>{t('settings.tabs.payments')}</Tab>}
        </TabList>
        <TabPanels>
          <TabPanel>{body()}</TabPanel>
          {companyHours && (
            <TabPanel>
              <SettingsSchedules />
            </TabPanel>
          )}
          {isSuper && (
            <TabPanel>
              <SettingsPlans />
            </TabPanel>
          )}
          {isSuper && (
            <TabPanel>
              <SettingsHelps />
            </TabPanel>
          )}
          {isSuper && (
            <TabPanel>
              <SettingsPlatform />
            </TabPanel>
          )}
          {isSuper && (
            <TabPanel>
              <SettingsPix />
            </TabPanel>
          )}
        </TabPanels>
      </TabGroup>
    </section>
  )
}
