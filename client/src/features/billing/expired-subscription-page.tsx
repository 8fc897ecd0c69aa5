import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { Button } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { MessageCard } from '../../ui/message-card.tsx'
import { isSubscriptionExpired, logout } from '../auth/index.ts'
import { useCheckout } from './use-checkout.tsx'
import { CompanyInvoices, useCompanyInvoices } from './invoices-page.tsx'
import { formatDay } from '../../lib/format.ts'
import { userAtom } from '../../state/auth.ts'
import { hasRole } from '../../lib/access.ts'

/**
 * /financeiro-aberto: the subscription expired on its due date (spec part 1 §8, part 2 §4). An admin
 * sees the open invoices and renews by Pix here; other users are told to ask their administrator.
 */
export default function ExpiredSubscriptionPage() {
  const { t } = useTranslation()
  const user = useAtomValue(userAtom)
  const checkout = useCheckout()
  const date = formatDay(user?.company?.dueDate)
  // While the checkout is open it shows the renewal itself and then goes home.
  if (user && !checkout.paying && !isSubscriptionExpired(user.companyId, user.company?.dueDate, new Date())) return <Navigate to="/" replace />
  const admin = !!user && hasRole(user, 'admin')
  return (
    <main className="flex min-h-full flex-col items-center gap-6 p-4 sm:p-8">
      <MessageCard
        icon="lock"
        tone="danger"
        title={t('expired.title')}
        actions={
          <>
            {admin && (
              <Button onClick={() => checkout.open()} data-testid="expired-renew">
                <Icon name="qrCode" className="size-5" />
                {t('billing.renewNow')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => void logout()}>
              <Icon name="logout" className="size-5" />
              {t('layout.logout')}
            </Button>
          </>
        }
      >
        <p data-testid="expired-message">{t('expired.message', { date })}</p>
        <p className="mt-2">{admin ? t('billing.expiredAdmin') : t('expired.support')}</p>
      </MessageCard>
      {admin && <ExpiredInvoices refresh={checkout.refresh} onPay={checkout.open} />}
      {admin && checkout.dialog}
    </main>
  )
}

function ExpiredInvoices({ refresh, onPay }: { refresh: number; onPay: (invoiceId?: number) => void }) {
  const { t } = useTranslation()
  const state = useCompanyInvoices(refresh)
  return (
    <section className="flex w-full max-w-4xl flex-col gap-3">
      <h2 className="text-lg font-semibold">{t('billing.title')}</h2>
      <CompanyInvoices state={state} onPay={onPay} />
    </section>
  )
}
