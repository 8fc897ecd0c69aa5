import { useTranslation } from 'react-i18next'
import { Button } from '../ui/button.tsx'
import { MessageCard } from '../ui/message-card.tsx'
import { navigateTo } from '../lib/navigation.ts'

/** 403 for a route the user's profile and switches do not allow (spec part 1 §2). */
export default function ForbiddenPage() {
  const { t } = useTranslation()
  return (
    <MessageCard icon="lock" tone="danger" title={t('forbidden.title')} actions={<Button onClick={() => navigateTo('/tickets')}>{t('forbidden.back')}</Button>}>
      <p>{t('forbidden.text')}</p>
    </MessageCard>
  )
}
