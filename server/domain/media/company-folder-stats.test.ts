import { expect, test } from 'bun:test'
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { withSystem } from '../../db/tenant.ts'
import { describeEachBackend } from '../../../test/env.ts'
import { createCompany } from '../../../test/factories.ts'
import { refreshCompanyFolderStats } from './company-folder-stats.ts'

describeEachBackend('company folder figures (issue 19)', (env) => {
  test('size, file count and newest change of each company folder; unchanged rows are not written again', async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const dir = join(env().services.media.root, String(a.companyId))
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, `${'a'.repeat(32)}.png`), Buffer.alloc(1500))
    writeFileSync(join(dir, `${'b'.repeat(32)}.pdf`), Buffer.alloc(500))
    const newest = new Date('2026-11-19T10:00:00Z')
    utimesSync(join(dir, `${'a'.repeat(32)}.png`), new Date('2026-11-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'))
    utimesSync(join(dir, `${'b'.repeat(32)}.pdf`), newest, newest)

    expect(await refreshCompanyFolderStats(env().services.db, env().services.media)).toBeGreaterThanOrEqual(1)
    const rows = await withSystem(env().services.db, (tx) => tx<{ id: number; folderSize: string; numberFileFolder: number; updatedAtFolder: Date | null }[]>`
      select id, folder_size, number_file_folder, updated_at_folder from companies where id in (${a.companyId}, ${b.companyId}) order by id`)
    expect(rows.map((r) => ({ size: Number(r.folderSize), files: r.numberFileFolder, at: r.updatedAtFolder?.toISOString() ?? null }))).toEqual([
      { size: 2000, files: 2, at: newest.toISOString() },
      { size: 0, files: 0, at: null },
    ])
    // Nothing changed on disk: nothing written.
    expect(await refreshCompanyFolderStats(env().services.db, env().services.media)).toBe(0)
  })
})
