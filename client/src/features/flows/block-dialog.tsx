import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import i18n from '../../i18n/index.ts'
import { toastError } from '../../lib/errors.ts'
import { pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/modal.tsx'
import { ConditionFields, IntervalFields, MenuFields, MessageFields, QuestionFields, RandomizerFields, TicketFields } from './block-fields.tsx'
import { ContentFields, MediaFields, type PendingFiles } from './block-media-fields.tsx'
import { contentProblem, intervalProblem, menuProblems, messageProblem, questionKeyProblem, randomizerProblem, ticketProblem } from './block-rules.ts'
import type { AddableType, BlockData, BlockDataMap, ContentElement } from './flow-model.ts'
import { uploadContent, uploadMedia } from './flows.ts'
import { compressImage } from './image-compress.ts'

type Data = BlockData
type Problems = Record<string, string>

/** What a block's data lacks, by field (i18n keys); the spec's messages (part 2 §5 "Flow"). */
export function blockProblems(type: AddableType, data: Data, files: PendingFiles): Problems {
  const p: Problems = {}
  const put = (field: string, key: string | null) => key && (p[field] = key)
  const d = data as never as Record<string, unknown>
  if (type === 'message') put('label', messageProblem(String(d.label ?? '')))
  if (type === 'interval') put('sec', intervalProblem(d.sec))
  if (type === 'randomizer') put('percent', randomizerProblem(d.percent))
  if (type === 'ticket') put('queue', ticketProblem((d.queue as { id?: number } | null)?.id))
  if (type === 'condition' && !String(d.key ?? '').trim()) put('key', 'flows.validation.required')
  if (type === 'menu') {
    const m = menuProblems(String(d.message ?? ''), (d.arrayOption as BlockDataMap['menu']['arrayOption']) ?? [])
    put('message', m.message ?? null)
    put('arrayOption', m.options ?? null)
  }
  if (type === 'question') {
    put('message', messageProblem(String(d.message ?? '')) && 'flows.validation.required')
    put('answerKey', questionKeyProblem(String(d.answerKey ?? '')))
  }
  if ((type === 'img' || type === 'audio' || type === 'video') && !d.url && !files.url) put('url', 'flows.validation.fileRequired')
  if (type === 'singleBlock') {
    const elements = (d.elements as ContentElement[]).map((e) => ({ ...e, file: files[e.number] ?? null }))
    put('elements', elements.length ? contentProblem(elements) : 'flows.validation.contentRequired')
  }
  return p
}

/** Uploads the dialog's pending files and writes their stored names into the data. */
async function withUploads(type: AddableType, data: Data, files: PendingFiles): Promise<Data> {
  if (type === 'img' || type === 'audio' || type === 'video') {
    const file = files.url
    if (!file) return data
    const name = await uploadMedia(type, type === 'img' ? await compressImage(file) : file)
    pushToast('success', i18n.t(type === 'img' ? 'flows.uploaded.img' : 'flows.uploaded.audio'))
    return { ...(data as { url: string }), url: name } as Data
  }
  if (type !== 'singleBlock') return data
  const block = data as BlockDataMap['singleBlock']
  const pending = block.elements.filter((e) => files[e.number])
  if (!pending.length) return data
  const upload = await Promise.all(pending.map((e) => (e.type === 'img' ? compressImage(files[e.number]) : files[e.number])))
  const names = await uploadContent(upload)
  const byNumber = new Map(pending.map((e, i) => [e.number, { value: names[i], original: files[e.number].name }]))
  pushToast('success', i18n.t('flows.uploaded.content'))
  return { ...block, elements: block.elements.map((e) => ({ ...e, ...byNumber.get(e.number) })) }
}

interface Props {
  open: boolean
  mode: 'create' | 'edit'
  type: AddableType
  initial: Data
  onClose: () => void
  onSave: (data: Data) => void
}

/** A block's dialog in create or edit mode (spec part 2 §4): fields by type; media upload with a spinner, then close. */
export function BlockDialog({ open, mode, type, initial, onClose, onSave }: Props) {
  const { t } = useTranslation()
  const [data, setData] = useState<Data>(initial)
  const [files, setFiles] = useState<PendingFiles>({})
  const [problems, setProblems] = useState<Problems>({})
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    setData(initial)
    setFiles({})
    setProblems({})
  }, [open, initial])

  const onProblem = (field: string, key: string | null) => setProblems((p) => ({ ...Object.fromEntries(Object.entries(p).filter(([f]) => f !== field)), ...(key ? { [field]: key } : {}) }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found = blockProblems(type, data, files)
    setProblems(found)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      onSave(await withUploads(type, data, files))
      onClose()
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  const common = { problems }
  const set = (d: Data) => setData(d)
  const fields = () => {
    switch (type) {
      case 'message': return <MessageFields {...common} data={data as BlockDataMap['message']} set={set} />
      case 'interval': return <IntervalFields {...common} data={data as BlockDataMap['interval']} set={set} />
      case 'condition': return <ConditionFields {...common} data={data as BlockDataMap['condition']} set={set} />
      case 'menu': return <MenuFields {...common} data={data as BlockDataMap['menu']} set={set} />
      case 'randomizer': return <RandomizerFields {...common} data={data as BlockDataMap['randomizer']} set={set} />
      case 'ticket': return <TicketFields {...common} data={data as BlockDataMap['ticket']} set={set} />
      case 'question': return <QuestionFields {...common} data={data as BlockDataMap['question']} set={set} />
      case 'singleBlock': return <ContentFields {...common} data={data as BlockDataMap['singleBlock']} set={set} files={files} setFiles={setFiles} onProblem={onProblem} />
      default: return <MediaFields {...common} kind={type} data={data as BlockDataMap['img']} set={set} files={files} setFiles={setFiles} onProblem={onProblem} />
    }
  }
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose} disabled={busy}>{t('common.cancel')}</Button>
      <Button type="submit" form="block-form" disabled={busy} data-testid="block-save">
        {busy && <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" role="status" aria-label={t('flows.canvas.uploading')} />}
        {t(mode === 'create' ? 'flows.dialog.addBlock' : 'common.save')}
      </Button>
    </>
  )
  const title = t(mode === 'create' ? 'flows.dialog.newBlock' : 'flows.dialog.editBlock', { block: t(`flows.blocks.${type}`) })
  return (
    <Modal open={open} onClose={busy ? () => {} : onClose} title={title} closeLabel={t('common.close')} footer={footer} size={type === 'singleBlock' ? 'lg' : 'md'}>
      <form id="block-form" noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" data-testid="block-dialog" data-type={type}>
        {fields()}
      </form>
    </Modal>
  )
}
