import type { IdentityResponse } from '@portico/core'
import { type Address, BaseError, ContractFunctionRevertedError } from 'viem'
import { mainnet } from 'viem/chains'
import { getEnsAddress, getEnsName, getEnsText, normalize } from 'viem/ens'
import type { Chain, ChainRegistry } from '../chains/registry.js'

/** viem's ENS Universal Resolver on Ethereum mainnet (used for `eip155:1` unless configured). */
export const MAINNET_UNIVERSAL_RESOLVER: Address = mainnet.contracts.ensUniversalResolver.address

interface EnsNetwork {
  chain: Chain
  universalResolver: Address
}

/**
 * The answer of a forward lookup (`EnsIdentityResolver.address`): the
 * address, or why there is none — the name does not normalise (ENSIP-15),
 * the network has no ENS, no resolver or no `addr` record (`not_found`), the
 * name's resolver reverted, or the lookup failed or timed out.
 */
export type EnsForwardResult =
  | { status: 'found'; name: string; address: Address }
  | { status: 'not_found'; name: string }
  | { status: 'invalid_name' }
  | { status: 'no_ens' }
  | { status: 'resolver_error'; name: string }
  | { status: 'unavailable'; name: string }

/** Universal Resolver errors meaning "this name has no resolver". */
const NO_RESOLVER = new Set(['ResolverNotFound', 'ResolverNotContract'])
/** Universal Resolver errors meaning "the name's resolver failed to answer". */
const RESOLVER_FAILED = new Set(['ResolverError', 'UnsupportedResolverProfile', 'HttpError'])

/** The custom error a contract call reverted with (`ResolverError`…), if any. */
function revertName(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined
  const cause = error.walk((e) => e instanceof ContractFunctionRevertedError)
  return cause instanceof ContractFunctionRevertedError ? cause.data?.errorName : undefined
}

/** Something that logs a warning (the Fastify/pino logger). */
export interface WarnLogger {
  warn(obj: object, msg: string): void
}

/**
 * ENS primary names for identities, on the networks configured with ENS:
 * `getEnsName` (Universal Resolver `reverseWithGateways`) then the name's
 * `avatar` text record, through the network's RPC client, within a time
 * limit. The record is returned as it is, never fetched here (viem's
 * `getEnsAvatar` would fetch URLs the name's owner chose): the avatar
 * endpoint fetches it through the egress filter. CCIP-read follows only the
 * gateways the configuration allows (see `ChainRegistry`). Failures and
 * timeouts answer an empty identity (never throw).
 */
export class EnsIdentityResolver {
  readonly #networks = new Map<string, EnsNetwork>()
  readonly #default: string | undefined
  readonly timeoutMs: number
  log: WarnLogger | undefined

  constructor(
    chains: ChainRegistry,
    options: { defaultNetwork?: string; timeoutMs: number; log?: WarnLogger },
  ) {
    this.timeoutMs = options.timeoutMs
    this.log = options.log
    for (const chain of chains.all()) {
      const ens = chain.config.ens
      if (ens === false) continue
      const universalResolver =
        ens?.universalResolver ?? (chain.chainId === 1 ? MAINNET_UNIVERSAL_RESOLVER : undefined)
      if (universalResolver)
        this.#networks.set(chain.caipNetworkId, { chain, universalResolver: universalResolver as Address })
    }
    const preferred = options.defaultNetwork
    this.#default = preferred && this.#networks.has(preferred) ? preferred : [...this.#networks.keys()][0]
  }

  /** CAIP-2 ids of the networks with ENS. */
  networks(): string[] {
    return [...this.#networks.keys()]
  }

  /** The CAIP-2 network whose ENS answers for `requested` (itself when it has ENS, else the default). */
  networkFor(requested?: string): string | undefined {
    return requested && this.#networks.has(requested) ? requested : this.#default
  }

  /** Primary name and avatar of `address` on `network` (from `networkFor`); empty on any failure. */
  async identity(address: Address, network: string): Promise<IdentityResponse> {
    const ens = this.#networks.get(network)
    if (!ens) return { name: null, avatar: null }
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`ENS lookup timed out after ${this.timeoutMs} ms`)),
        this.timeoutMs,
      )
    })
    try {
      return await Promise.race([this.#lookup(ens, address), timeout])
    } catch (error) {
      this.log?.warn({ err: error, address, network }, 'ENS identity lookup failed')
      return { name: null, avatar: null }
    } finally {
      clearTimeout(timer)
    }
  }

  /**
   * Forward resolution of an ENS name on `network` (from `networkFor`): the
   * name normalised per ENSIP-15 (viem's `normalize`), its ENSIP-1 namehash
   * asked as `addr(bytes32)` through the Universal Resolver (registry →
   * resolver → addr), within the time limit. Never throws.
   */
  async address(input: string, network: string | undefined): Promise<EnsForwardResult> {
    let name: string
    try {
      name = normalize(input)
    } catch {
      return { status: 'invalid_name' }
    }
    if (!name.includes('.') || name.split('.').some((label) => label === ''))
      return { status: 'invalid_name' }
    const ens = network ? this.#networks.get(network) : undefined
    if (!ens) return { status: 'no_ens' }
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`ENS lookup timed out after ${this.timeoutMs} ms`)),
        this.timeoutMs,
      )
    })
    try {
      const address = await Promise.race([
        // strict: a reverting resolver is told apart from a name without one.
        getEnsAddress(ens.chain.client, {
          name,
          universalResolverAddress: ens.universalResolver,
          strict: true,
        }),
        timeout,
      ])
      return address ? { status: 'found', name, address } : { status: 'not_found', name }
    } catch (error) {
      const reverted = revertName(error)
      if (reverted && NO_RESOLVER.has(reverted)) return { status: 'not_found', name }
      if (reverted && RESOLVER_FAILED.has(reverted)) {
        this.log?.warn({ name, network, reverted }, 'ENS resolver failed')
        return { status: 'resolver_error', name }
      }
      this.log?.warn({ err: error, name, network }, 'ENS forward lookup failed')
      return { status: 'unavailable', name }
    } finally {
      clearTimeout(timer)
    }
  }

  async #lookup({ chain, universalResolver }: EnsNetwork, address: Address): Promise<IdentityResponse> {
    const name = await getEnsName(chain.client, { address, universalResolverAddress: universalResolver })
    if (!name) return { name: null, avatar: null }
    let avatar: string | null = null
    try {
      const text = await getEnsText(chain.client, {
        name: normalize(name),
        key: 'avatar',
        universalResolverAddress: universalResolver,
      })
      avatar = text && text.length <= 4096 ? text : null
    } catch (error) {
      this.log?.warn({ err: error, name }, 'ENS avatar lookup failed')
    }
    return { name, avatar }
  }
}
