import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'

/**
 * The browser database's first start without initdb (issue 14): at build time, PGlite (the same package the
 * worker runs) creates a data directory with our local schema and dumps it; the worker loads that dump
 * (`loadDataDir`) for a user's new database instead of running initdb in WebAssembly, which took most of the
 * first start (docs/decisions.md "First start from a prebuilt database"). Written under /assets with its
 * hash (cached for good) and named to the worker through the `__PGLITE_SEED__` define; not precached by the
 * service worker (a returning device never needs it). `vite` in serve mode defines it as null (initdb).
 */
export function pgliteSeed(): Plugin {
  let seed: { fileName: string; bytes: Uint8Array } | null = null
  let outDir = ''
  return {
    name: 'balcao-pglite-seed',
    async config(_config, env) {
      if (env.command !== 'build') return { define: { __PGLITE_SEED__: 'null' } }
      const bytes = await buildSeed()
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12)
      seed = { fileName: `assets/pglite-seed-${hash}.tar.gz`, bytes }
      return { define: { __PGLITE_SEED__: JSON.stringify(`/${seed.fileName}`) } }
    },
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    writeBundle() {
      if (!seed) return
      mkdirSync(join(outDir, 'assets'), { recursive: true })
      writeFileSync(join(outDir, seed.fileName), seed.bytes)
    },
  }
}

export async function buildSeed(): Promise<Uint8Array> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { applyLocalSchema } = await import('../../sync/client/schema.ts')
  const pg = await PGlite.create()
  try {
    await applyLocalSchema(pg)
    // PGlite only ever opens `postgres`; template0 and template1 (what CREATE DATABASE copies) are 14 of the
    // directory's 40 MB, and every byte of a new database is written to the browser's storage.
    for (const template of ['template1', 'template0']) {
      await pg.exec(`alter database ${template} is_template false`)
      await pg.exec(`drop database ${template}`)
    }
    // What initdb and the schema leave, checkpointed, so the browser starts from a clean state.
    await pg.exec('checkpoint')
    return new Uint8Array(await (await pg.dumpDataDir('gzip')).arrayBuffer())
  } finally {
    await pg.close()
  }
}
