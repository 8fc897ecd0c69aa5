import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../ui/button.tsx'
import { FileInput } from '../../ui/file-input.tsx'
import {
  chosenIndexes, CONTACT_FILE_ACCEPT, guessMapping, importErrorCode, mappingProblems, previewRows, readContactFile, uploadContactFile,
  type ContactFile, type ContactImportMapping, type ContactImportResult, type ImportField,
} from './contact-import.ts'
import { importCheckingWhatsapp, type CheckedImportStop } from './contact-import-check.ts'
import { errorMessage, toastError } from '../../lib/errors.ts'
import { pushToast } from '../../state/toasts.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import { ColumnMapping } from './column-mapping.tsx'
import { ImportProgress, ImportResult } from './import-result.tsx'
import { PhoneImport } from './phone-import.tsx'
import { RowSelection } from './row-selection.tsx'
import { useConnectedWhatsapp } from './use-connected-whatsapp.ts'

const card = 'flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800'
const linkClass = 'text-sm font-semibold text-brand hover:underline'

type Chosen = { file: File; table: ContactFile; mapping: ContactImportMapping; leftOut: Set<number> }
type Phase = 'choose' | 'mapping' | 'rows' | 'importing' | 'done'

/** 'Arquivo inválido!' for a file the reader or the server refuses as such; the catalogue's text otherwise. */
function fileErrorText(err: unknown, invalidText: string): string {
  const code = importErrorCode(err)
  if (code === 'ERR_INVALID_FILE_TYPE') return invalidText
  return errorMessage(code ? { error: code } : err)
}

/**
 * /contacts/import (spec part 2 §2 "Contacts import", §5 Contact import): the file is chosen and read in
 * the browser, its columns mapped to name, number, email and tags with a preview, its rows chosen, then
 * POST /contacts/upload imports them (or, checking each number on WhatsApp, POST /contactsImport row by
 * row with progress) and the counts show; below, the import of the phone's address book or chat list.
 * Online only: the import is the server's.
 */
export default function ContactsImportPage() {
  const { t } = useTranslation()
  const online = useBrowserOnline()
  const [phase, setPhase] = useState<Phase>('choose')
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [result, setResult] = useState<ContactImportResult | null>(null)
  const [checkWhatsapp, setCheckWhatsapp] = useState(false)
  const [progress, setProgress] = useState(0)
  const [stop, setStop] = useState<CheckedImportStop>(null)
  const cancelled = useRef(false)
  const whatsappReady = useConnectedWhatsapp()
  // Checking needs a connected WhatsApp session; the choice is kept if the session comes back.
  const checking = checkWhatsapp && whatsappReady
  const problems = chosen ? mappingProblems(chosen.table, chosen.mapping) : {}
  const valid = Object.keys(problems).length === 0

  async function choose(file: File | null) {
    if (!file || phase === 'importing') return
    setFileError(null)
    setChosen(null)
    setPhase('choose')
    try {
      const table = await readContactFile(file)
      setChosen({ file, table, mapping: guessMapping(table.columns), leftOut: new Set() })
      setPhase('mapping')
    } catch (err) {
      setFileError(fileErrorText(err, t('contactsImport.invalidFile')))
    }
  }

  async function upload() {
    if (!chosen || !valid) return
    const rows = chosenIndexes(chosen.table.rows.length, chosen.leftOut)
    setPhase('importing')
    setStop(null)
    setProgress(0)
    try {
      let done: ContactImportResult
      let stopped: CheckedImportStop = null
      if (checking) {
        cancelled.current = false
        const mapped = previewRows(chosen.table, chosen.mapping, chosen.table.rows.length)
        const run = await importCheckingWhatsapp(
          rows.map((i) => mapped[i]),
          { onProgress: (p) => setProgress(p.done), cancelled: () => cancelled.current },
        )
        done = run.result
        stopped = run.stop
      } else {
        done = await uploadContactFile(chosen.file, chosen.mapping, chosen.leftOut.size ? rows : undefined)
      }
      setResult(done)
      setStop(stopped)
      setPhase('done')
      // Spec part 2 §6: 'Importação realizada com sucesso', or "with some errors" when rows were left out.
      const clean = !stopped && done.invalid + done.duplicated + done.ignored + (done.notOnWhatsapp ?? 0) === 0
      pushToast(clean ? 'success' : 'warning', t(stopped ? `contactsImport.stopped.${stopped.reason}` : clean ? 'contactsImport.success' : 'contactsImport.successWithErrors'))
    } catch (err) {
      setPhase('rows')
      if (importErrorCode(err) === 'ERR_INVALID_FILE_TYPE') setFileError(t('contactsImport.invalidFile'))
      else toastError(err)
    }
  }

  const setColumn = (field: ImportField, column: string) => setChosen((c) => (c ? { ...c, mapping: { ...c.mapping, [field]: column } } : c))
  const setLeftOut = (leftOut: Set<number>) => setChosen((c) => (c ? { ...c, leftOut } : c))
  const chosenCount = chosen ? chosen.table.rows.length - chosen.leftOut.size : 0

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">{t('contactsImport.title')}</h1>
        <Link to="/contacts" className={linkClass}>
          {t('contactsImport.back')}
        </Link>
      </div>
      {!online && (
        <p role="alert" data-testid="import-offline" className="rounded-lg bg-amber-100 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {t('contactsImport.offline')}
        </p>
      )}
      <div className={card}>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('contactsImport.intro')}</p>
        <FileInput id="import-file" label={t('contactsImport.chooseFile')} file={chosen?.file ?? null} accept={CONTACT_FILE_ACCEPT} onChange={(f) => void choose(f)} />
        {fileError && (
          <p role="alert" data-testid="import-error" className="text-sm font-semibold text-red-600 dark:text-red-400">
            {fileError}
          </p>
        )}
      </div>
      {chosen && phase === 'mapping' && (
        <div className={card}>
          <ColumnMapping file={chosen.table} mapping={chosen.mapping} problems={problems} onChange={setColumn} />
          <div className="flex justify-end">
            <Button data-testid="import-next" disabled={!valid} onClick={() => setPhase('rows')}>
              {t('contactsImport.next')}
            </Button>
          </div>
        </div>
      )}
      {chosen && phase === 'rows' && (
        <div className={card}>
          <h2 className="font-semibold">{t('contactsImport.rows.title')}</h2>
          <RowSelection file={chosen.table} mapping={chosen.mapping} leftOut={chosen.leftOut} onChange={setLeftOut} />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              data-testid="import-check-whatsapp"
              className="mt-0.5 size-4 accent-brand"
              checked={checking}
              disabled={!whatsappReady}
              onChange={(e) => setCheckWhatsapp(e.target.checked)}
            />
            <span>
              <span className="font-medium">{t('contactsImport.check.label')}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">{t(whatsappReady ? 'contactsImport.check.hint' : 'contactsImport.check.noSession')}</span>
            </span>
          </label>
          {chosenCount === 0 && <p className="text-sm text-red-600 dark:text-red-400">{t('contactsImport.errors.noneChosen')}</p>}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setPhase('mapping')}>
              {t('contactsImport.previous')}
            </Button>
            <Button data-testid="import-start" disabled={chosenCount === 0 || !online} onClick={() => void upload()}>
              {t('contactsImport.start', { count: chosenCount })}
            </Button>
          </div>
        </div>
      )}
      {chosen && phase === 'importing' && (
        <div className={card}>
          <ImportProgress rows={chosenCount} done={checking ? progress : undefined} />
          {checking && (
            <div className="flex justify-end">
              <Button variant="secondary" data-testid="import-stop" onClick={() => (cancelled.current = true)}>
                {t('contactsImport.stop')}
              </Button>
            </div>
          )}
        </div>
      )}
      {result && phase === 'done' && (
        <div className={card}>
          <h2 className="font-semibold">{t('contactsImport.done')}</h2>
          {stop && (
            <p role="alert" data-testid="import-stopped" className="rounded-lg bg-amber-100 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              {t(`contactsImport.stopped.${stop.reason}`)} {t('contactsImport.stopped.at', { count: stop.at, total: chosenCount })}
            </p>
          )}
          <ImportResult result={result} />
          <Link to="/contacts" className={linkClass} data-testid="import-to-contacts">
            {t('contactsImport.toContacts')}
          </Link>
        </div>
      )}
      <PhoneImport online={online} className={card} />
    </section>
  )
}
