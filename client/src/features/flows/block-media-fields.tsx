import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { FileInput } from '../../ui/file-input.tsx'
import { Icon } from '../../ui/icon.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'
import { fileProblem, MEDIA_LIMITS, type MediaKind } from './block-rules.ts'
import type { BlockDataMap, ContentElement, ElementType } from './flow-model.ts'
import { newBlockId } from './flow-model.ts'

/** Files chosen in a dialog and not uploaded yet, by element number ('url' for a media block). */
export type PendingFiles = Record<string, File>

interface MediaProps {
  kind: MediaKind
  data: { url: string; record?: boolean }
  set: (data: { url: string; record?: boolean }) => void
  files: PendingFiles
  setFiles: (f: PendingFiles) => void
  problems: Record<string, string>
  onProblem: (field: string, key: string | null) => void
}

/** The image, audio or video block: one file (uploaded on save), and for audio the "recorded" flag. */
export function MediaFields({ kind, data, set, files, setFiles, problems, onProblem }: MediaProps) {
  const { t } = useTranslation()
  const choose = (file: File | null) => {
    if (!file) return
    const p = fileProblem(kind, file)
    onProblem('url', p)
    if (!p) setFiles({ url: file })
  }
  return (
    <div className="flex flex-col gap-4">
      <FileInput id={`block-${kind}-file`} label={t(`flows.fields.file.${kind}`)} file={files.url ?? null} accept={MEDIA_LIMITS[kind].accept} onChange={choose} error={problems.url ? t(problems.url) : undefined} />
      {data.url && !files.url && <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">{t('flows.fields.currentFile', { name: data.url })}</p>}
      <p className="text-xs text-slate-500 dark:text-slate-400">{t(`flows.fields.fileHint.${kind}`)}</p>
      {kind === 'audio' && <SwitchField id="block-audio-record" label={t('flows.fields.record')} checked={data.record === true} onChange={(record) => set({ ...data, record })} />}
    </div>
  )
}

const inputClass = 'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100'
const ADDABLE: ElementType[] = ['message', 'interval', 'img', 'audio', 'video']

interface ContentProps {
  data: BlockDataMap['singleBlock']
  set: (data: BlockDataMap['singleBlock']) => void
  files: PendingFiles
  setFiles: (f: PendingFiles) => void
  problems: Record<string, string>
  onProblem: (field: string, key: string | null) => void
}

/** The content block: cards of text, interval, image, audio and video, sent in order. */
export function ContentFields({ data, set, files, setFiles, problems, onProblem }: ContentProps) {
  const { t } = useTranslation()
  const elements = data.elements
  const write = (next: ContentElement[]) => set({ elements: next, seq: next.map((e) => e.number) })
  const change = (i: number, patch: Partial<ContentElement>) => write(elements.map((e, k) => (k === i ? { ...e, ...patch } : e)))
  const add = (type: ElementType) => write([...elements, { type, number: newBlockId(), value: '', ...(type === 'audio' ? { record: false } : {}) }])
  const remove = (i: number) => {
    const { [elements[i].number]: _gone, ...rest } = files
    setFiles(rest)
    write(elements.filter((_, k) => k !== i))
  }
  const choose = (i: number, kind: MediaKind, file: File | null) => {
    if (!file) return
    const p = fileProblem(kind, file)
    onProblem('elements', p)
    if (!p) setFiles({ ...files, [elements[i].number]: file })
  }
  return (
    <div className="flex flex-col gap-3">
      {elements.length === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">{t('flows.fields.contentEmpty')}</p>}
      {elements.map((e, i) => (
        <div key={e.number} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="content-card" data-type={e.type}>
          <div className="flex items-center gap-2">
            <span className="flex-1 text-sm font-semibold">{`${i + 1}. ${t(`flows.elements.${e.type}`)}`}</span>
            <button type="button" className="inline-flex size-8 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800" aria-label={t('flows.fields.removeCard', { number: i + 1 })} title={t('flows.fields.removeCard', { number: i + 1 })} onClick={() => remove(i)}>
              <Icon name="delete" className="size-5" />
            </button>
          </div>
          {e.type === 'message' && <textarea aria-label={t('flows.elements.message')} rows={3} className={inputClass} value={e.value} onChange={(ev) => change(i, { value: ev.target.value })} />}
          {e.type === 'interval' && (
            <input aria-label={t('flows.fields.seconds')} placeholder={t('flows.fields.secondsHint')} type="number" min={1} max={120} className={inputClass} value={e.value} onChange={(ev) => change(i, { value: ev.target.value })} />
          )}
          {(e.type === 'img' || e.type === 'audio' || e.type === 'video') && (
            <>
              <FileInput id={`content-file-${e.number}`} label={t(`flows.fields.file.${e.type}`)} file={files[e.number] ?? null} accept={MEDIA_LIMITS[e.type].accept} onChange={(f) => choose(i, e.type as MediaKind, f)} />
              {e.value && !files[e.number] && <p className="text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">{t('flows.fields.currentFile', { name: e.original ?? e.value })}</p>}
              {e.type === 'audio' && <SwitchField id={`content-record-${e.number}`} label={t('flows.fields.record')} checked={e.record === true} onChange={(record) => change(i, { record })} />}
            </>
          )}
        </div>
      ))}
      {problems.elements && <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="content-problem">{t(problems.elements)}</p>}
      <div className="flex flex-wrap gap-2">
        {ADDABLE.map((type) => (
          <Button key={type} variant="secondary" onClick={() => add(type)} data-testid={`content-add-${type}`}>
            <Icon name="add" className="size-4" />
            {t(`flows.elements.${type}`)}
          </Button>
        ))}
      </div>
    </div>
  )
}
