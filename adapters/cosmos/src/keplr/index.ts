/**
 * The Keplr wallet API as Keplr, Leap, Cosmostation's Keplr mode and the dev
 * wallet inject it (`window.keplr`, `window.leap`…). Only what the adapter
 * uses; every value a wallet returns is untrusted and validated by the caller.
 */
import type { AminoSignResponse, OfflineAminoSigner, StdSignature, StdSignDoc } from '@cosmjs/amino'
import type { DirectSignResponse, OfflineDirectSigner } from '@cosmjs/proto-signing'

/** What `getKey(chainId)` answers. */
export interface KeplrKey {
  name: string
  /** `secp256k1` (Cosmos SDK) or `ethsecp256k1` (Evmos-style chains). */
  algo: string
  pubKey: Uint8Array
  address: Uint8Array
  bech32Address: string
  /** Ledger accounts sign amino only. */
  isNanoLedger: boolean
  isKeystone?: boolean
}

/** A currency of a chain, as Keplr's chain info lists it. */
export interface KeplrCurrency {
  coinDenom: string
  coinMinimalDenom: string
  coinDecimals: number
  coinGeckoId?: string
}

/** What `experimentalSuggestChain` takes (the fields every Keplr-style wallet requires). */
export interface KeplrChainInfo {
  chainId: string
  chainName: string
  rpc: string
  rest: string
  bip44: { coinType: number }
  bech32Config: {
    bech32PrefixAccAddr: string
    bech32PrefixAccPub: string
    bech32PrefixValAddr: string
    bech32PrefixValPub: string
    bech32PrefixConsAddr: string
    bech32PrefixConsPub: string
  }
  currencies: KeplrCurrency[]
  feeCurrencies: (KeplrCurrency & {
    gasPriceStep?: { low: number; average: number; high: number }
  })[]
  stakeCurrency?: KeplrCurrency
  features?: string[]
}

/** The SIGN_MODE_DIRECT document Keplr's `signDirect` takes (account number as bigint, CosmJS ≥ 0.32). */
export interface KeplrDirectSignDoc {
  bodyBytes: Uint8Array
  authInfoBytes: Uint8Array
  chainId: string
  accountNumber: bigint
}

export interface KeplrSignOptions {
  preferNoSetFee?: boolean
  preferNoSetMemo?: boolean
  disableBalanceCheck?: boolean
}

/** The injected provider. */
export interface Keplr {
  readonly version?: string
  readonly mode?: string
  enable(chainIds: string | string[]): Promise<void>
  getKey(chainId: string): Promise<KeplrKey>
  getOfflineSigner(chainId: string, signOptions?: KeplrSignOptions): OfflineAminoSigner & OfflineDirectSigner
  getOfflineSignerOnlyAmino(chainId: string, signOptions?: KeplrSignOptions): OfflineAminoSigner
  signAmino(
    chainId: string,
    signer: string,
    signDoc: StdSignDoc,
    signOptions?: KeplrSignOptions,
  ): Promise<AminoSignResponse>
  signDirect(
    chainId: string,
    signer: string,
    signDoc: KeplrDirectSignDoc,
    signOptions?: KeplrSignOptions,
  ): Promise<DirectSignResponse>
  signArbitrary(chainId: string, signer: string, data: string | Uint8Array): Promise<StdSignature>
  experimentalSuggestChain(chainInfo: KeplrChainInfo): Promise<void>
  disable?(chainIds?: string | string[]): Promise<void>
}

/** The event a Keplr-style wallet dispatches on `window` when the user switches key (`keplr_keystorechange`, `leap_keystorechange`). */
export const KEYSTORE_CHANGE_EVENTS: Record<string, string> = {
  keplr: 'keplr_keystorechange',
  leap: 'leap_keystorechange',
}

/**
 * The exact text Keplr, Leap and Cosmostation use when the user declines.
 * Keplr's errors carry no code, so this one message is compared whole (never
 * by substring) at the adapter boundary.
 */
export const KEPLR_REJECTED_MESSAGE = 'Request rejected'
