import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../lib/errors.ts'
import { formatDay } from '../../lib/format.ts'
import { useServerQuery } from '../../lib/server-query.ts'
import { userAtom } from '../../state/auth.ts'
import { MAIN_COMPANY_ID } from '../auth/index.ts'
import { pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { Icon } from '../../ui/icon.tsx'
import { confirmPayment, fetchAllInvoices, fetchInvoices, type AnyInvoice } from './billing.ts'
import { useCheckout } from './use-checkout.tsx'
import { ListStatus } from '../../ui/list-status.tsx'
import { InvoicesTable, PayButton } from './invoices-table.tsx'

/** The company's first page of invoices, asked again when `refresh` changes (a checkout made or paid one). */
export const useCompanyInvoices = (refresh = 0) => useServerQuery(`own/${refresh}`, (signal) => fetchInvoices(1, signal))

/** The company's invoices with Pay on the open ones (also on /financeiro-aberto, where nothing else opens). */
export function CompanyInvoices({ state, onPay }: { state: ReturnType<typeof useCompanyInvoices>; onPay: (invoiceId?: number) => void }) {
  const { t } = useTranslation()
  const { data, loading, error } = state
  const invoices = data?.invoices ?? []
  return (
    <>
      <ListStatus empty={invoices.length === 0 || Boolean(error)} loading={loading && !data} error={error} emptyText={t('billing.empty')} />
      {invoices.length > 0 && <InvoicesTable invoices={invoices} action={(inv) => <PayButton onClick={() => onPay(inv.id)} />} />}
    </>
  )
}

/** The super user's list of every company's invoices, open first, with the manual confirmation. */
function AllInvoices() {
  const { t } = useTranslation()
  const [refresh, setRefresh] = useState(0)
  const [confirming, setConfirming] = useState<AnyInvoice | null>(null)
  const { data, loading, error } = useServerQuery(`all/${refresh}`, (signal) => fetchAllInvoices('', 1, signal))
  const invoices = data?.invoices ?? []
  const confirm = async () => {
    const inv = confirming
    setConfirming(null)
    if (!inv) return
    try {
      const done = await confirmPayment(inv.id)
      pushToast('success', t('billing.confirmed', { company: inv.companyName, date: formatDay(done.dueDate) }))
    } catch (err) {
      pushToast('error', errorMessage(err))
    }
    setRefresh((n) => n + 1)
  }
  return (
    <section className="flex flex-col gap-3" data-testid="all-invoices">
      <h2 className="text-lg font-semibold">{t('billing.allTitle')}</h2>
      <ListStatus empty={invoices.length === 0 || Boolean(error)} loading={loading && !data} error={error} emptyText={t('billing.empty')} />
      {invoices.length > 0 && (
        <InvoicesTable
          showCompany
          invoices={invoices}
          action={(inv) => (
            <Button variant="secondary" className="px-2 py-1 sm:px-3" aria-label={t('billing.confirm')} title={t('billing.confirm')} onClick={() => setConfirming(inv)}>
              <Icon name="check" className="size-5" />
              <span className="hidden lg:inline">{t('billing.confirm')}</span>
            </Button>
          )}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('billing.confirmTitle')}
        text={t('billing.confirmText', { company: confirming?.companyName ?? '', id: confirming?.id ?? '' })}
        confirmLabel={t('billing.confirm')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      />
    </section>
  )
}

/** /financeiro (spec part 2 §2 "Faturas, with count"; admins): the invoices, paying by Pix. */
export default function InvoicesPage() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const checkout = useCheckout()
  const own = useCompanyInvoices(checkout.refresh)
  const { data } = own
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold" data-testid="invoices-title">
          {t('billing.title')}
          {data ? <span className="ml-2 text-base font-normal text-slate-500 dark:text-slate-400">({data.count})</span> : null}
        </h1>
        {me?.companyId !== MAIN_COMPANY_ID && (
          <Button variant="secondary" onClick={() => checkout.open()}>
            <Icon name="qrCode" className="size-5" />
            {t('billing.renewNow')}
          </Button>
        )}
      </div>
      <CompanyInvoices state={own} onPay={checkout.open} />
      {me?.super && <AllInvoices />}
      {checkout.dialog}
    </section>
  )
}
