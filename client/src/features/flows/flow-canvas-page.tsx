import { Background, Controls, MiniMap, ReactFlow, ReactFlowProvider, useReactFlow } from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useRef, type CSSProperties, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { themeAtom } from '../../state/theme.ts'
import { Button } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { ListStatus } from '../../ui/list-status.tsx'
import { BlockDialog } from './block-dialog.tsx'
import { FlowAddMenu } from './flow-add-menu.tsx'
import { BlockActionsContext, BlockProblemsContext, NODE_TYPES } from './flow-nodes.tsx'
import { useFlowEditor } from './use-flow-editor.ts'

const DELETE_KEYS = ['Delete', 'Backspace']
// Never so small that a phone shows unreadable dots: a wide flow is panned instead.
const FIT_VIEW = { maxZoom: 1, minZoom: 0.5 }
// The canvas takes the card's colour, and edges stand out from it in both themes.
const CANVAS_STYLE = {
  light: { '--xy-background-color': 'transparent', '--xy-edge-stroke': '#64748b', '--xy-edge-stroke-width': 1.5 },
  dark: { '--xy-background-color': 'transparent', '--xy-edge-stroke': '#94a3b8', '--xy-edge-stroke-width': 1.5 },
} as unknown as Record<'light' | 'dark', CSSProperties>

function FlowCanvas({ flowId }: { flowId: number }) {
  const { t } = useTranslation()
  const theme = useAtomValue(themeAtom)
  const wrapper = useRef<HTMLDivElement | null>(null)
  const { screenToFlowPosition, fitView } = useReactFlow()
  // New blocks appear in the middle of what the user is looking at.
  const centre = useCallback(() => {
    const box = wrapper.current?.getBoundingClientRect()
    if (!box) return { x: 0, y: 0 }
    const p = screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 })
    return { x: p.x - 128, y: p.y - 40 }
  }, [screenToFlowPosition])
  const ed = useFlowEditor(flowId, centre)

  // Leaving the page with unsaved changes asks first (the browser's own prompt).
  const dirty = ed.dirty
  useEffect(() => {
    if (!dirty) return
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  // A refused save brings the blocks it names into view.
  const refused = ed.problems.byNode
  useEffect(() => {
    if (refused.size) void fitView({ nodes: [...refused.keys()].map((id) => ({ id })), maxZoom: 1, duration: 300 })
  }, [refused, fitView])

  // Enter on a focused block opens its dialog (React Flow makes blocks focusable and deletes with Delete).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLElement) || !e.target.classList.contains('react-flow__node')) return
    const id = e.target.dataset.id
    if (id) ed.actions.edit(id)
  }

  if (ed.flow.loading || ed.flow.error) return <ListStatus empty loading={ed.flow.loading} error={ed.flow.error} emptyText="" testId="flow-canvas-status" />
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Link to="/flowbuilders" className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800" aria-label={t('flows.canvas.back')} title={t('flows.canvas.back')}>
          <Icon name="chevronLeft" className="size-6" />
        </Link>
        <h1 className="min-w-0 flex-1 break-words text-xl font-bold" data-testid="flow-canvas-title">{ed.flow.name}</h1>
        {ed.dirty && (
          <p role="status" className="order-last w-full rounded-md bg-amber-50 px-3 py-1.5 text-sm text-amber-800 sm:order-none sm:w-auto dark:bg-amber-950 dark:text-amber-200" data-testid="flow-unsaved">
            {t('flows.canvas.unsaved')}
          </p>
        )}
        <Button onClick={() => void ed.save()} disabled={ed.saving} data-testid="flow-save">
          <Icon name="check" className="size-5" />
          {t('flows.canvas.save')}
        </Button>
      </div>
      {ed.problems.general.length > 0 && (
        <ul role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300" data-testid="flow-problems">
          {ed.problems.general.map((p) => <li key={p}>{p}</li>)}
        </ul>
      )}
      <div ref={wrapper} onKeyDown={onKeyDown} className="relative min-h-[360px] flex-1 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800" data-testid="flow-canvas">
        <BlockActionsContext.Provider value={ed.actions}>
          <BlockProblemsContext.Provider value={ed.problems.byNode}>
            <ReactFlow
              nodes={ed.nodes}
              edges={ed.edges}
              nodeTypes={NODE_TYPES}
              onNodesChange={ed.onNodesChange}
              onEdgesChange={ed.onEdgesChange}
              onConnect={ed.onConnect}
              isValidConnection={ed.isValidConnection}
              onNodeDoubleClick={(_, node) => ed.actions.edit(node.id)}
              zoomOnDoubleClick={false}
              deleteKeyCode={DELETE_KEYS}
              colorMode={theme}
              style={CANVAS_STYLE[theme]}
              fitView
              fitViewOptions={FIT_VIEW}
              minZoom={0.1}
              proOptions={{ hideAttribution: true }}
            >
              <Background />
              <Controls showInteractive={false} />
              <MiniMap pannable zoomable className="!hidden sm:!block" />
            </ReactFlow>
          </BlockProblemsContext.Provider>
        </BlockActionsContext.Provider>
        <div className="absolute bottom-4 right-4 z-10 sm:bottom-6 sm:right-6 sm:mr-52">
          <FlowAddMenu onPick={ed.add} />
        </div>
      </div>
      {ed.dialog && (
        <BlockDialog open mode={ed.dialog.mode} type={ed.dialog.type} initial={ed.dialog.initial} onClose={() => ed.setDialog(null)} onSave={ed.applyDialog} />
      )}
    </>
  )
}

/** /flowbuilder/{id} (spec part 2 §2, §4): the flow's canvas on React Flow. */
export default function FlowCanvasPage() {
  const { id } = useParams()
  return (
    <section className="flex h-full min-h-[480px] flex-col gap-3">
      <ReactFlowProvider>
        <FlowCanvas key={id} flowId={Number(id)} />
      </ReactFlowProvider>
    </section>
  )
}
