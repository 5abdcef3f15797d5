import {
  type CaipNetworkId,
  type ParsedSiwxMessage,
  PorticoError,
  parseSiwxMessage,
  type SignedSignIn,
  type SiwxMessageFields,
} from '@portico/core'
import type { SolanaSignInFeature, SolanaSignInInput } from '@solana/wallet-standard-features'
import type { Wallet } from '@wallet-standard/base'
import { solanaCodec } from '../adapter/codec.js'
import { toSolanaPorticoError } from '../errors/index.js'
import { toStandardChain } from '../networks/index.js'

/** The Wallet Standard feature of wallets that write and sign the sign-in text themselves. */
export const SOLANA_SIGN_IN_FEATURE = 'solana:signIn'

/**
 * A wallet's `solana:signIn` answer does not match what was asked: the text
 * names another domain, address, nonce (or any other requested field), the
 * account is another one, or the signature is not 64 Ed25519 bytes. The
 * session is not started; `details` says what differed.
 */
export class SolanaSignInMismatchError extends PorticoError {
  override name = 'SolanaSignInMismatchError'
  constructor(details: string) {
    super('The wallet signed a different sign-in message', { code: 'SIWX_WALLET_MISMATCH', details })
  }
}

/**
 * The "Chain ID" a Sign In With Solana text carries for a CAIP-2 network:
 * the cluster name SIWS wallets know (`mainnet`, `devnet`, `testnet`, and
 * `localnet` for any other cluster), as the SIWS grammar lists them.
 */
export function solanaSignInChainId(caipNetworkId: CaipNetworkId): string {
  return toStandardChain(caipNetworkId).slice('solana:'.length)
}

/** The `solana:signIn` input for CAIP-122 fields: every field, the chain as its SIWS cluster name. */
export function toSolanaSignInInput(fields: SiwxMessageFields): SolanaSignInInput {
  return {
    domain: fields.domain,
    address: fields.address,
    ...(fields.statement ? { statement: fields.statement } : {}),
    uri: fields.uri,
    version: fields.version,
    chainId: solanaSignInChainId(fields.caipNetworkId),
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    ...(fields.expirationTime ? { expirationTime: fields.expirationTime } : {}),
    ...(fields.notBefore ? { notBefore: fields.notBefore } : {}),
    ...(fields.requestId ? { requestId: fields.requestId } : {}),
    ...(fields.resources?.length ? { resources: fields.resources } : {}),
  }
}

/**
 * Reads the text a wallet signed for `solana:signIn` and checks that it
 * carries exactly the requested fields (domain, address, nonce, URI, chain,
 * times, statement…). Returns the parsed text; throws
 * `SolanaSignInMismatchError` for anything else.
 */
export function checkSolanaSignInText(text: string, fields: SiwxMessageFields): ParsedSiwxMessage {
  let parsed: ParsedSiwxMessage
  try {
    parsed = parseSiwxMessage(text, { compact: true })
  } catch (error) {
    throw new SolanaSignInMismatchError(
      `the signed text is not a sign-in message: ${(error as { details?: string }).details ?? ''}`,
    )
  }
  const input = toSolanaSignInInput(fields)
  const expected: Record<string, string | undefined> = {
    chainName: 'Solana',
    domain: input.domain,
    address: input.address,
    statement: input.statement,
    uri: input.uri,
    version: input.version,
    chainReference: input.chainId,
    nonce: input.nonce,
    issuedAt: input.issuedAt,
    expirationTime: input.expirationTime,
    notBefore: input.notBefore,
    requestId: input.requestId,
    resources: input.resources?.join('\n'),
  }
  const got = parsed as unknown as Record<string, string | readonly string[] | undefined>
  for (const [key, want] of Object.entries(expected)) {
    const value = got[key]
    const text = Array.isArray(value) ? value.join('\n') : (value as string | undefined)
    if (text !== want)
      throw new SolanaSignInMismatchError(`${key} is ${text ?? 'missing'}, asked ${want ?? 'none'}`)
  }
  return parsed
}

const utf8 = new TextDecoder('utf-8', { fatal: true })
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/**
 * Signs in through the wallet's `solana:signIn` feature: the wallet writes
 * the SIWS text from `fields` and signs it. The answer is checked (same
 * account, the text carries every requested field, a 64-byte Ed25519
 * signature); resolves the signed text and the base58 signature, or
 * undefined when the wallet does not offer the feature. Wallet errors become
 * typed Portico errors (a refusal → `UserRejectedRequestError`).
 *
 * @example
 * const signed = await signInWithSolanaWallet(wallet, fields)
 * if (!signed) // fall back to signMessage of the CAIP-122 text
 */
export async function signInWithSolanaWallet(
  wallet: Wallet,
  fields: SiwxMessageFields,
): Promise<SignedSignIn | undefined> {
  const feature = (wallet.features as Partial<SolanaSignInFeature>)[SOLANA_SIGN_IN_FEATURE]
  if (typeof feature?.signIn !== 'function') return undefined
  let outputs: unknown
  try {
    outputs = await feature.signIn(toSolanaSignInInput(fields))
  } catch (error) {
    throw toSolanaPorticoError(error)
  }
  const output = (Array.isArray(outputs) ? outputs[0] : undefined) as
    | {
        account?: { address?: unknown; publicKey?: unknown }
        signedMessage?: unknown
        signature?: unknown
        signatureType?: unknown
        signedMessageFormat?: unknown
      }
    | undefined
  if (typeof output !== 'object' || output === null) throw new SolanaSignInMismatchError('no sign-in output')
  if (output.account?.address !== fields.address)
    throw new SolanaSignInMismatchError(`the wallet signed in ${String(output.account?.address)}`)
  if (!(output.signature instanceof Uint8Array) || output.signature.length !== 64)
    throw new SolanaSignInMismatchError('the signature is not 64 bytes')
  if (output.signatureType !== undefined && output.signatureType !== 'ed25519')
    throw new SolanaSignInMismatchError(`signature type ${String(output.signatureType)}`)
  // An off-chain-message envelope was not asked for: the gateway verifies the plain text.
  if (output.signedMessageFormat !== undefined)
    throw new SolanaSignInMismatchError('the wallet wrapped the text in another message format')
  if (!(output.signedMessage instanceof Uint8Array)) throw new SolanaSignInMismatchError('no signed message')
  let message: string
  try {
    message = utf8.decode(output.signedMessage)
  } catch {
    throw new SolanaSignInMismatchError('the signed message is not UTF-8 text')
  }
  checkSolanaSignInText(message, fields)
  const { toBase58 } = await solanaCodec()
  const publicKey = output.account.publicKey
  return {
    message,
    signature: toBase58(output.signature),
    ...(publicKey instanceof Uint8Array && publicKey.length === 32
      ? { publicKey: `0x${hex(publicKey)}` }
      : {}),
  }
}
