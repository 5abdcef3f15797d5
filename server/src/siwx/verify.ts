import type { ParsedSiwxMessage } from '@portico/core'
import { type Hex, isAddress, verifyMessage } from 'viem'
import type { ChainRegistry } from '../chains/index.js'

/** What a verifier gets: the exact signed text and what the client sent with it. */
export interface SignInProof {
  message: string
  address: string
  caipNetworkId: string
  signature: string
  publicKey?: string
  /** The public key's protobuf type URL (cosmos: selects secp256k1 or Ethermint's eth_secp256k1). */
  publicKeyType?: string
}

/**
 * Checks one namespace's sign-in signature; false for a wrong one, never
 * throws for bad input. `parse`, when given, reads the namespace's own
 * sign-in text (instead of strict CAIP-122) with "Chain ID" as the CAIP-2
 * reference; it throws `SiwxMessageError` for a text it cannot read.
 */
export type SignInVerifier = ((proof: SignInProof) => Promise<boolean>) & {
  parse?: (message: string, caipNetworkId: string) => ParsedSiwxMessage
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
