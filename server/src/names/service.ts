import type { IdentityResponse, NameRecord } from '@portico/core'
import Type, { type Static } from 'typebox'
import { Compile } from 'typebox/compile'
import { type Hex, isAddress } from 'viem'
import { ApiError, badRequest, notFound } from '../http/errors.js'
import { type CacheFactory, memoryCaches, type SharedCache } from '../shared/index.js'
import { registrationTypedData, verifyTypedSignature } from '../signatures/index.js'
import { BatchConditionError, type Database, isUniqueViolation } from '../storage/index.js'
import type { EnsIdentityResolver } from './ens.js'

/** SPEC §5: a name label is at least 4 letters, digits or hyphens (63 at most, as in DNS). */
export const NAME_LABEL = /^[A-Za-z0-9-]{4,63}$/

/**
 * The registration message (the `message` of POST /v1/profile/account):
 * JSON text `{ name, address, coin_type, timestamp, attributes? }`,
 * timestamp in epoch milliseconds. The `signature` is the owner's EIP-712
 * signature over `registrationTypedData(message)` (domain "Portico Names"),
 * which covers every field: a signature cannot be reused for another name,
 * address, coin type or attributes, or later, or outside this API.
 */
export const RegistrationMessage = Type.Object({
  name: Type.String({ maxLength: 300 }),
  address: Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' }),
  coin_type: Type.Integer({ minimum: 0, maximum: 0xffffffff }),
  timestamp: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 }),
  attributes: Type.Optional(
    Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_.-]{0,31}$' }), Type.String({ maxLength: 512 }), {
      maxProperties: 10,
    }),
  ),
})
export type RegistrationMessage = Static<typeof RegistrationMessage>
const checkMessage = Compile(RegistrationMessage)

/** SLIP-44 60 (Ether) and ENSIP-11 EVM chain coin types (0x80000000 | chainId) hold EVM addresses. */
export const isEvmCoinType = (coinType: number) => coinType === 60 || coinType >= 0x80000000

interface NameRow {
  name: string
  owner: string
  registered: number
  updated: number
  attributes: string
}

/**
 * The name registry: names within one zone, one owner each, registered by a
 * signed message; reverse lookups and identities read from the same tables.
 */
export class NameService {
  readonly #identity: SharedCache<IdentityResponse>
  readonly #pending = new Map<string, Promise<IdentityResponse>>()

  constructor(
    private readonly db: Database,
    readonly zone: string,
    private readonly maxMessageAgeMs: number,
    private readonly identityTtlMs: number,
    /** ENS fallback for addresses without a registry name (networks configured with ENS). */
    private readonly ens?: EnsIdentityResolver,
    /** Where identities are cached: this process (default) or Redis, shared by every instance. */
    caches: CacheFactory = memoryCaches(),
  ) {
    // No copy in process memory: a registration on any instance must show on every other at once.
    this.#identity = caches.cache<IdentityResponse>('identity')
  }

  /** `label` or `label.zone` → `label.zone` (lower case), or undefined when not a name of this zone. */
  normalize(name: string): string | undefined {
    const lower = name.toLowerCase()
    const label = lower.endsWith(`.${this.zone}`) ? lower.slice(0, -(this.zone.length + 1)) : lower
    return NAME_LABEL.test(label) ? `${label}.${this.zone}` : undefined
  }

  async lookup(name: string): Promise<NameRecord | undefined> {
    const rows = await this.db.query<NameRow>('SELECT * FROM names WHERE name = ?', [name])
    return rows[0] ? (await this.#records(rows))[0] : undefined
  }

  async reverse(address: string): Promise<NameRecord[]> {
    const rows = await this.db.query<NameRow>(
      `SELECT n.* FROM names n WHERE n.name IN (SELECT name FROM name_addresses WHERE address = ?)
       ORDER BY n.registered, n.name`,
      [address.toLowerCase()],
    )
    return this.#records(rows)
  }

  /** The requested name with its status, then up to 5 free alternatives. */
  async suggestions(label: string): Promise<{ name: string; registered: boolean }[]> {
    const base = label.toLowerCase()
    const year = new Date().getUTCFullYear()
    const candidates = [
      base,
      `${base}1`,
      `${base}-1`,
      `${base}${year}`,
      `the-${base}`,
      `${base}-id`,
      `${base}x`,
    ]
      .filter((l, i, all) => NAME_LABEL.test(l) && all.indexOf(l) === i)
      .map((l) => `${l}.${this.zone}`)
    const taken = await this.db.query<{ name: string }>(
      `SELECT name FROM names WHERE name IN (${candidates.map(() => '?').join(', ')})`,
      candidates,
    )
    const set = new Set(taken.map((t) => t.name))
    const [first, ...rest] = candidates
    const out = first ? [{ name: first, registered: set.has(first) }] : []
    for (const c of rest) if (!set.has(c) && out.length < 6) out.push({ name: c, registered: false })
    return out
  }

  /**
   * `{ name, avatar }` of an address: its registry name first; without one,
   * its ENS primary name on `chain` (when that network has ENS) or on the
   * default ENS network. Cached for the identity TTL, ENS misses included.
   */
  async identity(address: string, chain?: string): Promise<IdentityResponse> {
    const lower = address.toLowerCase()
    const ensNetwork = this.ens?.networkFor(chain)
    const key = ensNetwork ? `${lower}@${ensNetwork}` : lower
    const pending = this.#pending.get(key)
    if (pending) return pending
    const work = (async () => {
      const hit = await this.#identity.get(key)
      if (hit.value !== undefined) return hit.value
      const value = await this.#resolveIdentity(lower, ensNetwork)
      // Not stored when a registration invalidated the address meanwhile (the token says so).
      await this.#identity.set(key, value, this.identityTtlMs, hit.token)
      return value
    })()
    this.#pending.set(key, work)
    try {
      return await work
    } finally {
      if (this.#pending.get(key) === work) this.#pending.delete(key)
    }
  }

  async #resolveIdentity(address: string, ensNetwork: string | undefined): Promise<IdentityResponse> {
    const rows = await this.db.query<{ name: string; attributes: string }>(
      `SELECT n.name, n.attributes FROM names n JOIN name_addresses a ON a.name = n.name
       WHERE a.address = ? AND a.coin_type = ? ORDER BY n.registered, n.name LIMIT 1`,
      [address, '60'],
    )
    const row = rows[0]
    if (row)
      return { name: row.name, avatar: (JSON.parse(row.attributes) as Record<string, string>).avatar ?? null }
    if (this.ens && ensNetwork) return this.ens.identity(address as Hex, ensNetwork)
    return { name: null, avatar: null }
  }

  /**
   * The address an ENS name resolves to (`GET /v1/ens/resolve/{name}`), on
   * `chain`'s ENS or the default ENS network. Not cached: Send asks right
   * before it sends. Every reason for no address is a typed error.
   */
  async ensAddress(name: string, chain?: string): Promise<{ name: string; address: string }> {
    const result = this.ens
      ? await this.ens.address(name, this.ens.networkFor(chain))
      : ({ status: 'no_ens' } as const)
    switch (result.status) {
      case 'found':
        return { name: result.name, address: result.address }
      case 'invalid_name':
        throw badRequest('name is not a valid ENS name (ENSIP-15)', 'invalid_name')
      case 'no_ens':
        throw notFound('ENS is not configured on this gateway', 'ens_not_configured')
      case 'not_found':
        throw notFound(`no address is set for ${result.name}`, 'name_not_found')
      case 'resolver_error':
        throw new ApiError(502, 'ens_resolver_error', `the resolver of ${result.name} failed`)
      case 'unavailable':
        throw new ApiError(502, 'ens_unavailable', 'ENS could not be asked within the limits')
    }
  }

  /**
   * Registers (or, for its owner, updates) a name from a signed message.
   * Checks, in order: message shape, coin type, zone and label, address
   * binding, age, canonical EIP-712 signature, then atomically: the signed
   * message not used before, name free or owned by the signer.
   */
  async register(
    body: { coin_type: number; address: string; message: string; signature: string },
    now = Date.now(),
  ) {
    if (!isEvmCoinType(body.coin_type))
      throw badRequest('coin_type must be 60 or an EVM chain coin type', 'unsupported_coin_type')
    if (!isAddress(body.address, { strict: false })) throw badRequest('address is not an EVM address')
    let parsed: unknown
    try {
      parsed = JSON.parse(body.message)
    } catch {
      throw badRequest('message is not JSON text { name, address, timestamp }', 'invalid_message')
    }
    if (!checkMessage.Check(parsed)) {
      throw badRequest(
        'message must be JSON text { name, address, coin_type, timestamp, attributes? }',
        'invalid_message',
      )
    }
    const msg = parsed as RegistrationMessage
    if (msg.coin_type !== body.coin_type)
      throw badRequest('message is signed for another coin_type', 'coin_type_mismatch')
    const name = this.normalize(msg.name)
    if (!name || !msg.name.toLowerCase().endsWith(`.${this.zone}`)) {
      throw badRequest(
        `name must be <label>.${this.zone} with a label of at least 4 letters, digits or hyphens`,
        'invalid_name',
      )
    }
    const address = body.address.toLowerCase()
    if (msg.address.toLowerCase() !== address)
      throw badRequest('message is signed for another address', 'address_mismatch')
    if (Math.abs(now - msg.timestamp) > this.maxMessageAgeMs) {
      throw badRequest('message timestamp is too old or in the future', 'stale_message')
    }
    // EIP-712 over every field, canonical signatures only; the replay key is the signed digest.
    const { digest } = await verifyTypedSignature(address, registrationTypedData(msg), body.signature)

    const attributes = JSON.stringify(msg.attributes ?? {})
    try {
      await this.db.batch([
        {
          // A signed registration is accepted once: a replay (however its signature is encoded) fails on the key.
          // Past timestamp + max age the message is stale anyway: the row may be pruned after that.
          sql: 'INSERT INTO used_signatures (digest, used_at, expires_at) VALUES (?, ?, ?)',
          params: [digest, now, msg.timestamp + this.maxMessageAgeMs],
        },
        {
          // Monotonic per owner: a message not newer than the owner's last accepted one changes no row.
          sql: `INSERT INTO name_owner_clock (owner, last_timestamp) VALUES (?, ?)
                ON CONFLICT (owner) DO UPDATE SET last_timestamp = excluded.last_timestamp
                WHERE name_owner_clock.last_timestamp < excluded.last_timestamp`,
          params: [address, msg.timestamp],
          expectChanges: 1,
        },
        {
          // One owner per name: a name held by another address changes no row, and the batch rolls back.
          sql: `INSERT INTO names (name, owner, registered, updated, attributes) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET updated = excluded.updated, attributes = excluded.attributes
                WHERE names.owner = excluded.owner`,
          params: [name, address, now, now, attributes],
          expectChanges: 1,
        },
        {
          sql: `INSERT INTO name_addresses (name, coin_type, address, created) VALUES (?, ?, ?, ?)
                ON CONFLICT (name, coin_type) DO UPDATE SET address = excluded.address`,
          params: [name, String(body.coin_type), address, now],
        },
      ])
    } catch (error) {
      if (error instanceof BatchConditionError && error.index === 1)
        throw new ApiError(
          409,
          'stale_message',
          'a newer registration message of this address was already accepted',
        )
      if (error instanceof BatchConditionError)
        throw new ApiError(409, 'name_taken', `${name} belongs to another address`)
      if (isUniqueViolation(error))
        throw new ApiError(409, 'replayed_signature', 'this signature was already used')
      throw error
    }
    // Drop the cached identity of this address (on every ENS network too); lookups in flight are not cached.
    const keys = [address, ...(this.ens?.networks() ?? []).map((n) => `${address}@${n}`)]
    // Requests from now on must not join a lookup that began before the change.
    for (const k of keys) this.#pending.delete(k)
    await this.#identity.invalidate(keys)
    return { success: true as const, name }
  }

  async #records(rows: NameRow[]): Promise<NameRecord[]> {
    if (rows.length === 0) return []
    const addresses = await this.db.query<{
      name: string
      coin_type: string
      address: string
      created: number
    }>(
      `SELECT name, coin_type, address, created FROM name_addresses WHERE name IN (${rows.map(() => '?').join(', ')})`,
      rows.map((r) => r.name),
    )
    return rows.map((r) => ({
      name: r.name,
      registered: r.registered,
      updated: r.updated,
      addresses: Object.fromEntries(
        addresses
          .filter((a) => a.name === r.name)
          .map((a) => [a.coin_type, { address: a.address, created: a.created }]),
      ),
      attributes: JSON.parse(r.attributes) as Record<string, string>,
    }))
  }
}
