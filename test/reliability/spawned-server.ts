import { join } from 'node:path'

/** A free TCP port on this machine, for a server started in a child process. */
export async function freePort(): Promise<number> {
  const server = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = server.port!
  server.stop(true)
  return port
}

/** `server/main.ts --workers` (API and workers in one process, as `npm start`) in a child a test can kill -9. */
export function startServer(databaseUrl: string, dataDir: string, port: number, admin: { email: string; password: string }) {
  return Bun.spawn([process.execPath, 'server/main.ts', '--workers'], {
    cwd: join(import.meta.dir, '..', '..'),
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'silent', SEED_SIMULATOR: 'true' },
    stdout: 'ignore',
    stderr: 'ignore',
  })
}

export async function waitUp(base: string) {
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${base}/version`).then((r) => r.ok, () => false)) return
    await Bun.sleep(100)
  }
  throw new Error('server did not start')
}
