import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { connectionStatusText, fetchCompanyConnections, type CompanyConnection } from './connections.ts'
import { toastError } from '../../lib/errors.ts'
import { Modal } from '../../ui/modal.tsx'

interface ConnectionsCompanyDialogProps {
  company: { companyId: number; name: string } | null
  onClose: () => void
}

/** The all-companies page's admin action (spec part 2 §2): one company's connections, read only. */
export function ConnectionsCompanyDialog({ company, onClose }: ConnectionsCompanyDialogProps) {
  const { t } = useTranslation()
  const [rows, setRows] = useState<CompanyConnection[] | null>(null)
  useEffect(() => {
    setRows(null)
    if (!company) return
    fetchCompanyConnections(company.companyId).then(setRows, (err: unknown) => {
      toastError(err)
      setRows([])
    })
  }, [company])
  return (
    <Modal open={company !== null} onClose={onClose} title={company?.name ?? ''} closeLabel={t('common.close')} size="lg">
      {rows === null && <p className="text-sm text-slate-500">{t('common.loading')}</p>}
      {rows?.length === 0 && <p className="text-sm text-slate-500">{t('connections.empty')}</p>}
      {rows && rows.length > 0 && (
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-2">{t('connections.columns.name')}</th>
              <th className="py-2">{t('connections.columns.number')}</th>
              <th className="py-2">{t('connections.columns.status')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((w) => (
              <tr key={w.id}>
                <td className="py-2">{w.name}</td>
                <td className="py-2">{w.number || '-'}</td>
                <td className="py-2 font-semibold">{connectionStatusText(w.status)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  )
}
