import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { importFromPhone, type PhoneImportResult, type PhoneImportSource } from './contact-import.ts'
import { toastError } from '../../lib/errors.ts'

const COUNTS = ['total', 'created', 'duplicated', 'ignored'] as const
const LABELS: Record<(typeof COUNTS)[number], string> = {
  total: 'contactsImport.phone.total',
  created: 'contactsImport.result.created',
  duplicated: 'contactsImport.result.duplicated',
  ignored: 'contactsImport.phone.ignored',
}

/**
 * The phone's address book or chat list into contacts (POST /contacts/import, /contacts/import/chats):
 * what the company's WhatsApp connections received from the phone. Online only, like the file import.
 */
export function PhoneImport({ online, className }: { online: boolean; className: string }) {
  const { t } = useTranslation()
  const [running, setRunning] = useState<PhoneImportSource | null>(null)
  const [result, setResult] = useState<PhoneImportResult | null>(null)

  async function run(source: PhoneImportSource) {
    setRunning(source)
    setResult(null)
    try {
      setResult(await importFromPhone(source))
    } catch (err) {
      toastError(err)
    } finally {
      setRunning(null)
    }
  }

  return (
    <div className={className} data-testid="phone-import">
      <h2 className="font-semibold">{t('contactsImport.phone.title')}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('contactsImport.phone.intro')}</p>
      <div className="flex flex-wrap gap-2">
        {(['contacts', 'chats'] as const).map((source) => (
          <Button key={source} data-testid={`phone-import-${source}`} disabled={!online || running !== null} onClick={() => void run(source)}>
            {t(`contactsImport.phone.${source}`)}
          </Button>
        ))}
      </div>
      {running && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('contactsImport.phone.importing')}
        </p>
      )}
      {result && (
        <dl data-testid="phone-import-result" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {COUNTS.map((key) => (
            <div key={key} className="rounded-lg bg-slate-50 p-3 text-center dark:bg-slate-800">
              <dt className="text-xs uppercase text-slate-500 dark:text-slate-400">{t(LABELS[key])}</dt>
              <dd data-testid={`phone-import-${key}`} className="text-2xl font-bold tabular-nums">
                {result[key]}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}
