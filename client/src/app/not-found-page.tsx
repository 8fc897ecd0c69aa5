import { useTranslation } from 'react-i18next'
import { Button } from '../ui/button.tsx'
import { MessageCard } from '../ui/message-card.tsx'
import { navigateTo } from '../lib/navigation.ts'

export default function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <MessageCard icon="help" title={t('notFound.title')} actions={<Button onClick={() => navigateTo('/')}>{t('common.home')}</Button>}>
      <p>{t('notFound.text')}</p>
    </MessageCard>
  )
}
