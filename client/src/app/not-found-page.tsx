import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../ui/button.tsx'
import { MessageCard } from '../ui/message-card.tsx'

export default function NotFoundPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <MessageCard icon="help" title={t('notFound.title')} actions={<Button onClick={() => navigate('/')}>{t('common.home')}</Button>}>
      <p>{t('notFound.text')}</p>
    </MessageCard>
  )
}
