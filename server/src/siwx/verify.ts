import { createPublicKey, verify as edVerify } from 'node:crypto'
import { type Hex, isAddress, verifyMessage } from 'viem'
import type { ChainRegistry } from '../chains/index.js'

/** What a verifier gets: the exact signed text and what the client sent with it. */
export interface SignInProof {
  message: string
  address: string
  caipNetworkId: string
  signature: string
  publicKey?: string
}

/** Checks one namespace's sign-in signature; false for a wrong one, never throws for bad input. */
export type SignInVerifier = (proof: SignInProof) => Promise<boolean>

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function base58Decode(value: string): Uint8Array | undefined {
  const bytes: number[] = []
  for (const ch of value) {
    let carry = BASE58.indexOf(ch)
    if (carry < 0) return undefined
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58
      bytes[i] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  for (let i = 0; i < value.length && value[i] === '1'; i++) bytes.push(0)
  return Uint8Array.from(bytes.reverse())
}

/**
 * eip155: EIP-4361 (SIWE). On a network the gateway is configured for, the
 * check runs against the chain (viem `verifySiweMessage`), so deployed smart
 * accounts (ERC-1271) and counterfactual ones (ERC-6492) verify too; on any
 * other chain only an EOA signature can be checked (offline ecrecover).
 */
export function evmSignInVerifier(chains: ChainRegistry): SignInVerifier {
  return async ({ message, address, caipNetworkId, signature }) => {
    if (!isAddress(address, { strict: false }) || !/^0x[0-9a-fA-F]+$/.test(signature)) return false
    try {
      const chain = chains.get(caipNetworkId)
      if (chain) {
        // Domain, nonce and times are checked by the service beforehand; here the signature alone.
        return await chain.client.verifySiweMessage({
          message,
          signature: signature as Hex,
          address: address as Hex,
        })
      }
      if (signature.length !== 132) return false
      return await verifyMessage({ address: address as Hex, message, signature: signature as Hex })
    } catch {
      return false
    }
  }
}

/** solana: an Ed25519 signature (base58, 64 bytes) by the address's key over the UTF-8 message. */
export const solanaSignInVerifier: SignInVerifier = async ({ message, address, signature }) => {
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
}
