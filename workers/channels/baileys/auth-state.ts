import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from 'baileys'
import type { JSONValue } from 'postgres'
import type { Tx } from '../../../server/db/connect.ts'
import { withSystem, type Db } from '../../../server/db/tenant.ts'

/** The connection (whatsapps row) whose Baileys session this is. */
export interface AuthOwner {
  companyId: number
  whatsappId: number
}

export interface PostgresAuthState {
  state: AuthenticationState
  /** Persists state.creds; the socket mutates that object in place before each creds.update. */
  saveCreds(): Promise<void>
  /** Forgets the session (logout, 401, ban): the next start shows a fresh QR. */
  clear(): Promise<void>
}

const CREDS_TYPE = 'creds'

// BufferJSON turns Buffers into {type:'Buffer',data:base64}; jsonb keeps that shape and reading
// value::text back through the reviver restores real Buffers. postgres.js serialises jsonb
// parameters itself, so it gets the plain (Buffer-free) object, not a string.
const encode = (value: unknown): JSONValue => JSON.parse(JSON.stringify(value, BufferJSON.replacer))
const decode = (text: string) => JSON.parse(text, BufferJSON.reviver)

/**
 * Loads (or starts) the Baileys auth state of one connection from `baileys_keys`: the creds row is
 * (type 'creds', key_id ''), every signal key is (type, key_id) as Baileys names it, so key types added
 * by future Baileys versions are stored without a schema change.
 */
export async function loadAuthState(db: Db, owner: AuthOwner): Promise<PostgresAuthState> {
  const stored = await withSystem(db, (tx) => readRows(tx, owner.whatsappId, CREDS_TYPE, ['']))
  const creds: AuthenticationCreds = stored.has('') ? decode(stored.get('')!) : initAuthCreds()
  const keys: SignalKeyStore = {
    get: (type, ids) => getKeys(db, owner, type, ids),
    set: (data) => setKeys(db, owner, data),
    clear: () => clearAll(db, owner),
  }
  return {
    state: { creds, keys },
    saveCreds: () => setKeys(db, owner, { [CREDS_TYPE]: { '': creds } } as unknown as SignalDataSet),
    clear: () => clearAll(db, owner),
  }
}

async function readRows(tx: Tx, whatsappId: number, type: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await tx<{ keyId: string; value: string }[]>`
    select key_id, value::text as value from baileys_keys
    where whatsapp_id = ${whatsappId} and type = ${type} and key_id in ${tx(ids)}`
  return new Map(rows.map((r) => [r.keyId, r.value]))
}

async function getKeys<T extends keyof SignalDataTypeMap>(
  db: Db,
  owner: AuthOwner,
  type: T,
  ids: string[],
): Promise<{ [id: string]: SignalDataTypeMap[T] }> {
  const rows = await withSystem(db, (tx) => readRows(tx, owner.whatsappId, type, ids))
  const out: { [id: string]: SignalDataTypeMap[T] } = {}
  for (const [id, text] of rows) {
    let value = decode(text)
    // Baileys calls methods of the protobuf class on these, so a plain object will not do.
    if (type === 'app-state-sync-key') value = proto.Message.AppStateSyncKeyData.fromObject(value)
    out[id] = value
  }
  return out
}

/**
 * One Baileys commit in one transaction: Baileys buffers a whole signal transaction into a single
 * set() call, and half-applied key changes are how sessions end in "Bad MAC". Throws on failure so
 * Baileys retries the commit.
 */
async function setKeys(db: Db, owner: AuthOwner, data: SignalDataSet): Promise<void> {
  const upserts: { companyId: number; whatsappId: number; type: string; keyId: string; value: JSONValue }[] = []
  const deletes = new Map<string, string[]>()
  for (const [type, entries] of Object.entries(data)) {
    for (const [keyId, value] of Object.entries(entries ?? {})) {
      if (value === null || value === undefined) deletes.set(type, [...(deletes.get(type) ?? []), keyId])
      else upserts.push({ companyId: owner.companyId, whatsappId: owner.whatsappId, type, keyId, value: encode(value) })
    }
  }
  if (upserts.length === 0 && deletes.size === 0) return
  await withSystem(db, async (tx) => {
    for (const [type, ids] of deletes) {
      await tx`delete from baileys_keys where whatsapp_id = ${owner.whatsappId} and type = ${type} and key_id in ${tx(ids)}`
    }
    if (upserts.length === 0) return
    await tx`
      insert into baileys_keys ${tx(upserts, 'companyId', 'whatsappId', 'type', 'keyId', 'value')}
      on conflict (whatsapp_id, type, key_id) do update set value = excluded.value`
  })
}

async function clearAll(db: Db, owner: AuthOwner): Promise<void> {
  await withSystem(db, (tx) => tx`delete from baileys_keys where whatsapp_id = ${owner.whatsappId}`)
}
