import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import en from './en.json'
import es from './es.json'
import pt from './pt.json'
import tr from './tr.json'

type Dict = { [k: string]: string | Dict }
const locales: Record<string, Dict> = { pt, en, es, tr }

function flatten(d: Dict, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(d)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (typeof v === 'string') out[key] = v
    else Object.assign(out, flatten(v, key))
  }
  return out
}
const flat = Object.fromEntries(Object.entries(locales).map(([l, d]) => [l, flatten(d)]))
/** Plural keys (_one, _other) count as their base key. */
const has = (lang: string, key: string) => key in flat[lang] || `${key}_other` in flat[lang]

const serverCodes = [...readFileSync(join(import.meta.dir, '../../../server/domain/app-error.ts'), 'utf8').matchAll(/^\s+(ERR_[A-Z_]+):/gm)].map((m) => m[1])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : []
  })
}
const usedKeys = new Set(
  sourceFiles(join(import.meta.dir, '..')).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w.]+)'/g)].map((m) => m[1])),
)

describe('translations', () => {
  test('the four languages have the same keys', () => {
    const ptKeys = Object.keys(flat.pt).sort()
    for (const lang of ['en', 'es', 'tr']) expect(Object.keys(flat[lang]).sort()).toEqual(ptKeys)
  })

  test('no translation is empty', () => {
    for (const [lang, entries] of Object.entries(flat)) {
      for (const [key, value] of Object.entries(entries)) expect({ lang, key, empty: value.trim() === '' }).toEqual({ lang, key, empty: false })
    }
  })

  test('every error code of server/domain/app-error.ts is translated in every language', () => {
    expect(serverCodes.length).toBeGreaterThan(40)
    for (const lang of Object.keys(flat)) {
      const missing = serverCodes.filter((c) => !has(lang, `errors.${c}`))
      expect({ lang, missing }).toEqual({ lang, missing: [] })
    }
  })

  test('every key the code asks for exists', () => {
    expect(usedKeys.size).toBeGreaterThan(50)
    const missing = [...usedKeys].filter((k) => !has('pt', k))
    expect(missing).toEqual([])
  })

  test('the spec wording is kept where the spec quotes it', () => {
    expect(flat.pt['forbidden.title']).toBe('Oops! Acesso Negado!')
    expect(flat.pt['realtime.sessionReplaced']).toBe('Sua conta foi acessada em outro computador.')
    expect(flat.pt['update.available']).toBe('Nova versão disponível')
    expect(flat.pt['validation.tooShort']).toBe('Too Short!')
    expect(flat.en['errors.fallback']).toBe('An error occurred!')
  })
})
