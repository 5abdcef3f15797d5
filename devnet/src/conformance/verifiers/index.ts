import type { ChainNamespace, SignedMessage } from '@portico/core'
import { verifyBitcoinMessage } from './bip122.js'
import { adr036SignDoc, verifyCosmosAdr036 } from './cosmos.js'
import { verifyEip155Message } from './eip155.js'
import { verifyPolkadotMessage } from './polkadot.js'
import { verifySolanaMessage } from './solana.js'

export {
  adr036SignDoc,
  verifyBitcoinMessage,
  verifyCosmosAdr036,
  verifyEip155Message,
  verifyPolkadotMessage,
  verifySolanaMessage,
}

type Verify = (args: { address: string; message: string; signed: SignedMessage }) => Promise<boolean>

const VERIFIERS: Record<string, Verify> = {
  eip155: verifyEip155Message,
  cosmos: verifyCosmosAdr036,
  solana: verifySolanaMessage,
  bip122: verifyBitcoinMessage,
  polkadot: verifyPolkadotMessage,
}

/**
 * Verifies a signed message with the namespace's own tools, none of them the
 * adapter's: viem (EIP-191), an ADR-036 sign doc built here + secp256k1,
 * ed25519 over bytes that carry the message, `bip322-js`, `signatureVerify`.
 *
 * @example
 * expect(await verifyMessageIndependently('eip155', { address, message, signed })).toBe(true)
 */
export async function verifyMessageIndependently(
  namespace: ChainNamespace,
  args: { address: string; message: string; signed: SignedMessage },
): Promise<boolean> {
  const verify = VERIFIERS[namespace]
  if (!verify) throw new Error(`the conformance kit has no message verifier for ${namespace}`)
  return await verify(args)
}
