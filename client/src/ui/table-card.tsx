import type { ReactNode } from 'react'

/** Header and body cell classes of the list tables (reports, invoices, companies). */
export const thClass = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400'
export const tdClass = 'px-3 py-2 align-top'
export const rowClass = 'border-b border-slate-100 last:border-0 dark:border-slate-800'

/** A table on a card: `head` is the header row's cells, `children` the body rows. */
export function TableCard({ testId, head, children, scroll = false }: { testId: string; head: ReactNode; children: ReactNode; scroll?: boolean }) {
  return (
    <div className={`${scroll ? 'overflow-x-auto' : 'overflow-hidden'} rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800`}>
      <table className="w-full text-sm" data-testid={testId}>
        <thead className="border-b border-slate-200 dark:border-slate-700">
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
