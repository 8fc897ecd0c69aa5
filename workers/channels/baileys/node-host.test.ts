import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { BACKENDS, startTestEnv, type TestEnv } from '../../../test/env.ts'
import { startClosingServer } from './loopback-server.ts'
import { createConnection } from './test-support.ts'

const ROOT = resolve(import.meta.dir, '../../..')

/**
 * Builds node-host.ts for Node, exactly as a deployment would, and runs it under `node` against a
 * loopback WebSocket. Postgres only: the Node process needs its own database connection, and the
 * embedded PGlite of the tests serves a single connection.
 */
describe.skipIf(!BACKENDS.includes('postgres'))('node-host under Node [postgres]', () => {
  let env: TestEnv
  let dir: string
  const server = startClosingServer()

  beforeAll(async () => {
    env = await startTestEnv('postgres')
    dir = mkdtempSync(join(tmpdir(), 'baileys-node-host-'))
    // --packages=external keeps baileys (and its WASM) as Node loads it; a symlink makes it resolvable.
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
    const build = Bun.spawnSync({
      cmd: [
        join(ROOT, 'node_modules/.bin/bun'),
        'build',
        'workers/channels/baileys/node-host.ts',
        '--target=node',
        '--packages=external',
        // server/db/migrate.ts computes a path from Bun's import.meta.dir at load time; Node has none.
        '--define',
        'import.meta.dir="."',
        '--outfile',
        join(dir, 'node-host.mjs'),
      ],
      cwd: ROOT,
    })
    if (build.exitCode !== 0) throw new Error(`bun build failed: ${build.stderr.toString()}`)
  }, 120_000)

  afterAll(async () => {
    server.stop()
    await env?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  test('reports connect → close 428 → scheduled reconnect → close again, as JSON lines', async () => {
    const owner = await createConnection(env)
    const before = server.upgrades()
    const child = Bun.spawn({
      cmd: ['node', join(dir, 'node-host.mjs'), server.url],
      env: {
        ...process.env,
        DATABASE_URL: env.services.config.DATABASE_URL!,
        BAILEYS_COMPANY_ID: String(owner.companyId),
        BAILEYS_WHATSAPP_ID: String(owner.whatsappId),
        BAILEYS_MAX_CLOSES: '2',
        BAILEYS_DELAY_SCALE: '0.01',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const killer = setTimeout(() => child.kill(), 20_000)
    const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
    clearTimeout(killer)
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l))
    expect(stderr).toBe('')
    expect(code).toBe(0)

    expect(lines[0]).toMatchObject({ type: 'runtime', bun: null })
    expect(lines[0].node).toMatch(/^\d+\./)
    const summary = lines
      .filter((l) => l.type !== 'runtime')
      .map((l) => (l.type === 'event' ? `${l.event.status}${l.event.retries ? `#${l.event.retries}` : ''}` : l.type === 'log' ? l.message : l.type))
    expect(summary).toEqual([
      'OPENING',
      'baileys closed (428): closed (428) → reconnect',
      'OPENING#1',
      'baileys closed (428): closed (428) → reconnect',
      'OPENING#2',
      'exit',
    ])
    expect(server.upgrades()).toBe(before + 2)
  }, 30_000)
})
