import { BALANCE_RETRY_BLOCK_MS } from '../constants/index.js'
import type { AccountState, TokenBalance } from '../contracts/account.js'
import type { CaipNetworkId } from '../contracts/network.js'
import { TokenBalanceUnavailableError, UnsupportedChainError } from '../errors/catalogue.js'

/** The account-state fields the flow writes. */
export type TokenBalancePatch = Partial<
  Pick<AccountState, 'balanceLoading' | 'tokenBalance' | 'lastRetry' | 'tokenBalanceError'>
>

/**
 * Where the token-balance flow reads balances from. The blockchain API client
 * (`HttpBlockchainApi`, the gateway) is one; `adapterTokenBalanceSource` (the
 * chain adapter's `getTokenBalances`, no gateway) is another.
 *
 * @example
 * const source: TokenBalanceSource = new HttpBlockchainApi({ baseUrl: 'http://127.0.0.1:8787', projectId: 'local' })
 */
export interface TokenBalanceSource {
  getBalance(params: {
    address: string
    chainId: CaipNetworkId
    forceUpdate?: string
  }): Promise<{ balances: TokenBalance[] }>
}

export interface TokenBalanceFlowOptions {
  /** The blockchain API (gateway) or an adapter source. */
  source: TokenBalanceSource
  /** Reads the namespace's account state (for `lastRetry`). */
  getState: () => Pick<AccountState, 'lastRetry'>
  /** Merges a patch into the namespace's account state. */
  setState: (patch: TokenBalancePatch) => void
  /** The unsupported-network check (SPEC §6); absent → every network passes. */
  isNetworkSupported?: (caipNetworkId: CaipNetworkId) => boolean | Promise<boolean>
  /** Shows "Token Balance Unavailable" (e.g. as a snackbar / alert). */
  onError?: (error: TokenBalanceUnavailableError) => void
  now?: () => number
}

export type TokenBalanceResult =
  | { status: 'ok'; balances: TokenBalance[] }
  | { status: 'blocked'; retryAt: number }
  | { status: 'error'; error: TokenBalanceUnavailableError }

/**
 * The SPEC token-balance rules, with state handed in: a fetch sets
 * `balanceLoading`; a failure or an unsupported network gives "Token Balance
 * Unavailable" (through `onError` and the result); after a failed fetch
 * `lastRetry` is stored and further fetches are refused for 30 s
 * (BALANCE_RETRY_BLOCK_MS) without a request. A success clears `lastRetry`.
 * Never throws. The balances come from `source`: the gateway, or the chain
 * adapter when no gateway is configured; the rules are the same.
 *
 * @example
 * const flow = createTokenBalanceFlow({ source: api, getState: () => account('eip155'),
 *   setState: (p) => updateAccount('eip155', p), onError: (e) => snackbar(e.shortMessage) })
 * await flow.fetch({ address, chainId: 'eip155:31337' })
 */
export function createTokenBalanceFlow(options: TokenBalanceFlowOptions) {
  const now = options.now ?? Date.now

  function fail(cause: unknown, blockRetry: boolean): TokenBalanceResult {
    const error =
      cause instanceof TokenBalanceUnavailableError ? cause : new TokenBalanceUnavailableError({ cause })
    options.setState({
      balanceLoading: false,
      tokenBalance: [],
      tokenBalanceError: error.shortMessage,
      ...(blockRetry ? { lastRetry: now() } : {}),
    })
    options.onError?.(error)
    return { status: 'error', error }
  }

  return {
    /** When the next fetch is allowed (epoch ms), or undefined when it is allowed now. */
    retryAt(): number | undefined {
      const last = options.getState().lastRetry
      if (last === undefined) return undefined
      const at = last + BALANCE_RETRY_BLOCK_MS
      return at > now() ? at : undefined
    },

    async fetch(params: {
      address: string
      chainId: CaipNetworkId
      forceUpdate?: string
    }): Promise<TokenBalanceResult> {
      const retryAt = this.retryAt()
      if (retryAt !== undefined) return { status: 'blocked', retryAt }
      options.setState({ balanceLoading: true })
      try {
        if (options.isNetworkSupported && !(await options.isNetworkSupported(params.chainId))) {
          return fail(new UnsupportedChainError({ caipNetworkId: params.chainId }), false)
        }
        const { balances } = await options.source.getBalance(params)
        options.setState({
          balanceLoading: false,
          tokenBalance: balances,
          lastRetry: undefined,
          tokenBalanceError: undefined,
        })
        return { status: 'ok', balances }
      } catch (cause) {
        return fail(cause, !(cause instanceof UnsupportedChainError))
      }
    },
  }
}

export type TokenBalanceFlow = ReturnType<typeof createTokenBalanceFlow>
