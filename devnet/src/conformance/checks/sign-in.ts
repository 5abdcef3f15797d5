import {
  type CaipNetworkId,
  parseSiwxMessage,
  type SignedMessage,
  type SiwxMessageFields,
} from '@portico/core'
import { expect } from 'vitest'
import { verifyMessageIndependently } from '../verifiers/index.js'
import type { Check } from './base.js'

/** A fresh nonce of the gateway's kind (letters and digits, at least 8). */
function nonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => alphabet[b % alphabet.length]).join('')
}

/**
 * Sign-in (SIWX) as core runs it, without the gateway's nonce round trip: the
 * namespace's CAIP-122 message (SIWE on eip155, "Solana account" on solana,
 * the Polkadot, Bitcoin and Cosmos texts) for the connected account, signed
 * by the wallet's own sign-in feature when the adapter offers one
 * (`solana:signIn`: the wallet writes the text, which must carry the
 * requested fields) or else with `signMessage` and the adapter's sign-in
 * options (BIP-322 on Bitcoin). The signature is checked by the kit's own
 * verifier for the chain — the gateway verifies with the same kind of tools —
 * and must not verify for a message with another nonce.
 */
export const signIn: Check = async (h) => {
  const { portico, wallet, adapter } = await h.connected()
  expect(adapter.formatSignInMessage, 'the adapter offers sign-in (formatSignInMessage)').toBeTypeOf(
    'function',
  )
  const caipNetworkId = portico.getState().networks.active[h.namespace] as CaipNetworkId
  const issued = Date.now()
  const fields: SiwxMessageFields = {
    domain: 'conformance.portico.test',
    address: wallet.address,
    statement: 'Sign in to the Portico conformance kit.',
    uri: 'https://conformance.portico.test',
    version: '1',
    caipNetworkId,
    nonce: nonce(),
    issuedAt: new Date(issued).toISOString(),
    expirationTime: new Date(issued + 600_000).toISOString(),
  }
  const asked = { domain: fields.domain, address: fields.address, nonce: fields.nonce }
  let message: string
  let signed: SignedMessage
  const own = await adapter.signIn?.({ connectorId: wallet.connectorId, address: wallet.address, fields })
  if (own) {
    // The wallet wrote the text: it must still be about this site, account and nonce.
    message = own.message
    expect(parseSiwxMessage(message, { compact: true })).toMatchObject(asked)
    signed = { signature: own.signature, ...(own.publicKey ? { publicKey: own.publicKey } : {}) }
  } else {
    message = await adapter.formatSignInMessage!(fields)
    // The namespace's text is CAIP-122: it parses back to the fields it was made from.
    expect(parseSiwxMessage(message)).toMatchObject(asked)
    const options = adapter.signInMessageOptions?.(wallet.address)
    signed = await portico.signMessageDetailed({
      message,
      namespace: h.namespace,
      ...(options ? { options } : {}),
    })
  }
  const args = { address: wallet.address, message, signed }
  expect(await verifyMessageIndependently(h.namespace, args), 'the kit’s own verifier accepts it').toBe(true)
  const replayed = { ...args, message: message.replace(fields.nonce, nonce()) }
  expect(await verifyMessageIndependently(h.namespace, replayed), 'not for another nonce').toBe(false)
  return undefined
}
