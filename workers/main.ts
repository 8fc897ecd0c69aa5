import { loadConfig } from '../server/config.ts'
import { startServices } from '../server/services.ts'
import { startPgFanout } from '../server/realtime/pg-fanout.ts'
import { startWorkers } from './start-workers.ts'
import { NUMBER_CHECK_WAKE } from '../server/domain/contacts/number-check-requests.ts'
import { INTEGRATION_QUEUE } from '../server/domain/integrations/runtime/index.ts'

/**
 * `npm run workers`: background work only, for deployments that run API and workers apart. It needs
 * DATABASE_URL: embedded PGlite belongs to one process, so there `npm start` runs the workers in-process.
 */
const config = loadConfig()
if (!config.DATABASE_URL) {
  console.error('npm run workers needs DATABASE_URL (PGlite is single-process: use npm start instead)')
  process.exit(1)
}
const started = await startServices(config, { seed: false })
// Events of this process (new messages, session status) reach the API instances' sockets through NOTIFY.
const stopFanout = await startPgFanout({ sql: started.database.sql, events: started.services.events, deliver: () => {} })
const workers = startWorkers(started.services)
// app_enqueue_job NOTIFYs: a send queued by an API instance goes out at once rather than at the next poll.
const jobsListener = await started.database.sql.listen('balcao_jobs', (payload) => {
  if (payload === NUMBER_CHECK_WAKE) void workers.answerNumberChecks()
  else if (payload === INTEGRATION_QUEUE) void workers.integrations.tick()
  else void workers.host.kick()
})
console.log('Balcão workers running')

async function shutdown() {
  await jobsListener.unlisten()
  await workers.stop()
  await stopFanout()
  await started.close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
