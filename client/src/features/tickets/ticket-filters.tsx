import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLiveQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'

export interface TicketFilterValues {
  tagIds: number[]
  whatsappIds: number[]
  userIds: number[]
  statuses: string[]
}

export const NO_FILTERS: TicketFilterValues = { tagIds: [], whatsappIds: [], userIds: [], statuses: [] }

const STATUSES = ['open', 'pending', 'closed', 'group']

/** The list's filter panel (spec part 1 §2): tags, connections, status (search view) and, for admins, users. */
export function TicketFilters({ value, onChange, showUsers, showStatus }: { value: TicketFilterValues; onChange: (v: TicketFilterValues) => void; showUsers: boolean; showStatus: boolean }) {
  const { t } = useTranslation()
  const db = useLocalFirst()?.db ?? null
  const tags = useLiveQuery<{ id: number; name: string; color: string }>(db, useMemo(() => ({ sql: 'select id, name, color from tags order by name', params: [] }), [])).rows
  const connections = useLiveQuery<{ id: number; name: string }>(db, useMemo(() => ({ sql: 'select id, name from whatsapps order by name', params: [] }), [])).rows
  const users = useLiveQuery<{ id: number; name: string }>(db, useMemo(() => ({ sql: 'select id, name from users order by lower(name)', params: [] }), [])).rows
  const toggle = <K extends keyof TicketFilterValues>(key: K, item: TicketFilterValues[K][number]) => {
    const list = value[key] as (typeof item)[]
    onChange({ ...value, [key]: list.includes(item) ? list.filter((x) => x !== item) : [...list, item] })
  }
  const chip = (on: boolean) => `rounded-full border px-2 py-0.5 text-xs ${on ? 'border-brand bg-brand text-brand-contrast' : 'border-slate-300 dark:border-slate-600'}`
  const group = (title: string, children: ReactNode) => (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-semibold text-slate-500">{title}</span>
      <div className="flex flex-wrap gap-1">{children}</div>
    </div>
  )

  return (
    <div data-testid="ticket-filters" className="flex flex-col gap-2 rounded-md bg-slate-50 p-2 dark:bg-slate-800/60">
      {tags.length > 0 &&
        group(
          t('tickets.filters.tags'),
          tags.map((g) => (
            <button key={g.id} type="button" aria-pressed={value.tagIds.includes(g.id)} className={chip(value.tagIds.includes(g.id))} onClick={() => toggle('tagIds', g.id)}>
              {g.name}
            </button>
          )),
        )}
      {group(
        t('tickets.filters.connections'),
        connections.map((c) => (
          <button key={c.id} type="button" aria-pressed={value.whatsappIds.includes(c.id)} className={chip(value.whatsappIds.includes(c.id))} onClick={() => toggle('whatsappIds', c.id)}>
            {c.name}
          </button>
        )),
      )}
      {showStatus &&
        group(
          t('tickets.filters.status'),
          STATUSES.map((st) => (
            <button key={st} type="button" aria-pressed={value.statuses.includes(st)} className={chip(value.statuses.includes(st))} onClick={() => toggle('statuses', st)}>
              {t(`tickets.tabs.${st}`)}
            </button>
          )),
        )}
      {showUsers &&
        group(
          t('tickets.filters.users'),
          users.map((u) => (
            <button key={u.id} type="button" aria-pressed={value.userIds.includes(u.id)} className={chip(value.userIds.includes(u.id))} onClick={() => toggle('userIds', u.id)}>
              {u.name}
            </button>
          )),
        )}
    </div>
  )
}
