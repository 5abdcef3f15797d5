import type { IdentifierString, WalletAccount } from '@wallet-standard/base'
import type { BitcoinPurpose } from '../contract/index.js'

/**
 * The Wallet Standard bitcoin features (ExodusMovement/bitcoin-wallet-standard
 * shapes): connect with purposes, sign messages, sign PSBTs with the inputs to
 * sign per account. `protocol` on a message input is Portico's extension:
 * wallets that ignore it sign their default (BIP-322 on most).
 */
export interface BitcoinStandardFeatures {
  'bitcoin:connect': {
    version: '1.0.0'
    connect(input?: { purposes?: readonly BitcoinPurpose[] }): Promise<{ accounts: readonly WalletAccount[] }>
  }
  'bitcoin:signMessage': {
    version: '1.0.0'
    signMessage(
      ...inputs: readonly { account: WalletAccount; message: Uint8Array; protocol?: 'ecdsa' | 'bip322' }[]
    ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
  }
  'bitcoin:signTransaction': {
    version: '1.0.0'
    signTransaction(
      ...inputs: readonly {
        psbt: Uint8Array
        inputsToSign: readonly {
          account: WalletAccount
          signingIndexes: readonly number[]
          sigHash?: number
        }[]
        chain?: IdentifierString
      }[]
    ): Promise<readonly { signedPsbt: Uint8Array }[]>
  }
}

/** One PSBT to sign with `bitcoin:signTransaction`, and which inputs each account signs. */
export interface BitcoinSignTransactionInput {
  psbt: Uint8Array
  inputsToSign: readonly { account: WalletAccount; signingIndexes: readonly number[]; sigHash?: number }[]
  chain?: IdentifierString
}

export const BITCOIN_FEATURES = {
  connect: 'bitcoin:connect',
  signMessage: 'bitcoin:signMessage',
  signTransaction: 'bitcoin:signTransaction',
  disconnect: 'standard:disconnect',
  events: 'standard:events',
} as const
