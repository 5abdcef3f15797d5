import type { StdSignDoc } from '@cosmjs/amino'
import type { KeplrDirectSignDoc } from '../keplr/index.js'
import type { CosmosNetwork } from '../networks/index.js'
import type { CosmosSignMode } from '../send/options.js'
import type { ConfiguredCosmosWallet, KeplrStyleWallet } from '../wallets/index.js'

/** `signTransaction` for Cosmos: a sign doc in the wallet's mode (what `signDirect` / `signAmino` take). */
export type CosmosSignTransactionRequest =
  | { mode: 'direct'; signDoc: KeplrDirectSignDoc }
  | { mode: 'amino'; signDoc: StdSignDoc }

/** What the wallet signed (it may change the fee, never the messages or memo), its base64 signature and 0x-hex public key. */
export type CosmosSignTransactionResult =
  | { mode: 'direct'; signed: KeplrDirectSignDoc; signature: string; publicKey: string }
  | { mode: 'amino'; signed: StdSignDoc; signature: string; publicKey: string }

/** `connect` options for Cosmos: every chain to enable at once (Keplr asks the user once for all). */
export interface CosmosConnectOptions {
  chainIds?: string[]
}

export interface CosmosAdapterOptions {
  /** The Cosmos chains offered (`defineCosmosNetwork`, `cosmosLocalHub`…); the first is the default. */
  networks: readonly CosmosNetwork[]
  /** Wallet objects handed in (the dev wallet), offered before discovered ones. */
  wallets?: readonly ConfiguredCosmosWallet[]
  /** Where Keplr-API wallets are looked for under `window` (default Keplr, Leap, Cosmostation). */
  sources?: readonly KeplrStyleWallet[]
  /** Discover injected wallets; default `ctx.isBrowser`. */
  discover?: boolean
  /** The window-like object to discover under and listen on (default `globalThis.window`). */
  window?: object
  /** Sign mode; `auto` (default) signs direct unless the key is a Ledger. */
  signMode?: CosmosSignMode
  /** Factor on simulated gas; default 1.4. */
  gasMultiplier?: number
}
