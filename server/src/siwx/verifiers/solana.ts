import { createPublicKey, verify as edVerify } from 'node:crypto'
import { type ParsedSiwxMessage, parseSiwxMessage } from '@portico/core'
import { base58Decode } from '../../shared/base58.js'
import type { SignInVerifier } from '../verify.js'

/** CAIP-2 references (genesis-hash prefixes) of the clusters Sign In With Solana names by word. */
const CLUSTERS: Readonly<Record<string, string>> = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
}

/**
 * Reads a Solana sign-in text: CAIP-122, or the compact layout a
 * `solana:signIn` wallet writes (no statement → one blank line). A "Chain ID"
 * given as a SIWS cluster name becomes the CAIP-2 reference it stands for
 * (`mainnet` → `5eykt4…`; `localnet` stands for any cluster but the three
 * public ones), so the service's chain check compares like with like.
 * Throws `SiwxMessageError` on a text outside the grammar.
 */
export function parseSolanaSignInMessage(message: string, caipNetworkId: string): ParsedSiwxMessage {
  const parsed = parseSiwxMessage(message, { compact: true })
  const reference = caipNetworkId.split(':')[1] ?? ''
  const named = CLUSTERS[parsed.chainReference]
  if (named !== undefined) return { ...parsed, chainReference: named }
  const isPublic = Object.values(CLUSTERS).includes(reference)
  if (parsed.chainReference === 'localnet' && !isPublic) return { ...parsed, chainReference: reference }
  return parsed
}

/**
 * solana: an Ed25519 signature (base58, 64 bytes) by the address's key over
 * the exact UTF-8 text, whether Portico wrote it (CAIP-122 signed with
 * `solana:signMessage`) or the wallet did (`solana:signIn`, read with
 * `parseSolanaSignInMessage`).
 */
export const solanaSignInVerifier: SignInVerifier = Object.assign(
  async ({ message, address, signature }: Parameters<SignInVerifier>[0]) => {
    const key = base58Decode(address)
    const sig = base58Decode(signature)
    if (key?.length !== 32 || sig?.length !== 64) return false
    try {
      const publicKey = createPublicKey({
        key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key).toString('base64url') },
        format: 'jwk',
      })
      return edVerify(null, Buffer.from(message, 'utf8'), publicKey, sig)
    } catch {
      return false
    }
  },
  { parse: parseSolanaSignInMessage },
)
