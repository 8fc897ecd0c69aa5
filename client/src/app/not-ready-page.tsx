import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../ui/button.tsx'
import { MessageCard } from '../ui/message-card.tsx'

/** A route of the spec whose page this build does not have yet. */
export default function NotReadyPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <MessageCard icon="construction" title={t(titleKey)} actions={<Button onClick={() => navigate('/')}>{t('common.home')}</Button>}>
      <p>{t('notReady.text')}</p>
    </MessageCard>
  )
}
