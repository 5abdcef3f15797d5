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
 * Protobuf type URLs of Ethermint's `eth_secp256k1` public keys (Evmos,
 * Injective and other EVM-compatible Cosmos chains): their addresses and
 * signatures are Ethereum's (keccak256), not the Cosmos SDK's.
 */
export const ETH_SECP256K1_KEY_TYPES = Object.freeze([
  '/ethermint.crypto.v1.ethsecp256k1.PubKey',
  '/injective.crypto.v1beta1.ethsecp256k1.PubKey',
] as const)

/** The protobuf type URL of a plain Cosmos SDK secp256k1 public key. */
export const SECP256K1_KEY_TYPE = '/cosmos.crypto.secp256k1.PubKey'

/** The key algorithm a public key's type URL stands for; undefined for a type that is neither. */
export function adr036KeyAlgorithm(typeUrl: string | undefined): 'secp256k1' | 'ethsecp256k1' | undefined {
  if (typeUrl === undefined || typeUrl === SECP256K1_KEY_TYPE) return 'secp256k1'
  return (ETH_SECP256K1_KEY_TYPES as readonly string[]).includes(typeUrl) ? 'ethsecp256k1' : undefined
}

/**
 * Verifies an ADR-036 signature (Keplr `signArbitrary`): the public key must
 * hash to `signer`'s address and the 64-byte signature must be a low-S
 * secp256k1 signature over the hash of the sorted-JSON sign doc. With
 * `algorithm: 'secp256k1'` (default) the address is ripemd160(sha256(key))
 * and the hash sha256; with `'ethsecp256k1'` (Ethermint: Evmos, Injective)
 * the address is the last 20 bytes of keccak256 of the uncompressed key and
 * the hash keccak256. CosmJS is loaded on first use.
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
  /** The key's algorithm (default `secp256k1`). */
  algorithm?: 'secp256k1' | 'ethsecp256k1'
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
    const eth = params.algorithm === 'ethsecp256k1'
    if (params.algorithm !== undefined && !eth && params.algorithm !== 'secp256k1') return false
    const { prefix, data } = encoding.fromBech32(params.signer, 256)
    const raw = eth
      ? crypto.keccak256(crypto.Secp256k1.uncompressPubkey(pubKey).slice(1)).slice(12)
      : rawSecp256k1PubkeyToRawAddress(pubKey)
    if (encoding.toBech32(prefix, raw) !== encoding.toBech32(prefix, data)) return false
    const doc = serializeSignDoc(makeAdr036SignDoc(params.signer, params.data))
    const hash = eth ? crypto.keccak256(doc) : crypto.sha256(doc)
    const sig = crypto.Secp256k1Signature.fromFixedLength(signature)
    return crypto.Secp256k1.verifySignature(sig, hash, pubKey)
  } catch {
    return false
  }
}
