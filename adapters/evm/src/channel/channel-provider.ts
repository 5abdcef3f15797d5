import {
  type CaipNetworkId,
  MethodNotSupportedError,
  PorticoError,
  type RequestChannel,
  UnsupportedChainError,
  UserRejectedRequestError,
} from '@portico/core'
import { parseEvmChainId } from '../networks/index.js'
import type { Eip1193Provider } from '../provider/index.js'
import { toHexQuantity } from '../units/index.js'

/** An EIP-1193 provider over a plugin's request channel, plus what the adapter needs to hold it. */
export interface ChannelProvider extends Eip1193Provider {
  readonly channel: RequestChannel
  /** The chain requests go to (the session's chain the app is on). */
  chainId(): CaipNetworkId
  /** Stops relaying the channel's events. */
  close(): void
}

/** WalletConnect session error codes (the SDK's): which ones are not a user's "no". */
const SESSION_ERRORS: Record<number, (cause: unknown, chainId: CaipNetworkId) => PorticoError> = {
  5000: (cause) => new UserRejectedRequestError({ cause }),
  5001: (cause, chainId) => new UnsupportedChainError({ caipNetworkId: chainId, cause }),
  5002: (cause) => new MethodNotSupportedError({ cause }),
  5003: (cause) => new MethodNotSupportedError({ cause }),
  5100: (cause, chainId) => new UnsupportedChainError({ caipNetworkId: chainId, cause }),
  5101: (cause) => new MethodNotSupportedError({ cause }),
}

function sessionError(error: unknown, chainId: CaipNetworkId): unknown {
  if (error instanceof PorticoError || !error || typeof error !== 'object') return error
  const code = (error as { code?: unknown }).code
  const map = typeof code === 'number' ? SESSION_ERRORS[code] : undefined
  return map ? map(error, chainId) : error
}

/**
 * The session's accounts for `chainId`: CAIP-10 entries on that chain, by
 * address (deduplicated, first-seen order). Other entries pass through as they
 * are, so the adapter's validation refuses a malformed one.
 */
function addressesOn(accounts: readonly unknown[], chainId: CaipNetworkId): unknown[] {
  const prefix = `${chainId}:`
  const out: unknown[] = []
  for (const a of accounts) {
    if (typeof a === 'string' && /^eip155:[0-9]+:/.test(a)) {
      if (!a.startsWith(prefix)) continue // another chain of the session
      const address = a.slice(prefix.length)
      if (!out.includes(address)) out.push(address)
    } else out.push(a)
  }
  return out
}

/**
 * A chain id as a peer may send it (CAIP-2, hex, decimal number) → `eip155:<id>`,
 * or undefined. Exported for the wallet-parser fuzzer, not from the package.
 */
export function toCaip(value: unknown): CaipNetworkId | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return `eip155:${value}`
  if (typeof value !== 'string') return undefined
  // 16 digits can exceed 2^53: an unsafe id would not survive Number() round trips.
  if (/^eip155:[1-9][0-9]{0,15}$/.test(value))
    return Number.isSafeInteger(Number(value.slice(7))) ? (value as CaipNetworkId) : undefined
  if (/^0x[0-9a-fA-F]{1,13}$/.test(value)) {
    const id = Number.parseInt(value, 16)
    return id > 0 ? `eip155:${id}` : undefined
  }
  return undefined
}

/**
 * Drives a plugin's request channel (a WalletConnect session) as an EIP-1193
 * provider, so the adapter encodes, validates and maps errors exactly as for
 * an injected wallet:
 * - `eth_accounts` / `eth_requestAccounts` / `eth_chainId` are answered from
 *   the session (the adapter still validates them);
 * - `wallet_switchEthereumChain` to a chain the session covers switches
 *   locally; otherwise it goes to the wallet (whose 4902 makes the adapter
 *   add the chain first);
 * - session errors 5001–5003 (and 5100/5101) become unsupported-chain /
 *   unsupported-method errors, not a user rejection.
 */
export function channelProvider(channel: RequestChannel, initial: CaipNetworkId): ChannelProvider {
  let chainId = initial
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const fn of [...(listeners.get(event) ?? [])]) fn(...args)
  }
  const hexOf = (id: CaipNetworkId) => toHexQuantity(parseEvmChainId(id) ?? 0)
  const sessionAccounts = () => addressesOn(channel.accounts(), chainId)
  const setChain = (next: CaipNetworkId) => {
    if (next === chainId) return
    chainId = next
    emit('chainChanged', hexOf(next))
  }

  const offs = [
    channel.on('accountsChanged', (payload) => {
      emit('accountsChanged', Array.isArray(payload) ? addressesOn(payload, chainId) : payload)
    }),
    channel.on('chainChanged', (payload) => {
      const next = toCaip(payload)
      // A malformed id goes on as it came: the adapter drops it with a warning.
      if (next) setChain(next)
      else emit('chainChanged', payload)
    }),
    channel.on('disconnect', (payload) => emit('disconnect', payload)),
  ]

  async function forward(method: string, params: unknown, on: CaipNetworkId = chainId): Promise<unknown> {
    try {
      return await channel.request({ method, ...(params === undefined ? {} : { params }), chainId: on })
    } catch (error) {
      throw sessionError(error, on)
    }
  }

  return {
    channel,
    chainId: () => chainId,
    close() {
      for (const off of offs.splice(0)) off()
      listeners.clear()
    },
    async request({ method, params }) {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return sessionAccounts()
        case 'eth_chainId':
          return hexOf(chainId)
        case 'wallet_revokePermissions':
          // The session is the plugin's to end; the adapter only lets go of the channel.
          return null
        case 'wallet_switchEthereumChain': {
          const wanted = toCaip((params as [{ chainId?: unknown }] | undefined)?.[0]?.chainId)
          if (wanted && channel.chains().includes(wanted)) {
            setChain(wanted)
            return null
          }
          const answer = await forward(method, params)
          if (wanted) setChain(wanted)
          return answer
        }
        default:
          return forward(method, params)
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
}
