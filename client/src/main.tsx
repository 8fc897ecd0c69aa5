import './lib/zod-jitless.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { registerServiceWorker } from './lib/service-worker.ts'
import './i18n/index.ts'
import './styles.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
registerServiceWorker()
