import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../lib/errors.ts'
import { Button } from '../../ui/button.tsx'
import { ListStatus } from '../../ui/list-status.tsx'
import type { PagedRecords } from '../../lib/use-paged-records.ts'

interface Props {
  list: Pick<PagedRecords<unknown>, 'records' | 'loading' | 'error' | 'hasMore' | 'loadMore'>
  searching: boolean
  emptyKey: string
  noMatchKey: string
  testId: string
  children: ReactNode
}

/** A paged list's body: loading, error or empty text, else the table with its error line and "load more". */
export function ListBody({ list, searching, emptyKey, noMatchKey, testId, children }: Props) {
  const { t } = useTranslation()
  if (list.records.length === 0) {
    return <ListStatus empty loading={list.loading} error={list.error} emptyText={t(searching ? noMatchKey : emptyKey)} testId={testId} />
  }
  return (
    <>
      {children}
      {list.error !== null && <p className="text-center text-sm text-red-600 dark:text-red-400">{errorMessage(list.error)}</p>}
      {list.hasMore && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={list.loadMore} disabled={list.loading}>
            {list.loading ? t('common.loading') : t('contactLists.loadMore')}
          </Button>
        </div>
      )}
    </>
  )
}
