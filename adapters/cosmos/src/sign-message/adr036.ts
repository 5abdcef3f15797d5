import type { StdSignDoc } from '@cosmjs/amino'

const SECP256K1_HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n

/**
 * The ADR-036 sign doc for arbitrary data: an amino `sign/MsgSignData` with
 * the signer and the base64 data, empty chain id, zero account number,
 * sequence and fee — what Keplr's `signArbitrary` signs, so it can never be
 * a valid transaction.
 *
 * @example
 * const doc = makeAdr036SignDoc('cosmos1…', 'hello')
 */
export function makeAdr036SignDoc(signer: string, data: string | Uint8Array): StdSignDoc {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: btoa(binary) } }],
    memo: '',
  }
}

/**
 * Verifies an ADR-036 signature (Keplr `signArbitrary`): the public key must
 * hash to `signer`'s address and the 64-byte signature must be a low-S
 * secp256k1 signature over the sha256 of the sorted-JSON sign doc. CosmJS is
 * loaded on first use.
 *
 * @example
 * const ok = await verifyAdr036Signature({ signer, data: 'hello', publicKey: signed.publicKey, signature: signed.signature })
 */
export async function verifyAdr036Signature(params: {
  signer: string
  data: string | Uint8Array
  /** Compressed secp256k1 key: base64 (as Keplr returns it) or 0x-hex. */
  publicKey: string
  /** Base64 r‖s. */
  signature: string
}): Promise<boolean> {
  const [{ serializeSignDoc, rawSecp256k1PubkeyToRawAddress }, crypto, encoding] = await Promise.all([
    import('@cosmjs/amino'),
    import('@cosmjs/crypto'),
    import('@cosmjs/encoding'),
  ])
  try {
    const pubKey = params.publicKey.startsWith('0x')
      ? encoding.fromHex(params.publicKey.slice(2))
      : encoding.fromBase64(params.publicKey)
    const signature = encoding.fromBase64(params.signature)
    if (pubKey.length !== 33 || signature.length !== 64) return false
    // CosmJS accepts high-S signatures; the SDK (and so this check) does not.
    let sValue = 0n
    for (const b of signature.slice(32)) sValue = (sValue << 8n) | BigInt(b)
    if (sValue === 0n || sValue > SECP256K1_HALF_ORDER) return false
    const { prefix, data } = encoding.fromBech32(params.signer, 256)
    if (
      encoding.toBech32(prefix, rawSecp256k1PubkeyToRawAddress(pubKey)) !== encoding.toBech32(prefix, data)
    ) {
      return false
    }
    const hash = crypto.sha256(serializeSignDoc(makeAdr036SignDoc(params.signer, params.data)))
    const sig = crypto.Secp256k1Signature.fromFixedLength(signature)
    return crypto.Secp256k1.verifySignature(sig, hash, pubKey)
  } catch {
    return false
  }
}
