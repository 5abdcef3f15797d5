import type { BitcoinPurpose } from '../contract/index.js'
import { InvalidWalletResponseError } from '../errors/index.js'

const decoder = new TextDecoder('utf-8', { fatal: true })

/** The message as text, for wallets whose signMessage takes a string; bytes that are not UTF-8 are refused naming the wallet. */
export function messageText(walletName: string, message: Uint8Array): string {
  try {
    return decoder.decode(message)
  } catch {
    throw new InvalidWalletResponseError(`${walletName} signs text messages only (the bytes are not UTF-8)`)
  }
}

/** An account as a wallet reports it: untrusted until the adapter validates it for the network. */
export interface RawBitcoinAccount {
  address: unknown
  publicKey?: unknown
  purpose?: unknown
  addressType?: unknown
}

/** Inputs a wallet must sign, per address. */
export interface InputsToSign {
  address: string
  index: number[]
  sighashTypes?: number[]
}

/**
 * One way of talking to a Bitcoin wallet (Wallet Standard features or the
 * WBIP004 request API). Drivers pass wallet errors through unchanged: the
 * adapter maps them by code.
 */
export interface BitcoinWalletDriver {
  readonly family: 'wallet-standard' | 'btc-providers' | 'walletconnect' | 'injected'
  /** The wallet's name, for typed errors that say which wallet could not do what. */
  readonly walletName?: string
  /** The message protocols the wallet signs; default both. */
  readonly messageProtocols?: readonly ('ecdsa' | 'bip322')[]
  connect(purposes: readonly BitcoinPurpose[], chain: string): Promise<RawBitcoinAccount[]>
  /** Accounts already granted (no prompt); undefined when the wallet has no such query. */
  grantedAccounts(): RawBitcoinAccount[] | undefined
  disconnect(): Promise<void>
  signMessage(
    address: string,
    message: Uint8Array,
    protocol: 'ecdsa' | 'bip322',
  ): Promise<{ signature: string; signedMessage?: Uint8Array }>
  signPsbt(psbt: Uint8Array, inputs: readonly InputsToSign[], chain: string): Promise<Uint8Array>
  /** Account changes pushed by the wallet; returns the unsubscribe function. */
  onAccountsChanged(listener: (accounts: RawBitcoinAccount[]) => void): () => void
}
