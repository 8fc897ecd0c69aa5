import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react'
import { createContext, memo, useContext, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../ui/icon.tsx'
import { BLOCK_TONES, BlockIcon } from './block-icon.tsx'
import type { BlockDataMap, BlockType, FlowNode } from './flow-model.ts'

/**
 * The canvas's blocks (spec part 2 §3 node table): one memoised component per type, so panning a
 * 200-block flow re-renders none of them. Actions reach the page through a context whose value never
 * changes; a refused save's messages come through another, read only by the blocks.
 */

export interface BlockActions {
  edit: (id: string) => void
  duplicate: (id: string) => void
  remove: (id: string) => void
}
export const BlockActionsContext = createContext<BlockActions>({ edit: () => {}, duplicate: () => {}, remove: () => {} })
export const BlockProblemsContext = createContext<Map<string, string[]>>(new Map())

const handleClass = '!size-3 !border-2 !border-white !bg-brand dark:!border-slate-900'
const actionClass = 'nodrag inline-flex size-7 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand dark:text-slate-400 dark:hover:bg-slate-700'

/** An output row: its text, and the handle at the card's right edge. */
function Output({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div className="relative -mr-3 flex items-center justify-between gap-2 py-0.5 pr-4 text-xs" data-testid={`block-output-${id}`}>
      {children}
      <Handle type="source" position={Position.Right} id={id} className={handleClass} />
    </div>
  )
}

interface ShellProps {
  id: string
  type: BlockType
  selected: boolean
  children?: ReactNode
  /** The one output `a`; blocks with several outputs draw their own rows. */
  single?: boolean
}

function Shell({ id, type, selected, children, single }: ShellProps) {
  const { t } = useTranslation()
  const actions = useContext(BlockActionsContext)
  const problems = useContext(BlockProblemsContext).get(id)
  const ring = problems ? 'ring-2 ring-red-500' : selected ? 'ring-2 ring-brand' : 'ring-1 ring-slate-300 dark:ring-slate-600'
  const title = t(`flows.blocks.${type}`)
  return (
    <div className={`w-64 rounded-lg bg-white text-slate-800 shadow-md dark:bg-slate-800 dark:text-slate-100 ${ring}`} data-testid="flow-block" data-type={type} data-invalid={problems ? 'true' : undefined}>
      {type !== 'start' && <Handle type="target" position={Position.Left} className={handleClass} />}
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-1.5 dark:border-slate-700">
        <span className={BLOCK_TONES[type]}><BlockIcon type={type} /></span>
        <span className="flex-1 truncate text-sm font-semibold">{title}</span>
        {type !== 'start' && (
          <span className="flex">
            <button type="button" className={actionClass} aria-label={t('flows.canvas.editBlock', { block: title })} title={t('flows.canvas.editBlock', { block: title })} onClick={() => actions.edit(id)}>
              <Icon name="edit" className="size-4" />
            </button>
            <button type="button" className={actionClass} aria-label={t('flows.canvas.duplicateBlock', { block: title })} title={t('flows.canvas.duplicateBlock', { block: title })} onClick={() => actions.duplicate(id)}>
              <Icon name="copy" className="size-4" />
            </button>
            <button type="button" className={actionClass} aria-label={t('flows.canvas.deleteBlock', { block: title })} title={t('flows.canvas.deleteBlock', { block: title })} onClick={() => actions.remove(id)}>
              <Icon name="delete" className="size-4" />
            </button>
          </span>
        )}
      </div>
      <div className="flex flex-col gap-1 px-3 py-2 text-sm">
        {children}
        {single && <Output id="a"><span className="text-slate-400 dark:text-slate-500">{t('flows.canvas.next')}</span></Output>}
      </div>
      {problems && (
        <ul className="border-t border-red-200 bg-red-50 px-3 py-1.5 text-xs text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300" data-testid="block-problems">
          {problems.map((p) => <li key={p}>{p}</li>)}
        </ul>
      )}
    </div>
  )
}

const muted = 'text-xs text-slate-500 dark:text-slate-400'
const clamp = 'line-clamp-3 whitespace-pre-wrap [overflow-wrap:anywhere]'

type P<T extends BlockType> = NodeProps<FlowNode> & { data: Partial<BlockDataMap[T]> }

const StartBlock = memo(function StartBlock({ id, selected, data }: P<'start'>) {
  const { t } = useTranslation()
  return <Shell id={id} type="start" selected={selected} single><p className={muted}>{data.label || t('flows.canvas.startLabel')}</p></Shell>
})

const MessageBlock = memo(function MessageBlock({ id, selected, data }: P<'message'>) {
  return <Shell id={id} type="message" selected={selected} single><p className={clamp}>{data.label}</p></Shell>
})

const IntervalBlock = memo(function IntervalBlock({ id, selected, data }: P<'interval'>) {
  const { t } = useTranslation()
  return <Shell id={id} type="interval" selected={selected} single><p>{t('flows.canvas.seconds', { count: Number(data.sec ?? 0) })}</p></Shell>
})

const OPERATORS: Record<number, string> = { 1: '==', 2: '>=', 3: '<=', 4: '<', 5: '>' }

const ConditionBlock = memo(function ConditionBlock({ id, selected, data }: P<'condition'>) {
  const { t } = useTranslation()
  return (
    <Shell id={id} type="condition" selected={selected}>
      <p className="font-mono text-xs [overflow-wrap:anywhere]">{`${data.key ?? ''} ${OPERATORS[Number(data.condition)] ?? '?'} ${data.value ?? ''}`}</p>
      <Output id="true"><span className="text-emerald-700 dark:text-emerald-400">{t('flows.canvas.true')}</span></Output>
      <Output id="false"><span className="text-red-700 dark:text-red-400">{t('flows.canvas.false')}</span></Output>
    </Shell>
  )
})

const MenuBlock = memo(function MenuBlock({ id, selected, data }: P<'menu'>) {
  return (
    <Shell id={id} type="menu" selected={selected}>
      <p className={clamp}>{data.message}</p>
      {(data.arrayOption ?? []).map((o) => (
        <Output key={o.number} id={`a${o.number}`}><span className="truncate">{`[${o.number}] ${o.value}`}</span></Output>
      ))}
    </Shell>
  )
})

function MediaBlock({ id, selected, data, type }: P<'img'> & { type: 'img' | 'audio' | 'video' }) {
  const { t } = useTranslation()
  return <Shell id={id} type={type} selected={selected} single><p className={`${muted} truncate`}>{data.url || t('flows.canvas.noFile')}</p></Shell>
}
const ImgBlock = memo(function ImgBlock(p: P<'img'>) { return <MediaBlock {...p} type="img" /> })
const AudioBlock = memo(function AudioBlock(p: P<'img'>) { return <MediaBlock {...p} type="audio" /> })
const VideoBlock = memo(function VideoBlock(p: P<'img'>) { return <MediaBlock {...p} type="video" /> })

const RandomizerBlock = memo(function RandomizerBlock({ id, selected, data }: P<'randomizer'>) {
  const percent = Number(data.percent ?? 0)
  return (
    <Shell id={id} type="randomizer" selected={selected}>
      <Output id="a"><span>A · {percent}%</span></Output>
      <Output id="b"><span>B · {100 - percent}%</span></Output>
    </Shell>
  )
})

const ContentBlock = memo(function ContentBlock({ id, selected, data }: P<'singleBlock'>) {
  const { t } = useTranslation()
  const elements = data.elements ?? []
  return (
    <Shell id={id} type="singleBlock" selected={selected} single>
      {elements.length === 0 && <p className={muted}>{t('flows.canvas.emptyContent')}</p>}
      <ul className="flex flex-col gap-0.5 text-xs">
        {elements.slice(0, 6).map((e) => (
          <li key={e.number} className="truncate">
            <span className="font-semibold">{t(`flows.elements.${e.type}`)}</span>
            {e.type === 'interval' ? ` · ${t('flows.canvas.seconds', { count: Number(e.value) })}` : ` · ${e.type === 'message' ? e.value : (e.original ?? e.value)}`}
          </li>
        ))}
        {elements.length > 6 && <li className={muted}>+{elements.length - 6}</li>}
      </ul>
    </Shell>
  )
})

const TicketBlock = memo(function TicketBlock({ id, selected, data }: P<'ticket'>) {
  const { t } = useTranslation()
  return <Shell id={id} type="ticket" selected={selected}><p>{data.queue?.name ?? t('flows.canvas.noQueue')}</p><p className={muted}>{t('flows.canvas.ticketEnds')}</p></Shell>
})

const QuestionBlock = memo(function QuestionBlock({ id, selected, data }: P<'question'>) {
  return <Shell id={id} type="question" selected={selected} single><p className={clamp}>{data.message}</p><p className={`${muted} font-mono`}>{`{{${data.answerKey ?? ''}}}`}</p></Shell>
})

/** React Flow's nodeTypes: a module constant, so it never changes between renders. */
export const NODE_TYPES: NodeTypes = {
  start: StartBlock,
  message: MessageBlock,
  interval: IntervalBlock,
  condition: ConditionBlock,
  menu: MenuBlock,
  img: ImgBlock,
  audio: AudioBlock,
  video: VideoBlock,
  randomizer: RandomizerBlock,
  singleBlock: ContentBlock,
  ticket: TicketBlock,
  question: QuestionBlock,
}
