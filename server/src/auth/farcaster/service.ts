import { randomBytes } from 'node:crypto'
import { createPublicClient, getAddress, http, type PublicClient } from 'viem'
import { readContract } from 'viem/actions'
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import { ApiError } from '../../http/errors.js'
import { type Database, whenConditionFails } from '../../storage/index.js'
import { type AuthKeys, deriveKeys, mac, newToken, sameHex } from '../core/crypto.js'
import type { SessionStore } from '../core/sessions.js'
import type { FarcasterConfig } from './config.js'
import { openChannel, readChannel } from './relay.js'

/** A session made from a Farcaster sign-in: the bearer token the frame keeps, the fid, and the name to show. */
export interface FarcasterSession {
  token: string
  expiresAt: number
  fid: number
  label: string
}

/** Sign In With Farcaster's fixed texts: the statement and the chain (OP Mainnet) every message names. */
export const SIWF_STATEMENT = 'Farcaster Auth'
export const SIWF_CHAIN_ID = 10

const idOfAbi = [
  {
    type: 'function',
    name: 'idOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const

const refused = (why: string) => new ApiError(401, 'siwf_refused', `Farcaster sign-in refused: ${why}`)

/**
 * Sign In With Farcaster for the embedded wallet. `start` opens a channel on
 * the configured relay with a nonce made here and the dApp's origin as the
 * SIWE domain, and remembers both; `exchange` reads the channel and, once the
 * visitor's Farcaster app has signed, checks the message (statement "Farcaster
 * Auth", Chain ID 10, this domain, this nonce — single use —, the
 * `farcaster://fid/N` resource, the signature with viem against the registry
 * chain) and that `idOf(custody) == N` on the ID registry. Then it opens the
 * same kind of session email and social logins do, for account `farcaster:N`.
 */
export class FarcasterAuthService {
  readonly #keys: AuthKeys
  readonly #client: PublicClient
  constructor(
    private readonly db: Database,
    private readonly config: FarcasterConfig,
    private readonly sessions: SessionStore,
    private readonly options: { secret: string; now?: () => number },
  ) {
    this.#keys = deriveKeys(options.secret)
    this.#client = createPublicClient({
      transport: http(config.registry.rpcUrl, { timeout: 10_000, retryCount: 1 }),
    })
  }

  #now() {
    return (this.options.now ?? Date.now)()
  }

  /**
   * Opens a relay channel for a visitor on `origin` (already checked against
   * the project's allowlist). Issue 29: the deep link (`url`) carries the
   * relay's channel token, and the dApp page shows that link; so the exchange
   * also needs `exchangeKey`, a secret only the caller of `start` (the signer
   * frame) gets. A page that reads the channel token from the link cannot
   * turn it into a session.
   */
  async start(
    projectId: string,
    origin: string,
  ): Promise<{ channelToken: string; exchangeKey: string; url: string; expiresAt: number }> {
    const o = new URL(origin)
    const domain = o.host
    const nonce = randomBytes(16).toString('hex')
    const channel = await openChannel(this.config.relayUrl, { domain, siweUri: o.origin, nonce })
    const now = this.#now()
    const expiresAt = now + this.config.channelTtlMs
    const exchangeKey = newToken()
    await this.db.query(
      'INSERT INTO auth_farcaster_channels (channel_hash, project_id, nonce, domain, uri, expires_at, exchange_hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [
        mac(this.#keys, 'farcaster-channel', channel.channelToken),
        projectId,
        nonce,
        domain,
        o.origin,
        expiresAt,
        mac(this.#keys, 'farcaster-exchange', exchangeKey),
      ],
    )
    await this.db.query('DELETE FROM auth_farcaster_channels WHERE expires_at < ?', [now])
    return { channelToken: channel.channelToken, exchangeKey, url: channel.url, expiresAt }
  }

  /** Pending until the visitor approves in their Farcaster app; then a verified session, once. */
  async exchange(input: {
    projectId: string
    channelToken: string
    exchangeKey: string
  }): Promise<{ state: 'pending' } | ({ state: 'completed' } & FarcasterSession)> {
    const hash = mac(this.#keys, 'farcaster-channel', input.channelToken)
    const [row] = await this.db.query<{
      project_id: string
      nonce: string
      domain: string
      uri: string
      expires_at: number | string
      exchange_hash: string | null
    }>(
      'SELECT project_id, nonce, domain, uri, expires_at, exchange_hash FROM auth_farcaster_channels WHERE channel_hash = ?',
      [hash],
    )
    const expired = () =>
      new ApiError(410, 'channel_expired', 'This Farcaster sign-in has expired or was already used')
    if (!row || row.project_id !== input.projectId) throw expired()
    // The channel token alone (read from the deep link) is not enough: the start's exchange key is.
    if (
      !row.exchange_hash ||
      !sameHex(row.exchange_hash, mac(this.#keys, 'farcaster-exchange', input.exchangeKey))
    )
      throw new ApiError(403, 'exchange_key_wrong', 'This Farcaster sign-in was started by another window')
    if (Number(row.expires_at) <= this.#now()) {
      await this.db.query('DELETE FROM auth_farcaster_channels WHERE channel_hash = ?', [hash])
      throw expired()
    }
    const result = await readChannel(this.config.relayUrl, input.channelToken)
    if (result.state === 'pending') return { state: 'pending' }
    // Single use from here on, whatever the verdict: whoever deletes the row redeems the nonce.
    await this.db
      .batch([
        {
          sql: 'DELETE FROM auth_farcaster_channels WHERE channel_hash = ?',
          params: [hash],
          expectChanges: 1,
        },
      ])
      .catch(whenConditionFails(() => expired()))
    if (result.state === 'gone') throw expired()

    const parsed = parseSiweMessage(result.message)
    if (!parsed.address) throw refused('the message is not a SIWE message')
    if (parsed.statement !== SIWF_STATEMENT) throw refused(`the statement is not "${SIWF_STATEMENT}"`)
    if (parsed.chainId !== SIWF_CHAIN_ID) throw refused(`the Chain ID is not ${SIWF_CHAIN_ID}`)
    if (parsed.domain !== row.domain) throw refused('the message is for another domain')
    if (parsed.nonce !== row.nonce) throw refused('the nonce is not this sign-in’s')
    if (parsed.uri !== row.uri) throw refused('the message is for another URI')
    const fids = (parsed.resources ?? []).flatMap((r) => {
      const m = /^farcaster:\/\/fid\/([1-9][0-9]{0,15})$/.exec(r)
      return m ? [Number(m[1])] : []
    })
    if (fids.length !== 1 || fids[0] !== result.fid) throw refused('the fid resource does not match')
    const fid = result.fid
    if (getAddress(parsed.address) !== getAddress(result.custody))
      throw refused('the custody address does not match')
    const now = this.#now()
    let valid: boolean
    try {
      valid = await verifySiweMessage(this.#client, {
        message: result.message,
        signature: result.signature,
        domain: row.domain,
        nonce: row.nonce,
        time: new Date(now),
      })
    } catch (error) {
      throw Object.assign(refused('the signature could not be checked'), { cause: error })
    }
    if (!valid) throw refused('the signature is not the custody address’s (or the message has expired)')
    let owned: bigint
    try {
      owned = await readContract(this.#client, {
        address: getAddress(this.config.registry.address),
        abi: idOfAbi,
        functionName: 'idOf',
        args: [parsed.address],
      })
    } catch (error) {
      throw Object.assign(
        new ApiError(502, 'registry_unavailable', 'The Farcaster ID registry could not be read'),
        {
          cause: error,
        },
      )
    }
    if (owned !== BigInt(fid)) throw refused(`the custody address does not own fid ${fid}`)

    const label =
      result.username && /^[a-z0-9][a-z0-9.-]{0,63}$/i.test(result.username)
        ? `@${result.username}`
        : `fid ${fid}`
    const session = await this.sessions.create(`farcaster:${fid}`, input.projectId, {
      method: 'farcaster',
      label,
    })
    return { state: 'completed', ...session, fid, label }
  }
}
