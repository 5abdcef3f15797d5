import type { SignInVerifier } from '../verify.js'

/** SS58 prefixes of the networks whose genesis hash the gateway knows (CAIP-2 reference → prefix). */
const KNOWN_PREFIXES: Readonly<Record<string, number>> = {
  '91b171bb158e2d3848fa23a9f1c25182': 0, // Polkadot
  b0a8d493285c2df73290dfb7e61f870f: 2, // Kusama
  '45454545454545454545454545454545': 2, // Portico's chopsticks devnet (placeholder genesis)
}

const utf8 = new TextEncoder()
const wrap = (bytes: Uint8Array) => {
  const open = utf8.encode('<Bytes>')
  const close = utf8.encode('</Bytes>')
  const out = new Uint8Array(open.length + bytes.length + close.length)
  out.set(open)
  out.set(bytes, open.length)
  out.set(close, open.length + bytes.length)
  return out
}

/**
 * polkadot: a signature (0x-hex; sr25519, ed25519 or ECDSA, as
 * `@polkadot/util-crypto` `signatureVerify` reads it) by the SS58 address's
 * key over the UTF-8 text, either wrapped in `<Bytes>…</Bytes>` (what
 * extensions sign for `signRaw` type `bytes`) or bare. The address must be
 * valid SS58 and, on a network the gateway knows (Polkadot, Kusama, the
 * local devnet), carry that network's prefix.
 */
export const polkadotSignInVerifier: SignInVerifier = async ({
  message,
  address,
  caipNetworkId,
  signature,
}) => {
  if (!/^0x([0-9a-fA-F]{2}){64,65}$/.test(signature)) return false
  try {
    const { checkAddress, cryptoWaitReady, decodeAddress, signatureVerify } = await import(
      '@polkadot/util-crypto'
    )
    await cryptoWaitReady()
    decodeAddress(address)
    const prefix = KNOWN_PREFIXES[caipNetworkId.split(':')[1] ?? '']
    if (prefix !== undefined && !checkAddress(address, prefix)[0]) return false
    const bytes = utf8.encode(message)
    for (const signed of [wrap(bytes), bytes]) {
      if (signatureVerify(signed, signature, address).isValid) return true
    }
    return false
  } catch {
    return false
  }
}
