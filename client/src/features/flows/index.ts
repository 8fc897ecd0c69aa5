import { lazyPage } from '../../ui/lazy-page.tsx'

// Flows (issue 21): the list /flowbuilders and the canvas /flowbuilder/{id}, loaded when first opened
// (the canvas brings React Flow). Others offer the company's flows as choices through useFlowOptions.
export const FlowsPage = lazyPage(() => import('./flows-page.tsx'))
export const FlowCanvasPage = lazyPage(() => import('./flow-canvas-page.tsx'))
export { useFlowOptions } from './flows.ts'
