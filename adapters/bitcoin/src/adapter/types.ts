import type { Balance, CaipNetworkId, ChainAdapter, Network } from '@portico/core'
import type { Wallets } from '@wallet-standard/app'

export interface BitcoinAdapterOptions {
  /** Networks offered; default mainnet (through the hosted mempool.space API: set your own Esplora URL in production). */
  networks?: Network[]
  /** Confirmation target (blocks) whose `/fee-estimates` rate sends use when the request names none; default 3. */
  feeTarget?: number
  /** Discover wallets (Wallet Standard and `window.btc_providers`). Defaults to `ctx.isBrowser`. */
  discover?: boolean
  /** The Wallet Standard registry; defaults to `getWallets()` of `@wallet-standard/app`, loaded lazily. */
  getWallets?: () => Wallets
  /** Where `btc_providers` is read; default `window`. */
  providersTarget?: object
  /** Confirmations `waitForTransaction` waits for before `succeeded`; default 1. */
  confirmations?: number
  /** Custom fetch for the Esplora API (tests, proxies). */
  fetch?: typeof fetch
}

/** A Bitcoin balance: the total of the address's UTXOs, with the confirmed and unconfirmed parts apart. */
export interface BitcoinBalance extends Balance {
  confirmed: bigint
  unconfirmed: bigint
}

/** The adapter `bitcoinAdapter` returns: core's `ChainAdapter<'bip122'>` whose balances also tell confirmed from unconfirmed. */
export interface BitcoinAdapter extends ChainAdapter<'bip122'> {
  getBalance(params: { address: string; caipNetworkId: CaipNetworkId }): Promise<BitcoinBalance>
}
