import { useEffect, useRef, useState } from 'react'
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

/** How often the page asks again while the sessions read the phone, and for how long before giving up. */
const READ_POLL_MS = 1_500
const READ_WAIT_MS = 90_000

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The phone's address book or chat list into contacts (POST /contacts/import, /contacts/import/chats):
 * the first call asks the company's WhatsApp sessions to read the phone (202 {reading}); the page asks
 * again until the counts come, saying it is reading meanwhile, and says so when the phone never answers.
 * Online only, like the file import.
 */
export function PhoneImport({ online, className }: { online: boolean; className: string }) {
  const { t } = useTranslation()
  const [running, setRunning] = useState<PhoneImportSource | null>(null)
  const [result, setResult] = useState<PhoneImportResult | null>(null)
  const [reading, setReading] = useState(false)
  const [noAnswer, setNoAnswer] = useState(false)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  async function run(source: PhoneImportSource) {
    setRunning(source)
    setResult(null)
    setNoAnswer(false)
    const giveUpAt = Date.now() + READ_WAIT_MS
    try {
      for (;;) {
        const answer = await importFromPhone(source)
        if (!mounted.current) return
        if (!('reading' in answer)) {
          setResult(answer)
          break
        }
        setReading(true)
        if (Date.now() > giveUpAt) {
          setNoAnswer(true)
          break
        }
        await pause(READ_POLL_MS)
      }
    } catch (err) {
      toastError(err)
    } finally {
      if (mounted.current) {
        setRunning(null)
        setReading(false)
      }
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
          {t(reading ? 'contactsImport.phone.reading' : 'contactsImport.phone.importing')}
        </p>
      )}
      {noAnswer && (
        <p role="alert" data-testid="phone-import-no-answer" className="text-sm text-red-700 dark:text-red-300">
          {t('contactsImport.phone.noAnswer')}
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
