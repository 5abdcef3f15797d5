import {
  type CaipNetworkId,
  InvalidCaipAddressError,
  MethodNotSupportedError,
  PorticoError,
  type RequestChannel,
  UnsupportedChainError,
  UserRejectedRequestError,
} from '@portico/core'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import { isSolanaAddress } from '../address/index.js'
import { InvalidWalletAnswerError, toSolanaPorticoError } from '../errors/index.js'
import { toStandardChain } from '../networks/index.js'
import { FEATURES, solanaAccounts } from '../wallets/index.js'
import type { Codec } from './codec.js'

/** An account a wallet holds: its base58 address, and its public key bytes when the wallet gives them. */
export interface HeldAccount {
  address: string
  publicKey?: Uint8Array
}

/**
 * One connected Solana wallet, whatever carries it (a Wallet Standard wallet,
 * or a plugin's request channel such as a WalletConnect session). Everything
 * returned is validated here; errors are typed Portico errors.
 */
export interface WalletBackend {
  accounts(): HeldAccount[]
  /** Transaction versions the wallet accepts. */
  versions(): readonly (string | number)[]
  signMessage(
    account: HeldAccount,
    message: Uint8Array,
  ): Promise<{ signature: Uint8Array; signedMessage?: Uint8Array }>
  /** Signs and sends; resolves the signature bytes. Absent when the wallet cannot. */
  signAndSend?(account: HeldAccount, wire: Uint8Array, caipNetworkId: CaipNetworkId): Promise<Uint8Array>
  /** Signs only; resolves the signed wire bytes. */
  signTransaction?(account: HeldAccount, wire: Uint8Array, caipNetworkId: CaipNetworkId): Promise<Uint8Array>
  /** Ends the wallet's side of the connection (a session's is the plugin's to end). */
  disconnect(): Promise<void>
  /** Stops relaying the wallet's events. */
  close(): void
}

export interface BackendEvents {
  onAccounts(accounts: HeldAccount[]): void
  onDisconnect(reason: string): void
}

const SIGNATURE_BYTES = 64

function checkSignature(method: string, signature: unknown, wallet?: string): Uint8Array {
  if (!(signature instanceof Uint8Array) || signature.length !== SIGNATURE_BYTES)
    throw new InvalidWalletAnswerError(method, 'the signature is not 64 bytes', wallet)
  return signature
}

const PUBLIC_KEY_BYTES = 32

/**
 * A Wallet Standard wallet's accounts (`solana:` ones) as held accounts. The
 * public key is the wallet's word: kept only when it is 32 bytes (an ed25519
 * key), else left out (it is optional; the address is what identifies the account).
 */
function heldOf(accounts: readonly WalletAccount[]): HeldAccount[] {
  return accounts.map((a) => {
    const key: unknown = a.publicKey
    return key instanceof Uint8Array && key.length === PUBLIC_KEY_BYTES
      ? { address: a.address, publicKey: new Uint8Array(key) }
      : { address: a.address }
  })
}

/** The accounts whose address is a base58 ed25519 public key; `method` names the answer in the error. */
function validAccounts(method: string, accounts: readonly WalletAccount[], wallet: string): WalletAccount[] {
  const bad = accounts.find((a) => !isSolanaAddress(a.address))
  if (bad)
    throw new InvalidWalletAnswerError(
      method,
      `${JSON.stringify(String(bad.address).slice(0, 60))} is not a Solana address`,
      wallet,
    )
  return [...accounts]
}

/** Drives a Wallet Standard wallet through its `solana:*` features (every account it hands over validated). */
export function walletStandardBackend(
  wallet: Wallet,
  initial: readonly WalletAccount[],
  events: BackendEvents,
): WalletBackend {
  const name = typeof wallet.name === 'string' ? wallet.name.slice(0, 60) : 'The wallet'
  let accounts = validAccounts('standard:connect', initial, name)
  const features = wallet.features as Partial<
    SolanaSignAndSendTransactionFeature &
      SolanaSignTransactionFeature &
      SolanaSignMessageFeature &
      StandardEventsFeature &
      StandardDisconnectFeature
  >
  const off =
    features[FEATURES.events]?.on('change', (changed) => {
      // A change event is the wallet's: anything but a list of accounts is ignored, never thrown back.
      if (!Array.isArray(changed?.accounts)) return
      const next = solanaAccounts(changed.accounts).filter((a) => isSolanaAddress(a.address))
      if (next.length === 0) {
        events.onDisconnect('wallet removed the accounts')
        return
      }
      accounts = next
      events.onAccounts(heldOf(next))
    }) ?? (() => {})
  const walletAccount = (held: HeldAccount) => {
    const account = accounts.find((a) => a.address === held.address)
    if (!account)
      throw new InvalidWalletAnswerError('account', `${held.address} is not held by the wallet`, name)
    return account
  }
  const signAndSendFeature = features[FEATURES.signAndSendTransaction]
  const signFeature = features[FEATURES.signTransaction]
  return {
    accounts: () => heldOf(accounts),
    versions: () => (signAndSendFeature ?? signFeature)?.supportedTransactionVersions ?? ['legacy'],
    async signMessage(held, message) {
      const feature = features[FEATURES.signMessage]
      if (!feature) throw new MethodNotSupportedError({ method: FEATURES.signMessage })
      try {
        const [output] = await feature.signMessage({ account: walletAccount(held), message })
        if (!output) throw new InvalidWalletAnswerError(FEATURES.signMessage, 'no signature', name)
        return {
          signature: checkSignature(FEATURES.signMessage, output.signature, name),
          ...(output.signedMessage instanceof Uint8Array ? { signedMessage: output.signedMessage } : {}),
        }
      } catch (e) {
        throw toSolanaPorticoError(e)
      }
    },
    ...(signAndSendFeature
      ? {
          async signAndSend(held: HeldAccount, transaction: Uint8Array, caipNetworkId: CaipNetworkId) {
            try {
              const [output] = await signAndSendFeature.signAndSendTransaction({
                account: walletAccount(held),
                transaction,
                chain: toStandardChain(caipNetworkId),
                options: { commitment: 'confirmed', preflightCommitment: 'confirmed' },
              })
              if (!output)
                throw new InvalidWalletAnswerError(FEATURES.signAndSendTransaction, 'no signature', name)
              return checkSignature(FEATURES.signAndSendTransaction, output.signature, name)
            } catch (e) {
              throw toSolanaPorticoError(e)
            }
          },
        }
      : {}),
    ...(signFeature
      ? {
          async signTransaction(held: HeldAccount, transaction: Uint8Array, caipNetworkId: CaipNetworkId) {
            try {
              const [signed] = await signFeature.signTransaction({
                account: walletAccount(held),
                transaction,
                chain: toStandardChain(caipNetworkId),
              })
              if (!(signed?.signedTransaction instanceof Uint8Array))
                throw new InvalidWalletAnswerError(FEATURES.signTransaction, 'no signed transaction', name)
              return signed.signedTransaction
            } catch (e) {
              throw toSolanaPorticoError(e)
            }
          },
        }
      : {}),
    async disconnect() {
      await features[FEATURES.disconnect]?.disconnect()
    },
    close: off,
  }
}

/** WalletConnect session error codes that are not a user's "no". */
function channelError(error: unknown, caipNetworkId: CaipNetworkId): unknown {
  if (error instanceof PorticoError || !error || typeof error !== 'object') return toSolanaPorticoError(error)
  const code = (error as { code?: unknown }).code
  if (code === 5000) return new UserRejectedRequestError({ cause: error })
  if (code === 5001 || code === 5100) return new UnsupportedChainError({ caipNetworkId, cause: error })
  if (code === 5002 || code === 5003 || code === 5101) return new MethodNotSupportedError({ cause: error })
  return toSolanaPorticoError(error)
}

/** The session's accounts on `caipNetworkId` (CAIP-10 `solana:<ref>:<base58>`), validated. */
export function channelAccounts(channel: RequestChannel, caipNetworkId: CaipNetworkId): HeldAccount[] {
  const out: HeldAccount[] = []
  for (const entry of channel.accounts()) {
    if (typeof entry !== 'string' || !entry.startsWith(`${caipNetworkId}:`)) continue
    const address = entry.slice(caipNetworkId.length + 1)
    if (!isSolanaAddress(address)) throw new InvalidCaipAddressError({ details: String(entry).slice(0, 120) })
    if (!out.some((a) => a.address === address)) out.push({ address })
  }
  return out
}

export { solanaCodec } from './codec.js'

/**
 * Drives a plugin's request channel with the WalletConnect Solana methods:
 * `solana_signMessage` (base58 message), `solana_signTransaction` and
 * `solana_signAndSendTransaction` (base64 wire transactions). Every answer is
 * validated (a 64-byte base58 signature, a base64 transaction).
 */
export function channelBackend(
  channel: RequestChannel,
  caipNetworkId: CaipNetworkId,
  codec: Codec,
  events: BackendEvents,
): WalletBackend {
  let accounts = channelAccounts(channel, caipNetworkId)
  const offs = [
    channel.on('accountsChanged', (payload) => {
      if (!Array.isArray(payload)) return
      const next = payload
        .filter((a): a is string => typeof a === 'string')
        // A CAIP-10 entry counts only on this cluster: another cluster's account is not one here.
        .map((a) => (a.startsWith(`${caipNetworkId}:`) ? a.slice(caipNetworkId.length + 1) : a))
        .filter(isSolanaAddress)
      if (next.length === 0) return
      accounts = next.map((address) => ({ address }))
      events.onAccounts(accounts)
    }),
    channel.on('disconnect', () => events.onDisconnect('the session ended')),
  ]
  const ask = async (method: string, params: unknown, chainId: CaipNetworkId): Promise<unknown> => {
    try {
      return await channel.request({ method, params, chainId })
    } catch (error) {
      throw channelError(error, chainId)
    }
  }
  const signatureOf = (method: string, answer: unknown): Uint8Array => {
    const text = (answer as { signature?: unknown } | null)?.signature
    if (typeof text !== 'string' || text.length > 100)
      throw new InvalidWalletAnswerError(method, 'no base58 signature')
    let bytes: Uint8Array
    try {
      bytes = codec.fromBase58(text)
    } catch {
      throw new InvalidWalletAnswerError(method, 'the signature is not base58')
    }
    return checkSignature(method, bytes)
  }
  return {
    accounts: () => accounts,
    versions: () => ['legacy', 0],
    async signMessage(held, message) {
      const answer = await ask(
        'solana_signMessage',
        { message: codec.toBase58(message), pubkey: held.address },
        caipNetworkId,
      )
      return { signature: signatureOf('solana_signMessage', answer) }
    },
    async signAndSend(held, wire, chainId) {
      const answer = await ask(
        'solana_signAndSendTransaction',
        {
          transaction: codec.toBase64(wire),
          pubkey: held.address,
          sendOptions: { preflightCommitment: 'confirmed' },
        },
        chainId,
      )
      return signatureOf('solana_signAndSendTransaction', answer)
    },
    async signTransaction(held, wire, chainId) {
      const answer = await ask(
        'solana_signTransaction',
        { transaction: codec.toBase64(wire), pubkey: held.address },
        chainId,
      )
      const text = (answer as { transaction?: unknown } | null)?.transaction
      if (typeof text !== 'string')
        throw new InvalidWalletAnswerError('solana_signTransaction', 'no signed transaction')
      try {
        return codec.fromBase64(text)
      } catch {
        throw new InvalidWalletAnswerError('solana_signTransaction', 'the transaction is not base64')
      }
    },
    // The session is the plugin's to end: the adapter only lets go of the channel.
    async disconnect() {},
    close() {
      for (const off of offs.splice(0)) off()
    },
  }
}
