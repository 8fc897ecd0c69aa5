import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { pushToast } from '../../state/toasts.ts'
import { publishContactListItemEvent } from './contact-list-events.ts'
import { contactListCalls, importSummary, isSpreadsheet } from './contact-lists.ts'

/**
 * The items page's Importar button: an .xls/.xlsx file sent to POST /contact-lists/{id}/upload, the counts
 * told in a toast, and the open list read again. Another file type is refused here ('Arquivo inválido!').
 */
export function useItemImport(contactListId: number) {
  const { t } = useTranslation()
  const [importing, setImporting] = useState(false)

  async function importFile(file: File | null) {
    if (!file) return
    if (!isSpreadsheet(file)) return void pushToast('error', t('contactLists.items.invalidFile'))
    setImporting(true)
    try {
      const result = await contactListCalls.upload(contactListId, file)
      const summary = importSummary(result)
      pushToast(summary.key === 'contactLists.items.imported' ? 'success' : 'warning', t(summary.key, summary.values))
      publishContactListItemEvent({ action: 'import', contactListId })
    } catch (err) {
      toastError(err)
    } finally {
      setImporting(false)
    }
  }

  return { importing, importFile }
}
