import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { formatDay } from '../../lib/format.ts'
import { saveOnline } from '../../lib/outbox-save.ts'
import { useServerQuery } from '../../lib/server-query.ts'
import { dismissToasts, pushToast } from '../../state/toasts.ts'
import { ListStatus } from '../../ui/list-status.tsx'
import { Button } from '../../ui/button.tsx'
import { ConfirmDelete } from '../../ui/confirm-delete.tsx'
import { Icon } from '../../ui/icon.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import {
  companyValuesOf, createCompany, deleteCompany, fetchAllPlans, fetchCompanies, newCompanyValues, renewCompany, updateCompany,
  type CompanyFormValues, type CompanyView,
} from './companies.ts'
import { CompaniesTable } from './companies-table.tsx'
import { CompanyDialog } from './company-dialog.tsx'


/**
 * /companies (spec part 2 §2; super user only, others go home after 1 s with the denial toast): every
 * company with its plan, due date and folder, renew, add, edit and delete.
 */
export default function CompaniesPage() {
  const { t } = useTranslation()
  const [refresh, setRefresh] = useState(0)
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<{ mode: 'create' | 'edit'; id?: number; initial: CompanyFormValues } | null>(null)
  const [deleting, setDeleting] = useState<CompanyView | null>(null)
  const { data, loading, error } = useServerQuery(`companies/${refresh}`, fetchCompanies)
  const plans = useServerQuery('plans', fetchAllPlans).data ?? []
  const reload = () => setRefresh((n) => n + 1)
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase()
    return (data ?? []).filter((c) => !q || c.name.toLowerCase().includes(q) || (c.email ?? '').includes(q))
  }, [data, search])

  const save = async (values: CompanyFormValues) => {
    await saveOnline(() => (editing?.mode === 'edit' && editing.id ? updateCompany(editing.id, values) : createCompany(values)))
    pushToast('success', t('companies.saved'))
    reload()
  }
  const renew = async (c: CompanyView) => {
    try {
      const renewed = await renewCompany(c.id)
      pushToast('success', t('companies.renewed', { name: c.name, date: formatDay(renewed.dueDate) }))
      reload()
    } catch (err) {
      toastError(err)
    }
  }
  const remove = async () => {
    const c = deleting
    setDeleting(null)
    if (!c) return
    try {
      await deleteCompany(c.id)
      pushToast('success', t('companies.deleted'))
      reload()
    } catch (err) {
      dismissToasts('success')
      toastError(err)
    }
  }

  const body = () => {
    if (shown.length === 0 || error) return <ListStatus empty loading={loading && !data} error={error} emptyText={t('companies.empty')} />
    return <CompaniesTable companies={shown} onEdit={(c) => setEditing({ mode: 'edit', id: c.id, initial: companyValuesOf(c) })} onRenew={(c) => void renew(c)} onDelete={setDeleting} />
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold" data-testid="companies-title">{t('companies.title')}</h1>
        <SearchField id="companies-search" label={t('companies.search')} value={search} onChange={setSearch} />
        <Button onClick={() => setEditing({ mode: 'create', initial: newCompanyValues() })}>
          <Icon name="add" className="size-5" />
          {t('companies.add')}
        </Button>
      </div>
      {body()}
      <CompanyDialog open={editing !== null} mode={editing?.mode ?? 'create'} initial={editing?.initial ?? newCompanyValues()} plans={plans} onClose={() => setEditing(null)} onSave={save} />
      <ConfirmDelete open={deleting !== null} title={t('companies.deleteTitle')} text={t('companies.deleteText', { name: deleting?.name ?? '' })} onCancel={() => setDeleting(null)} onConfirm={() => void remove()} />
    </section>
  )
}
