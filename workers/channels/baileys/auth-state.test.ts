import { expect, test } from 'bun:test'
import { initAuthCreds, proto, BufferJSON } from 'baileys'
import { describeEachBackend } from '../../../test/env.ts'
import { rejection } from '../../../test/rejection.ts'
import { loadAuthState } from './auth-state.ts'
import { createConnection, storedKeys } from './test-support.ts'

describeEachBackend('baileys auth state', (env) => {
  test('starts with fresh creds and round-trips them, Buffers included', async () => {
    const owner = await createConnection(env())
    const first = await loadAuthState(env().services.db, owner)
    expect(first.state.creds.registered).toBe(false)
    first.state.creds.me = { id: '5511988887777:3@s.whatsapp.net', name: 'Loja' }
    await first.saveCreds()

    const again = await loadAuthState(env().services.db, owner)
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true)
    // jsonb reorders keys, so compare the encoded trees rather than the strings.
    const encoded = (v: unknown) => JSON.parse(JSON.stringify(v, BufferJSON.replacer))
    expect(encoded(again.state.creds)).toEqual(encoded(first.state.creds))
    expect(again.state.creds.me?.id).toBe('5511988887777:3@s.whatsapp.net')
    expect(await storedKeys(env(), owner.whatsappId)).toEqual(['creds/'])
  })

  test('a fresh initAuthCreds() survives a save and load unchanged', async () => {
    const owner = await createConnection(env())
    const auth = await loadAuthState(env().services.db, owner)
    const creds = initAuthCreds()
    Object.assign(auth.state.creds, creds)
    await auth.saveCreds()
    const loaded = (await loadAuthState(env().services.db, owner)).state.creds
    expect(Buffer.compare(loaded.signedPreKey.signature, Buffer.from(creds.signedPreKey.signature))).toBe(0)
    expect(loaded.registrationId).toBe(creds.registrationId)
    expect(loaded.advSecretKey).toBe(creds.advSecretKey)
  })

  test('sets and gets keys of several types, unknown types included, in one call', async () => {
    const owner = await createConnection(env())
    const { keys } = (await loadAuthState(env().services.db, owner)).state
    const preKey = { public: Buffer.from([1, 2, 3]), private: Buffer.from([4, 5, 6]) }
    await keys.set({
      'pre-key': { '1': preKey, '2': preKey },
      session: { 'a.0': Buffer.from('session-a') },
      'app-state-sync-key': { K1: { keyData: Buffer.from([9, 9]), timestamp: 1700000000 } },
      ...({ 'future-type': { x: { any: 'thing' } } } as object),
    })
    const preKeys = await keys.get('pre-key', ['1', '2', '3'])
    expect(Object.keys(preKeys).sort()).toEqual(['1', '2'])
    expect(Buffer.from(preKeys['1'].private)).toEqual(Buffer.from([4, 5, 6]))
    expect(Buffer.from((await keys.get('session', ['a.0']))['a.0']).toString()).toBe('session-a')
    const appKey = (await keys.get('app-state-sync-key', ['K1'])).K1
    expect(appKey).toBeInstanceOf(proto.Message.AppStateSyncKeyData)
    expect(Buffer.from(appKey.keyData!)).toEqual(Buffer.from([9, 9]))
    expect(await keys.get('future-type' as 'session', ['x'])).toEqual({ x: { any: 'thing' } } as never)
    expect(await keys.get('pre-key', [])).toEqual({})
  })

  test('null deletes a key, and other connections are untouched', async () => {
    const owner = await createConnection(env())
    const other = await createConnection(env())
    const { keys } = (await loadAuthState(env().services.db, owner)).state
    const otherKeys = (await loadAuthState(env().services.db, other)).state.keys
    await keys.set({ session: { a: Buffer.from('a'), b: Buffer.from('b') } })
    await otherKeys.set({ session: { a: Buffer.from('other') } })
    await keys.set({ session: { a: null, c: Buffer.from('c') } })
    expect(await storedKeys(env(), owner.whatsappId)).toEqual(['session/b', 'session/c'])
    expect(Buffer.from((await otherKeys.get('session', ['a'])).a).toString()).toBe('other')
  })

  test('a failing set applies none of its writes and throws', async () => {
    const owner = await createConnection(env())
    const { keys } = (await loadAuthState(env().services.db, owner)).state
    await keys.set({ session: { keep: Buffer.from('keep') } })
    // jsonb refuses \u0000, so the upsert statement fails after the delete already ran in the transaction.
    const error = await rejection(
      Promise.resolve(
        keys.set({
          session: { keep: null, fresh: Buffer.from('fresh') },
          'sender-key-memory': { g: { ['bad\u0000jid']: true } },
        }),
      ),
    )
    expect(error).toBeInstanceOf(Error)
    expect(await storedKeys(env(), owner.whatsappId)).toEqual(['session/keep'])
  })

  test('clear wipes creds and keys of that connection only', async () => {
    const owner = await createConnection(env())
    const other = await createConnection(env())
    const auth = await loadAuthState(env().services.db, owner)
    const otherAuth = await loadAuthState(env().services.db, other)
    await auth.saveCreds()
    await auth.state.keys.set({ 'pre-key': { '1': { public: Buffer.from([1]), private: Buffer.from([2]) } } })
    await otherAuth.saveCreds()
    await auth.clear()
    expect(await storedKeys(env(), owner.whatsappId)).toEqual([])
    expect(await storedKeys(env(), other.whatsappId)).toEqual(['creds/'])
    const reloaded = await loadAuthState(env().services.db, owner)
    expect(reloaded.state.creds.noiseKey.public).not.toEqual(auth.state.creds.noiseKey.public)
  })
})
