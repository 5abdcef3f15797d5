import type { ChainAdapter, Network } from '@portico/core'
import type { Wallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { SolanaPriorityFeeOptions } from './compute-budget.js'
import type { SolanaTokenInfo } from './reads.js'

export interface SolanaAdapterOptions {
  /** Networks offered; default mainnet, devnet, testnet. Add `solanaLocalnet(...)` for a local SVM. */
  networks?: Network[]
  /** Known SPL tokens (symbol / name by mint). */
  tokens?: SolanaTokenInfo[]
  /** Wallets to offer besides the discovered ones (e.g. a dev wallet object). */
  wallets?: Wallet[]
  /**
   * Discover Wallet Standard wallets. Defaults to `ctx.isBrowser`; set `true`
   * to discover under a window-like global in Node tests.
   */
  discover?: boolean
  /** The Wallet Standard registry; defaults to `getWallets()` of `@wallet-standard/app`, loaded lazily. */
  getWallets?: () => Wallets
  /** Commitment for reads and sends; default `confirmed`. */
  commitment?: 'processed' | 'confirmed' | 'finalized'
  /**
   * Transfers built by the adapter carry a compute-unit price from the
   * cluster's recent prioritization fees (the median, capped at
   * `maxMicroLamportsPerUnit`, default 1 000 000) and a compute-unit limit
   * from simulation (+10 % + 1 000 units); the fee shown is priced on that
   * exact message. `false`: no compute-budget instructions.
   */
  priorityFee?: SolanaPriorityFeeOptions | false
}

/** The Solana adapter: the core `ChainAdapter` with the optional capabilities it has. */
export type SolanaAdapter = ChainAdapter<'solana'> &
  Required<
    Pick<
      ChainAdapter<'solana'>,
      | 'switchNetwork'
      | 'signTransaction'
      | 'estimateFee'
      | 'getTokenBalances'
      | 'waitForTransaction'
      | 'getReserve'
    >
  > & {
    readonly channel: NonNullable<ChainAdapter['channel']>
    readonly requestMethods: NonNullable<ChainAdapter['requestMethods']>
  }
