import { useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../ui/button.tsx'
import {
  CONTACT_FILE_ACCEPT, guessMapping, importErrorCode, mappingProblems, readContactFile, uploadContactFile,
  type ContactFile, type ContactImportMapping, type ContactImportResult, type ImportField,
} from './contact-import.ts'
import { errorText, toastError } from '../../lib/errors.ts'
import { pushToast } from '../../state/toasts.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import i18n from '../../i18n/index.ts'
import { ColumnMapping } from './column-mapping.tsx'
import { ImportProgress, ImportResult } from './import-result.tsx'
import { PhoneImport } from './phone-import.tsx'

const translate = (key: string) => (i18n.exists(key) ? i18n.t(key) : null)
const card = 'flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800'
const linkClass = 'text-sm font-semibold text-brand hover:underline'

type Chosen = { file: File; table: ContactFile; mapping: ContactImportMapping }
type Phase = 'choose' | 'mapping' | 'importing' | 'done'

/** 'Arquivo inválido!' for a file the reader or the server refuses as such; the catalogue's text otherwise. */
function fileErrorText(err: unknown, invalidText: string): string {
  const code = importErrorCode(err)
  if (code === 'ERR_INVALID_FILE_TYPE') return invalidText
  return errorText(code ? { error: code } : err, translate)
}

/**
 * /contacts/import (spec part 2 §2 "Contacts import", §5 Contact import): the file is chosen and read in
 * the browser, its columns mapped to name, number and email with a preview, then POST /contacts/upload
 * imports it and the counts show; below, the import of the phone's address book or chat list. Online
 * only: the import is the server's.
 */
export default function ContactsImportPage() {
  const { t } = useTranslation()
  const online = useBrowserOnline()
  const [phase, setPhase] = useState<Phase>('choose')
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [result, setResult] = useState<ContactImportResult | null>(null)
  const problems = chosen ? mappingProblems(chosen.table, chosen.mapping) : {}
  const valid = Object.keys(problems).length === 0

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setFileError(null)
    setChosen(null)
    setPhase('choose')
    try {
      const table = await readContactFile(file)
      setChosen({ file, table, mapping: guessMapping(table.columns) })
      setPhase('mapping')
    } catch (err) {
      setFileError(fileErrorText(err, t('contactsImport.invalidFile')))
    }
  }

  async function upload() {
    if (!chosen || !valid) return
    setPhase('importing')
    try {
      const done = await uploadContactFile(chosen.file, chosen.mapping)
      setResult(done)
      setPhase('done')
      // Spec part 2 §6: 'Importação realizada com sucesso', or "with some errors" when rows were left out.
      const clean = done.invalid + done.duplicated + done.ignored === 0
      pushToast(clean ? 'success' : 'warning', t(clean ? 'contactsImport.success' : 'contactsImport.successWithErrors'))
    } catch (err) {
      setPhase('mapping')
      if (importErrorCode(err) === 'ERR_INVALID_FILE_TYPE') setFileError(t('contactsImport.invalidFile'))
      else toastError(err)
    }
  }

  const setColumn = (field: ImportField, column: string) => setChosen((c) => (c ? { ...c, mapping: { ...c.mapping, [field]: column } } : c))

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
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('contactsImport.chooseFile')}
          <input
            type="file"
            data-testid="import-file"
            accept={CONTACT_FILE_ACCEPT}
            disabled={phase === 'importing'}
            onChange={(e) => void choose(e)}
            className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand file:px-3 file:py-2 file:font-semibold file:text-brand-contrast"
          />
        </label>
        {chosen && <p className="text-sm text-slate-500 dark:text-slate-400">{chosen.file.name}</p>}
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
            <Button data-testid="import-start" disabled={!valid || !online} onClick={() => void upload()}>
              {t('contactsImport.start', { count: chosen.table.rows.length })}
            </Button>
          </div>
        </div>
      )}
      {chosen && phase === 'importing' && (
        <div className={card}>
          <ImportProgress rows={chosen.table.rows.length} />
        </div>
      )}
      {result && phase === 'done' && (
        <div className={card}>
          <h2 className="font-semibold">{t('contactsImport.done')}</h2>
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
