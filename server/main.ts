import { loadConfig } from './config.ts'
import { createApp } from './app.ts'
import { startServices } from './services.ts'
import { startWorkers } from '../workers/start-workers.ts'
import { startPgFanout, websocketHandler } from './realtime/index.ts'
import { NUMBER_CHECK_WAKE } from './domain/contacts/number-check-requests.ts'

/** `npm start` (API and workers in one process, `--workers`) or `npm run server` (API only) on PORT. */
const config = loadConfig()
const started = await startServices(config)
const { createdAdmin } = started.seed
if (createdAdmin) {
  console.log(`Super user created: ${createdAdmin.email}`)
  if (createdAdmin.generated) console.log(`Generated password (shown once): ${createdAdmin.password}`)
}
const workers = process.argv.includes('--workers') ? startWorkers(started.services) : undefined
const app = createApp(started.services)
const hub = started.services.hub!
// Several API instances share one Postgres: their sockets hear each other's events through LISTEN/NOTIFY.
const stopFanout =
  started.database.mode === 'postgres'
    ? await startPgFanout({ sql: started.database.sql, events: started.services.events, deliver: (e) => hub.deliver(e) })
    : async () => {}
// Number checks other API instances ask through Postgres wake this process's workers at once.
const checksListener =
  workers && started.database.mode === 'postgres'
    ? await started.database.sql.listen('balcao_jobs', (payload) => payload === NUMBER_CHECK_WAKE && void workers.answerNumberChecks())
    : undefined
const server = Bun.serve({ port: config.PORT, hostname: config.HOST, fetch: app.fetch, idleTimeout: 60, websocket: websocketHandler })
console.log(`Balcão listening on http://${server.hostname}:${server.port} (${started.database.mode})`)

async function shutdown() {
  server.stop()
  await hub.stop()
  await stopFanout()
  await checksListener?.unlisten()
  await workers?.stop()
  await started.close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
