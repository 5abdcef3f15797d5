import { type BlockchainApi, SWAP_SLIPPAGE_TOLERANCE } from '@portico/core'
import { withBalances } from './balances.js'
import { errorMessage, isSwapUnsupported, quoteErrorText } from './errors.js'
import { executeSwap } from './execute.js'
import { lookupCustomToken } from './lookup.js'
import { fromUnits, isNativeToken, isValidSlippage, minimumReceived, toUnits } from './math.js'
import type { SwapControllerOptions } from './options.js'
import {
  initialSwapState as initial,
  MAX_GAS_RESERVE_UNITS,
  SWAP_NOT_SUPPORTED_TEXT,
  type SwapState,
  type SwapTokenInfo,
} from './state.js'

export type { SwapControllerOptions } from './options.js'

/**
 * The swap flow of one Portico instance, framework-free: token list and
 * balances, quotes, preview checks, and the approve → swap sequence through
 * the connected wallet. Views read it with `subscribe` / `getState`.
 */
export class SwapController {
  #state: SwapState
  readonly #listeners = new Set<() => void>()
  readonly #options: SwapControllerOptions
  #quoteSeq = 0
  #lookupSeq = 0

  constructor(options: SwapControllerOptions) {
    this.#options = options
    this.#state = initial(options.slippage ?? SWAP_SLIPPAGE_TOLERANCE)
  }

  getState = (): SwapState => this.#state

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #set(patch: Partial<SwapState>): void {
    this.#state = { ...this.#state, ...patch }
    for (const l of [...this.#listeners]) l()
  }

  /** Loads the swappable tokens and balances of the active EVM network (again after a network change). */
  async load(): Promise<void> {
    const account = this.#options.wallet.account()
    const api = this.#options.api
    if (!account || !api?.getSwapTokens) {
      this.#set({ ...initial(this.#state.slippage), status: 'unsupported', message: SWAP_NOT_SUPPORTED_TEXT })
      return
    }
    const keep = this.#state.caipNetworkId === account.caipNetworkId
    this.#set({ status: 'loading', caipNetworkId: account.caipNetworkId, message: undefined })
    try {
      const [{ tokens }, gas] = await Promise.all([
        api.getSwapTokens({ chainId: account.caipNetworkId }),
        // Without a gas price the flow still works; "Max" then keeps no reserve and the fee shows as unknown.
        api.getGasPrice?.({ chainId: account.caipNetworkId }).catch((error: unknown) => {
          this.#options.onWarning?.('swap: gas price unavailable', error)
          return undefined
        }),
      ])
      const list = this.#withBalances(
        tokens.map((t) => ({
          address: t.address.toLowerCase(),
          symbol: t.symbol,
          name: t.name,
          decimals: t.decimals,
          ...(t.logoUri ? { logoUri: t.logoUri } : {}),
          ...(typeof t.price === 'number' ? { price: t.price } : {}),
        })),
      )
      const find = (a: string | undefined) => (a ? list.find((t) => t.address === a) : undefined)
      const from = (keep && find(this.#state.from?.address)) || list.find((t) => isNativeToken(t.address))
      const to = (keep && find(this.#state.to?.address)) || list.find((t) => t.address !== from?.address)
      this.#set({
        status: 'ready',
        tokens: list,
        from,
        to,
        ...(gas ? { gasPrice: BigInt(gas.standard) } : {}),
      })
    } catch (error) {
      const unsupported = isSwapUnsupported(error)
      this.#set({
        status: unsupported ? 'unsupported' : 'error',
        message: unsupported ? SWAP_NOT_SUPPORTED_TEXT : errorMessage(error),
        tokens: [],
      })
    }
  }

  /**
   * Looks up a pasted token address that is not in the swap list: validates
   * it (0x + 40 hex; a mixed-case address must match its EIP-55 checksum) and
   * reads symbol, name, decimals and the balance from the chain through the
   * connected adapter. The answer is `state.custom`; a stale lookup is dropped.
   */
  async lookupToken(text: string): Promise<void> {
    const query = text.trim()
    const seq = ++this.#lookupSeq
    const answer = lookupCustomToken(query, this.#options.wallet, this.#state.tokens)
    if (!(answer instanceof Promise)) {
      this.#set({ custom: answer })
      return
    }
    this.#set({ custom: { query, status: 'loading' } })
    const custom = await answer
    if (seq === this.#lookupSeq) this.#set({ custom })
  }

  /** Forgets the address lookup (the search changed). */
  clearLookup(): void {
    this.#lookupSeq++
    if (this.#state.custom) this.#set({ custom: undefined })
  }

  /**
   * Adds the looked-up token to the list (marked imported) and picks it for
   * `side`. Returns false when there is no ready lookup.
   */
  importToken(side: 'from' | 'to'): boolean {
    const token = this.#state.custom?.status === 'ready' ? this.#state.custom.token : undefined
    if (!token) return false
    if (!this.#state.tokens.some((t) => t.address === token.address)) {
      this.#set({ tokens: [...this.#state.tokens, token] })
    }
    this.#pick(side, token.address)
    this.#set({ custom: undefined })
    return true
  }

  /** Updates the token balances from the account state (after a refresh). */
  syncBalances(): void {
    if (this.#state.tokens.length === 0) return
    const tokens = this.#withBalances(this.#state.tokens)
    const find = (t?: SwapTokenInfo) => (t ? tokens.find((x) => x.address === t.address) : undefined)
    this.#set({ tokens, from: find(this.#state.from), to: find(this.#state.to) })
  }

  #withBalances(tokens: SwapTokenInfo[]): SwapTokenInfo[] {
    return withBalances(tokens, this.#options.getState().accounts.eip155)
  }

  setAmount(amount: string): void {
    this.#set({ amount, quote: undefined, quoteStatus: 'idle', quoteError: undefined })
  }

  setFrom(address: string): void {
    this.#pick('from', address)
  }

  setTo(address: string): void {
    this.#pick('to', address)
  }

  #pick(side: 'from' | 'to', address: string): void {
    const token = this.#state.tokens.find((t) => t.address === address.toLowerCase())
    if (!token) return
    const other = side === 'from' ? this.#state.to : this.#state.from
    // Picking the other side's token swaps the two sides.
    if (other?.address === token.address) {
      this.flip()
      return
    }
    this.#set({ [side]: token, quote: undefined, quoteStatus: 'idle' })
  }

  /** Swaps the from and to tokens. */
  flip(): void {
    const { from, to } = this.#state
    this.#set({ from: to, to: from, quote: undefined, quoteStatus: 'idle' })
  }

  /** The largest amount of `from` to sell: the whole balance, minus a gas reserve for the native currency. */
  maxAmount(): string | undefined {
    const { from, gasPrice } = this.#state
    if (!from?.balance) return undefined
    // Twice the gas of a two-pool swap at the current price; with no known price, at an assumed 10 gwei.
    const reserve = isNativeToken(from.address)
      ? (gasPrice ?? 10_000_000_000n) * 2n * MAX_GAS_RESERVE_UNITS
      : 0n
    const max = from.balance - reserve
    return max > 0n ? fromUnits(max, from.decimals) : '0'
  }

  setSlippage(percent: number): boolean {
    if (!isValidSlippage(percent)) return false
    this.#set({ slippage: percent })
    return true
  }

  /** Asks the gateway for a quote of the current form; stale answers are dropped. */
  async fetchQuote(): Promise<void> {
    const { from, to, amount } = this.#state
    const account = this.#options.wallet.account()
    const api = this.#options.api
    const units = from ? toUnits(amount, from.decimals) : undefined
    if (!from || !to || !units || !account || !api?.getSwapQuote) {
      this.#set({ quote: undefined, quoteStatus: 'idle' })
      return
    }
    const seq = ++this.#quoteSeq
    this.#set({ quoteStatus: 'loading', quoteError: undefined })
    try {
      const { quotes } = await api.getSwapQuote({
        amount: units.toString(),
        userAddress: `${account.caipNetworkId}:${account.address}`,
        from: from.address,
        to: to.address,
        // Without a known gas price the gateway reads the chain's own.
        ...(this.#state.gasPrice !== undefined ? { gasPrice: this.#state.gasPrice.toString() } : {}),
      } as Parameters<NonNullable<BlockchainApi['getSwapQuote']>>[0])
      if (seq !== this.#quoteSeq) return
      const q = quotes[0]
      if (!q) throw new Error('No quote for this pair')
      this.#set({
        quoteStatus: 'ready',
        quote: { fromUnits: units, toUnits: BigInt(q.toAmount), path: q.path ?? [], fees: q.fees ?? [] },
      })
    } catch (error) {
      if (seq !== this.#quoteSeq) return
      this.#set({ quoteStatus: 'error', quote: undefined, quoteError: quoteErrorText(error) })
    }
  }

  /** Reads the router allowance of the input token (native needs none). */
  async checkAllowance(): Promise<void> {
    const { from } = this.#state
    const account = this.#options.wallet.account()
    if (!from || !account) return
    if (isNativeToken(from.address)) {
      this.#set({ allowance: undefined })
      return
    }
    const { allowance } = await this.#options.api!.getSwapAllowance!({
      tokenAddress: from.address,
      userAddress: `${account.caipNetworkId}:${account.address}`,
    })
    this.#set({ allowance: BigInt(allowance) })
  }

  /** True when the input token's allowance is short of the amount (an approve step comes first). */
  needsApproval(): boolean {
    const { from, quote, allowance } = this.#state
    if (!from || !quote || isNativeToken(from.address)) return false
    return allowance === undefined || allowance < quote.fromUnits
  }

  /**
   * Runs the swap: approve exactly the amount first when the allowance is
   * short (and waits for it), or approve + swap as one atomic batch where the
   * wallet can; then builds the swap at the slippage, sends it through the
   * connected wallet and waits for the receipt (`executeSwap`).
   */
  async execute(): Promise<void> {
    await executeSwap({
      options: this.#options,
      state: () => this.#state,
      set: (patch) => this.#set(patch),
      checkAllowance: () => this.checkAllowance(),
      needsApproval: () => this.needsApproval(),
      syncBalances: () => this.syncBalances(),
    })
  }

  /** Back to the form with the same tokens (after success, failure or cancel). */
  reset(keepAmount = false): void {
    this.#set({
      step: 'form',
      stepError: undefined,
      approveHash: undefined,
      batched: undefined,
      txHash: undefined,
      failure: undefined,
      ...(keepAmount ? {} : { amount: '', quote: undefined, quoteStatus: 'idle' as const }),
    })
  }

  /** USD prices by lower-case CAIP-10 address from the price endpoint (SPEC §7); unknown tokens are absent. */
  async fetchPrices(addresses: string[]): Promise<Record<string, number>> {
    const api = this.#options.api
    if (!api?.fetchPrice) throw new Error('Prices need a gateway (apiUrl)')
    const { fungibles } = await api.fetchPrice({ addresses })
    const byAddress: Record<string, number> = {}
    for (const f of fungibles) byAddress[f.address.toLowerCase()] = f.price
    return byAddress
  }

  /** Minimum received at the current slippage, in `to` units. */
  minimumReceived(): bigint | undefined {
    const q = this.#state.quote
    return q ? minimumReceived(q.toUnits, this.#state.slippage) : undefined
  }
}
