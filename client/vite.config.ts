import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { pgliteSeed } from './tools/pglite-seed.ts'

const here = import.meta.dirname

/** Paths the service worker must never answer with the app shell (API, sync, socket, media, webhooks). */
const apiPaths = [/^\/v1\//, /^\/ws/, /^\/media\//, /^\/public-settings\//, /^\/webhooks/, /^\/api\//, /^\/auth\//]

// Vite 8 + vite-plugin-pwa as measured in shared/pwa-notes.md. `npm run build:client` / `npm run dev:client`.
export default defineConfig({
  root: here,
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { debugName: 'react', name: (id: string) => (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) ? 'react' : null) },
            { debugName: 'ui', name: (id: string) => (/node_modules\/(@headlessui|@floating-ui|@tanstack|@react-aria)\//.test(id) ? 'ui' : null) },
            // The spreadsheet reader is only for /contacts/import: its own chunk, loaded on demand.
            { debugName: 'xlsx', name: (id: string) => (/node_modules\/@e965\/xlsx\//.test(id) ? 'xlsx' : null) },
            // The schedules calendar and its date library: loaded with /schedules only.
            { debugName: 'calendar', name: (id: string) => (/node_modules\/(react-big-calendar|date-fns|date-arithmetic|dayjs|react-overlays|uncontrollable)\//.test(id) ? 'calendar' : null) },
            // The dashboard's charts: loaded with / only.
            { debugName: 'charts', name: (id: string) => (/node_modules\/(chart\.js|react-chartjs-2|@kurkle)\//.test(id) ? 'charts' : null) },
            // The chat's emoji picker and its names: loaded when the picker first opens.
            { debugName: 'emoji', name: (id: string) => (/node_modules\/(emoji-picker-react|shipstyles)\//.test(id) ? 'emoji' : null) },
            { debugName: 'vendor', name: (id: string) => (/node_modules\//.test(id) ? 'vendor' : null) },
          ],
        },
      },
    },
  },
  plugins: [
    pgliteSeed(),
    react(),
    tailwindcss(),
    VitePWA({
      injectRegister: false,
      // A new version waits until the user accepts the "new version" prompt (client/src/lib/service-worker.ts).
      registerType: 'prompt',
      strategies: 'generateSW',
      includeAssets: ['favicon.png', 'icons/*.png'],
      // The manifest is the server's GET /app.webmanifest (white-label: name, colour, icon), so the
      // service worker neither builds nor precaches one (server/domain/settings/app-manifest.ts).
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,wasm,data,png,svg}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: apiPaths,
        clientsClaim: true,
        skipWaiting: false,
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
      },
    }),
  ],
  optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  worker: { format: 'es' },
  server: {
    // `npm run dev:client` beside `npm run server` (port 3000). Page loads (Accept: text/html) stay with Vite,
    // API calls go to the server.
    proxy: {
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
      '^/(?!src/|@|node_modules/|assets/|icons/|favicon|\\?).+': {
        target: 'http://127.0.0.1:3000',
        bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
      },
    },
  },
})
