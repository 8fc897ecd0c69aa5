import { useTranslation } from 'react-i18next'
import { SelectField } from '../../ui/form-field.tsx'
import { IMPORT_FIELDS, previewRows, type ContactFile, type ContactImportMapping, type ImportField, type MappingProblems } from './contact-import.ts'

interface ColumnMappingProps {
  file: ContactFile
  mapping: ContactImportMapping
  problems: MappingProblems
  onChange: (field: ImportField, column: string) => void
}

const cell = 'px-3 py-2 text-sm'
/** On a phone the preview shows the name and the number; email and tags wait for wider screens. */
export const narrowHidden = (field: string) => (field === 'email' || field === 'tags' ? 'hidden sm:table-cell' : '')

/** The column of the file for each contact field, and the first rows as they would be imported. */
export function ColumnMapping({ file, mapping, problems, onChange }: ColumnMappingProps) {
  const { t } = useTranslation()
  const options = file.columns.map((c) => ({ value: c, label: c }))
  const rows = previewRows(file, mapping)
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {IMPORT_FIELDS.map((field) => (
          <SelectField
            key={field}
            id={`import-${field}`}
            label={t(`contactsImport.fields.${field}`)}
            value={mapping[field]}
            onChange={(column) => onChange(field, column)}
            options={options}
            placeholder={t('contactsImport.notMapped')}
            error={problems[field] ? t(problems[field]) : undefined}
          />
        ))}
      </div>
      {problems.rows && <p className="text-sm text-red-600 dark:text-red-400">{t(problems.rows)}</p>}
      <div>
        <h2 className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300">{t('contactsImport.preview', { count: file.rows.length })}</h2>
        <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200 dark:ring-slate-800">
          <table className="w-full text-left" data-testid="import-preview">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <tr>
                {IMPORT_FIELDS.map((field) => (
                  <th key={field} className={`${cell} ${narrowHidden(field)}`}>
                    {t(`contactsImport.fields.${field}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {rows.map((r, i) => (
                <tr key={i}>
                  {IMPORT_FIELDS.map((field) => (
                    <td key={field} className={`${cell} ${narrowHidden(field)} ${field === 'number' ? 'tabular-nums' : ''}`}>
                      {r[field]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  )
}
