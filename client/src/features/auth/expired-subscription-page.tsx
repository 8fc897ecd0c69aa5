import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { Button } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { MessageCard } from '../../ui/message-card.tsx'
import { logout } from './auth.ts'
import { formatDay } from '../../lib/format.ts'
import { isSubscriptionExpired } from './subscription.ts'
import { userAtom } from '../../state/auth.ts'

/** /financeiro-aberto: the subscription expired on its due date; contact support (spec part 1 §8, part 2 §4). */
export default function ExpiredSubscriptionPage() {
  const { t } = useTranslation()
  const user = useAtomValue(userAtom)
  const date = formatDay(user?.company?.dueDate)
  if (user && !isSubscriptionExpired(user.companyId, user.company?.dueDate, new Date())) return <Navigate to="/" replace />
  return (
    <main className="flex min-h-full items-center justify-center p-4">
      <MessageCard
        icon="lock"
        tone="danger"
        title={t('expired.title')}
        actions={
          <Button onClick={() => void logout()}>
            <Icon name="logout" className="size-5" />
            {t('layout.logout')}
          </Button>
        }
      >
        <p data-testid="expired-message">{t('expired.message', { date })}</p>
        <p className="mt-2">{t('expired.support')}</p>
      </MessageCard>
    </main>
  )
}
