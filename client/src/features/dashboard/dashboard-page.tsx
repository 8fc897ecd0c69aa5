import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingScreen } from '../../ui/message-card.tsx'
import { errorMessage } from '../../lib/errors.ts'
import { AttendantsTab } from './attendants-tab.tsx'
import { DashboardFilterBar } from './dashboard-filter-bar.tsx'
import { defaultFilter, filterProblem, useDashboard } from './dashboard.ts'
import { IndicatorsTab } from './indicators-tab.tsx'
import { NpsTab } from './nps-tab.tsx'
import { SignupLinkChip } from './signup-link-chip.tsx'

const tabClass =
  'border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 outline-none data-[selected]:border-brand data-[selected]:text-brand data-[focus]:bg-slate-100 dark:text-slate-300 dark:data-[focus]:bg-slate-800'

/**
 * / (spec part 1 §2 Dashboard; dashboard:view, RouteGate shows the 403 page to others): three tabs over
 * the chosen range, from the first of the month to today at first. The figures stay on screen while a
 * new range loads, dimmed, so a changed filter never flashes an empty page.
 */
export default function DashboardPage() {
  const { t } = useTranslation()
  const [filter, setFilter] = useState(defaultFilter)
  const { data, loading, error } = useDashboard(filter)
  const waiting = loading || filterProblem(filter) !== null

  const body = () => {
    if (error && !data) return <LoadingScreen label="" error={errorMessage(error)} />
    if (!data) return <LoadingScreen label={t('common.loading')} />
    return (
      <div className={waiting ? 'opacity-60 transition-opacity' : 'transition-opacity'} aria-busy={waiting} data-testid="dashboard-body">
        {error ? <p className="mb-3 rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">{errorMessage(error)}</p> : null}
        <TabGroup>
          <TabList className="mb-4 flex flex-wrap border-b border-slate-200 dark:border-slate-700">
            <Tab className={tabClass}>{t('dashboard.tabs.indicators')}</Tab>
            <Tab className={tabClass}>{t('dashboard.tabs.nps')}</Tab>
            <Tab className={tabClass}>{t('dashboard.tabs.attendants')}</Tab>
          </TabList>
          <TabPanels>
            <TabPanel><IndicatorsTab data={data} /></TabPanel>
            <TabPanel><NpsTab data={data} /></TabPanel>
            <TabPanel><AttendantsTab rows={data.attendants} /></TabPanel>
          </TabPanels>
        </TabGroup>
      </div>
    )
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold" data-testid="dashboard-title">{t('dashboard.title')}</h1>
        <SignupLinkChip />
      </div>
      <DashboardFilterBar filter={filter} onChange={setFilter} />
      {body()}
    </section>
  )
}
