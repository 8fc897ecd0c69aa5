import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MediaStore } from '../../media/media-store.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { PNG_1PX } from '../../../test/files.ts'
import { checkFlowFile, saveFlowMedia } from './flow-media.ts'

const MB = 1024 * 1024
const file = (name: string, type: string, size = 16, bytes?: Uint8Array<ArrayBuffer>) => new File([bytes ?? new Uint8Array(size)], name, { type })
const refusal = (fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    return e instanceof AppError ? { code: e.code, status: e.status, message: e.message } : e
  }
  return null
}

describe('checkFlowFile', () => {
  test('an image is png, jpg or jpeg up to 2 MB; above that 413 with the spec message', () => {
    expect(checkFlowFile(file('a.PNG', 'image/png'), 'img').type).toBe('image/png')
    expect(checkFlowFile(file('a.jpeg', 'image/jpeg', 2 * MB), 'img').size).toBe(2 * MB)
    expect(refusal(() => checkFlowFile(file('a.png', 'image/png', 2 * MB + 1), 'img'))).toEqual({ code: 'ERR_FILE_TOO_LARGE', status: 413, message: 'Arquivo é muito grande! 2MB máximo' })
    expect(refusal(() => checkFlowFile(file('a.gif', 'image/gif'), 'img'))).toMatchObject({ code: 'ERR_INVALID_FILE_TYPE', status: 400 })
    expect(refusal(() => checkFlowFile(file('a.mp3', 'audio/mpeg'), 'img'))).toMatchObject({ code: 'ERR_INVALID_FILE_TYPE' })
  })

  test('the audio call takes ogg, mp3, opus up to 5 MB and mp4 video up to 20 MB', () => {
    expect(checkFlowFile(file('v.ogg', 'audio/ogg', 5 * MB), 'audio').name).toBe('v.ogg')
    expect(refusal(() => checkFlowFile(file('v.mp3', 'audio/mpeg', 5 * MB + 1), 'audio'))).toMatchObject({ code: 'ERR_FILE_TOO_LARGE', message: 'Arquivo é muito grande! 5MB máximo' })
    expect(checkFlowFile(file('v.mp4', 'video/mp4', 20 * MB), 'audio').name).toBe('v.mp4')
    expect(refusal(() => checkFlowFile(file('v.wav', 'audio/wav'), 'audio'))).toMatchObject({ code: 'ERR_INVALID_FILE_TYPE' })
  })

  test('a declared type that contradicts the extension is refused; none declared takes the extension’s', () => {
    expect(refusal(() => checkFlowFile(file('x.png', 'application/pdf'), 'img'))).toMatchObject({ code: 'ERR_INVALID_FILE_TYPE' })
    expect(refusal(() => checkFlowFile(file('x.mp4', 'audio/mpeg'), 'audio'))).toMatchObject({ code: 'ERR_INVALID_FILE_TYPE' })
    expect(checkFlowFile(file('voz.opus', ''), 'content').type).toBe('audio/ogg')
  })
})

describe('saveFlowMedia', () => {
  let dir: string
  let media: MediaStore
  const ctx = { auth: { user: { companyId: 7 } } } as unknown as DomainCtx
  const stored = () => (existsSync(join(media.root, '7')) ? readdirSync(join(media.root, '7')) : [])
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'flow-media-'))
    media = new MediaStore(dir, 20 * MB)
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  test('stores each file in the company folder under a random name and answers the names', async () => {
    const names = await saveFlowMedia(ctx, media, 'content', [file('a.png', 'image/png', 0, PNG_1PX), file('b.mp3', 'audio/mpeg')])
    expect(names).toHaveLength(2)
    for (const n of names) expect(n).toMatch(/^[a-f0-9]{32}\.(png|mp3)$/)
    expect(stored().sort()).toEqual([...names].sort())
  })

  test('checks every file before writing any: one bad file stores nothing', async () => {
    await expect(saveFlowMedia(ctx, media, 'content', [file('a.mp3', 'audio/mpeg'), file('b.exe', 'application/octet-stream')])).rejects.toMatchObject({ code: 'ERR_INVALID_FILE_TYPE' })
    expect(stored()).toEqual([])
  })

  test('a file refused while writing (a png that is not one) takes back those already written', async () => {
    await expect(saveFlowMedia(ctx, media, 'content', [file('a.mp3', 'audio/mpeg'), file('b.png', 'image/png')])).rejects.toMatchObject({ code: 'ERR_INVALID_FILE_TYPE' })
    expect(stored()).toEqual([])
  })
})
