import { loadConfig } from '../server/config.ts'
import { startServices } from '../server/services.ts'
import { startScheduler } from './scheduler.ts'

/**
 * `npm run workers`: background work only, for deployments that run API and workers apart. It needs
 * DATABASE_URL: embedded PGlite belongs to one process, so there `npm start` runs the workers in-process.
 */
const config = loadConfig()
if (!config.DATABASE_URL) {
  console.error('npm run workers needs DATABASE_URL (PGlite is single-process: use npm start instead)')
  process.exit(1)
}
const started = await startServices(config)
const stop = startScheduler(started.services.db, { log: (m) => console.error(m) })
console.log('Balcão workers running')

async function shutdown() {
  stop()
  await started.close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
