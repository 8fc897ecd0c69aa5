import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LOOKUP_MIN_CHARS } from '../../lib/local-sql.ts'
import { Button } from '../../ui/button.tsx'
import { SelectField } from '../../ui/form-field.tsx'
import { Icon } from '../../ui/icon.tsx'
import { filledSlots, matchingUsers, MESSAGE_SLOTS, type CampaignFormValues } from './campaign-form.ts'
import type { NamedRef } from './campaigns.ts'

export type SetValue = <K extends keyof CampaignFormValues>(key: K, value: CampaignFormValues[K]) => void

const idOrNull = (v: string) => (v ? Number(v) : null)
const options = (rows: NamedRef[]) => rows.map((r) => ({ value: String(r.id), label: r.name }))
const labelClass = 'text-sm font-medium text-slate-700 dark:text-slate-300'
const controlClass =
  'w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 disabled:opacity-60 read-only:bg-slate-50 dark:bg-slate-900 dark:text-slate-100 dark:read-only:bg-slate-800/60'
const borderOf = (error?: string) => (error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600')

/** The target: a contact list or a tag ('Nenhuma'); choosing one drops the other, as the server keeps one. */
export function CampaignTargetFields({ values, set, lists, tags, error }: { values: CampaignFormValues; set: SetValue; lists: NamedRef[]; tags: NamedRef[]; error?: string }) {
  const { t } = useTranslation()
  const none = t('campaigns.fields.none')
  return (
    <div className="flex flex-col gap-1">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="campaign-contact-list"
          label={t('campaigns.fields.contactList')}
          value={values.contactListId ? String(values.contactListId) : ''}
          onChange={(v) => {
            set('contactListId', idOrNull(v))
            if (v) set('tagListId', null)
          }}
          options={options(lists)}
          placeholder={none}
        />
        <SelectField
          id="campaign-tag"
          label={t('campaigns.fields.tag')}
          value={values.tagListId ? String(values.tagListId) : ''}
          onChange={(v) => {
            set('tagListId', idOrNull(v))
            if (v) set('contactListId', null)
          }}
          options={options(tags)}
          placeholder={none}
        />
      </div>
      {error && <p data-testid="campaign-target-error" className="text-xs text-red-600 dark:text-red-400">{error}</p>}
    </div>
  )
}

interface TicketProps {
  values: CampaignFormValues
  set: SetValue
  users: NamedRef[]
  queues: NamedRef[]
  problems: { userId?: string; queueId?: string }
}

/** The ticket each reply opens (spec part 2 §4): with open-ticket disabled the user, queue and status are locked. */
export function CampaignTicketFields({ values, set, users, queues, problems }: TicketProps) {
  const { t } = useTranslation()
  const locked = values.openTicket !== 'enabled'
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        id="campaign-open-ticket"
        label={t('campaigns.fields.openTicket')}
        value={values.openTicket}
        onChange={(v) => set('openTicket', v === 'enabled' ? 'enabled' : 'disabled')}
        options={[
          { value: 'enabled', label: t('campaigns.fields.enabled') },
          { value: 'disabled', label: t('campaigns.fields.disabled') },
        ]}
      />
      {/* Locked: dimmed as well as disabled (the selects keep their look when disabled). */}
      <fieldset disabled={locked} className={`contents ${locked ? '[&_label]:opacity-60 [&_select]:opacity-60' : ''}`}>
        <UserLookup users={users} value={values.userId} onChange={(id) => set('userId', id)} error={problems.userId} />
        <SelectField
          id="campaign-queue"
          label={t('campaigns.fields.queue')}
          value={values.queueId ? String(values.queueId) : ''}
          onChange={(v) => set('queueId', idOrNull(v))}
          options={options(queues)}
          placeholder={t('campaigns.fields.none')}
          error={problems.queueId}
        />
        <SelectField
          id="campaign-status-ticket"
          label={t('campaigns.fields.statusTicket')}
          value={values.statusTicket}
          onChange={(v) => set('statusTicket', v === 'open' || v === 'pending' ? v : 'closed')}
          options={(['closed', 'pending', 'open'] as const).map((s) => ({ value: s, label: t(`campaigns.ticketStatus.${s}`) }))}
        />
      </fieldset>
    </div>
  )
}

/** The user who takes the tickets: the search starts at 3 characters (spec part 2 §9); a clear button drops the choice. */
function UserLookup({ users, value, onChange, error }: { users: NamedRef[]; value: number | null; onChange: (id: number | null) => void; error?: string }) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const chosen = users.find((u) => u.id === value) ?? null
  const found = matchingUsers(users, search)
  const short = search.trim().length > 0 && search.trim().length < LOOKUP_MIN_CHARS
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Combobox value={chosen} onChange={(u: NamedRef | null) => onChange(u?.id ?? null)} onClose={() => setSearch('')} by="id">
        <label htmlFor="campaign-user" className={labelClass}>
          {t('campaigns.fields.user')}
        </label>
        <div className="relative flex items-center">
          <ComboboxInput
            id="campaign-user"
            data-testid="campaign-user"
            autoComplete="off"
            placeholder={t('campaigns.fields.userSearch')}
            className={`${controlClass} ${borderOf(error)} pr-9`}
            displayValue={(u: NamedRef | null) => u?.name ?? ''}
            onChange={(e) => setSearch(e.target.value)}
          />
          {chosen ? (
            <button type="button" aria-label={t('common.clear')} className="absolute right-2 rounded p-0.5 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800" onClick={() => onChange(null)}>
              <Icon name="close" className="size-4" />
            </button>
          ) : (
            <Icon name="search" className="pointer-events-none absolute right-2 size-4 text-slate-500" />
          )}
        </div>
        {short && <span className="text-xs text-slate-500 dark:text-slate-400">{t('common.lookupMinChars', { count: LOOKUP_MIN_CHARS })}</span>}
        {error && <p className="text-xs text-red-600 dark:text-red-400">{error}</p>}
        <ComboboxOptions anchor="bottom start" className="z-50 max-h-64 w-(--input-width) min-w-48 overflow-auto rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 [--anchor-gap:4px] empty:invisible dark:bg-slate-900 dark:ring-slate-700">
          {search.trim().length >= LOOKUP_MIN_CHARS && found.length === 0 && <div className="px-2 py-1.5 text-slate-500 dark:text-slate-400">{t('common.noResults')}</div>}
          {found.map((u) => (
            <ComboboxOption key={u.id} value={u} className="cursor-pointer rounded px-2 py-1.5 break-words data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800">
              {u.name}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
    </div>
  )
}

// On a phone the five tabs share the width; from sm they take their own.
const tabClass =
  'relative min-w-0 flex-1 whitespace-nowrap border-b-2 px-1 text-xs sm:flex-none sm:px-3 sm:text-sm border-transparent py-1.5 font-semibold text-slate-500 outline-none data-[selected]:border-brand data-[selected]:text-brand data-[focus]:bg-slate-100 dark:text-slate-400 dark:data-[focus]:bg-slate-800'

interface MessagesProps {
  prefix: 'message' | 'confirmationMessage'
  values: CampaignFormValues
  set: SetValue
  readOnly: boolean
  variables: string[]
  error?: string
}

/** Message variants 1 to 5 in tabs (one is picked at random per contact), a dot on those written, the variables helper below. */
export function CampaignMessageTabs({ prefix, values, set, readOnly, variables, error }: MessagesProps) {
  const { t } = useTranslation()
  const written = filledSlots(values, prefix)
  const label = prefix === 'message' ? t('campaigns.fields.messages') : t('campaigns.fields.confirmationMessages')
  const custom = variables.map((v) => `{${v}}`).join(', ')
  return (
    <section className="flex flex-col gap-1" aria-label={label} data-testid={`campaign-${prefix}-tabs`}>
      <span className={labelClass}>{label}</span>
      <TabGroup>
        <TabList className="flex border-b border-slate-200 dark:border-slate-700">
          {MESSAGE_SLOTS.map((n) => (
            <Tab key={n} className={tabClass} data-testid={`campaign-${prefix}-tab-${n}`}>
              {t(prefix === 'message' ? 'campaigns.fields.messageTab' : 'campaigns.fields.confirmationTab', { n })}
              {written.includes(n) && <span className="ml-1 inline-block size-1.5 rounded-full bg-brand align-middle" aria-hidden="true" />}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-2">
          {MESSAGE_SLOTS.map((n) => (
            <TabPanel key={n} unmount={false}>
              <textarea
                id={`campaign-${prefix}${n}`}
                data-testid={`campaign-${prefix}${n}`}
                aria-label={t(prefix === 'message' ? 'campaigns.fields.messageTab' : 'campaigns.fields.confirmationTab', { n })}
                rows={5}
                readOnly={readOnly}
                value={values[`${prefix}${n}`]}
                aria-invalid={error && n === 1 ? true : undefined}
                onChange={(e) => set(`${prefix}${n}`, e.target.value)}
                className={`${controlClass} ${borderOf(n === 1 ? error : undefined)}`}
              />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
      {error && <p data-testid={`campaign-${prefix}-error`} className="text-xs text-red-600 dark:text-red-400">{error}</p>}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t(prefix === 'message' ? 'campaigns.fields.variablesHelp' : 'campaigns.fields.confirmationHelp')}
        {custom && ` ${t('campaigns.fields.customVariables', { list: custom })}`}
      </p>
    </section>
  )
}

interface MediaProps {
  /** The stored file's name, unless marked for removal. */
  current: string | null
  file: File | null
  disabled: boolean
  onFile: (file: File | null) => void
  onRemoveCurrent: () => void
}

/** The file sent with the message, uploaded once the campaign is saved. */
export function CampaignMediaField({ current, file, disabled, onFile, onRemoveCurrent }: MediaProps) {
  const { t } = useTranslation()
  const name = file?.name ?? current
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span className={labelClass}>{t('campaigns.fields.media')}</span>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        {!disabled && (
          <label className="shrink-0 cursor-pointer whitespace-nowrap rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand/40 dark:border-slate-600 dark:hover:bg-slate-800">
            {t('campaigns.fields.attach')}
            <input
              data-testid="campaign-media-input"
              type="file"
              className="sr-only"
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null
                e.target.value = ''
                if (chosen) onFile(chosen)
              }}
            />
          </label>
        )}
        <span data-testid="campaign-media-name" className="min-w-0 text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
          {name ?? t('common.noFile')}
        </span>
        {name && !disabled && (
          <Button variant="text" className="px-2 py-1" data-testid="campaign-media-remove" onClick={() => (file ? onFile(null) : onRemoveCurrent())}>
            {t('campaigns.fields.removeMedia')}
          </Button>
        )}
      </div>
    </div>
  )
}
