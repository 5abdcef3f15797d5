import type { SignedMessage, SignedSignIn, SiwxMessageFields } from '@portico/core'
import type { Wallet } from '@wallet-standard/base'
import { signInWithSolanaWallet } from '../siwx/index.js'
import { solanaCodec } from './backends.js'
import { accountFor, hex, type SolanaSessions } from './sessions.js'

const utf8 = new TextEncoder()

/** A Wallet Standard wallet with `solana:signIn` writes and signs the SIWS text itself; else undefined. */
export async function signInWithSession(
  sessions: SolanaSessions,
  walletFor: (connectorId: string) => Wallet,
  { connectorId, address, fields }: { connectorId: string; address: string; fields: SiwxMessageFields },
): Promise<SignedSignIn | undefined> {
  const session = sessions.require(connectorId)
  if (session.channel) return undefined
  const account = accountFor(session, address)
  return signInWithSolanaWallet(walletFor(connectorId), { ...fields, address: account.address })
}

/**
 * Signs the message (text as UTF-8) with the session's wallet; the signature
 * comes back base58, and `signedMessage` only when the wallet signed other
 * bytes than it was given.
 */
export async function signMessageWithSession(
  sessions: SolanaSessions,
  { connectorId, address, message }: { connectorId: string; address: string; message: string | Uint8Array },
): Promise<SignedMessage> {
  const session = sessions.require(connectorId)
  const account = accountFor(session, address)
  const bytes = typeof message === 'string' ? utf8.encode(message) : message
  const { signature, signedMessage } = await session.backend.signMessage(account, bytes)
  const { toBase58 } = await solanaCodec()
  const differs =
    signedMessage && (signedMessage.length !== bytes.length || signedMessage.some((b, i) => b !== bytes[i]))
  return {
    signature: toBase58(signature),
    ...(account.publicKey ? { publicKey: `0x${hex(account.publicKey)}` } : {}),
    ...(differs ? { signedMessage } : {}),
  }
}
