import { useTranslation } from 'react-i18next'
import { Button } from '../ui/button.tsx'
import { MessageCard } from '../ui/message-card.tsx'
import { navigateTo } from '../lib/navigation.ts'

/** A route of the spec whose page this build does not have yet. */
export default function NotReadyPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation()
  return (
    <MessageCard icon="construction" title={t(titleKey)} actions={<Button onClick={() => navigateTo('/')}>{t('common.home')}</Button>}>
      <p>{t('notReady.text')}</p>
    </MessageCard>
  )
}
