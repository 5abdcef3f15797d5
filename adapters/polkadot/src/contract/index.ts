import type { ChainAdapter, ChannelCapabilities, RequestMethodLists } from '@portico/core'

/**
 * A Polkadot transaction request: a native transfer the adapter builds as
 * `balances.transferKeepAlive(to, value)` (`value` in planck, `to` SS58 with
 * the network's prefix); with `asset` (an Assets-pallet id) an
 * `assets.transferKeepAlive(asset, to, value)` — or `assets.transfer` when
 * `keepAlive` is false (the sender sends all it holds); or a prepared call
 * (the SCALE hex of the call) the extension signs as it is.
 */
export type PolkadotTransactionRequest =
  | { to: string; value: bigint; asset?: number; keepAlive?: boolean }
  | { call: `0x${string}` }

/** Polkadot connect options: the app name the extension shows when asking for access. */
export interface PolkadotConnectOptions {
  appName?: string
}

declare module '@portico/core' {
  interface TransactionRequests {
    polkadot: PolkadotTransactionRequest
  }
  interface ConnectOptions {
    polkadot: PolkadotConnectOptions
  }
}

/**
 * The Polkadot adapter: core's `ChainAdapter<'polkadot'>` with the optional
 * capabilities it has (network switch, fee estimate, Assets tokens, inclusion).
 */
export type PolkadotChainAdapter = ChainAdapter<'polkadot'> &
  Required<
    Pick<
      ChainAdapter<'polkadot'>,
      'switchNetwork' | 'estimateFee' | 'getTokenBalances' | 'waitForTransaction' | 'getReserve'
    >
  > & {
    readonly channel: ChannelCapabilities
    readonly requestMethods: RequestMethodLists
  }

/**
 * SPEC §4 safe / not-safe lists for polkadot (the WalletConnect method
 * names): both methods sign, so both need the visitor's approval; the
 * namespace has no read-only wallet method.
 */
export const POLKADOT_REQUEST_METHODS: RequestMethodLists = Object.freeze({
  safe: Object.freeze([]),
  unsafe: Object.freeze(['polkadot_signMessage', 'polkadot_signTransaction']),
})
