/**
 * The Polkadot side of the frame protocol (v1), dApp side. The frame is a
 * separate origin: what it answers is untrusted here until it passes these
 * checks (the Polkadot adapter then checks addresses and signatures again).
 * What is sent is checked too, with the frame's own limits, so a request the
 * frame would ignore is refused here at once with a clear error.
 */

/** An SS58 address of a 32-byte account (one- or two-byte network prefix). */
export const POLKADOT_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{46,50}$/
/** An ed25519 `MultiSignature`: 0x00 then 64 bytes. */
const SIGNATURE = /^0x00[0-9a-fA-F]{128}$/
const PUBLIC_KEY = /^0x[0-9a-f]{64}$/
const HASH = /^0x[0-9a-fA-F]{64}$/
const MAX_MESSAGE_BYTES = 4096
const MAX_CALL_BYTES = 65_536
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The account of a `polkadot_getAccounts` answer: `[{ address, publicKey, type: 'ed25519' }]`, or undefined. */
export function parsePolkadotAccount(result: unknown): { address: string; publicKey: string } | undefined {
  if (!Array.isArray(result) || result.length !== 1) return undefined
  const [a] = result as unknown[]
  return isObj(a) &&
    a.type === 'ed25519' &&
    typeof a.address === 'string' &&
    POLKADOT_ADDRESS.test(a.address) &&
    typeof a.publicKey === 'string' &&
    PUBLIC_KEY.test(a.publicKey)
    ? { address: a.address, publicKey: a.publicKey }
    : undefined
}

/** The hex signature of a `{ signature }` answer (an ed25519 `MultiSignature`), or undefined. */
export function parsePolkadotSignature(result: unknown): `0x${string}` | undefined {
  return isObj(result) && typeof result.signature === 'string' && SIGNATURE.test(result.signature)
    ? (result.signature as `0x${string}`)
    : undefined
}

const integer = (v: unknown) =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) ||
  (typeof v === 'string' && /^0x[0-9a-fA-F]{1,32}$/.test(v))

/** True when `p` has the form of a polkadot.js `SignerPayloadJSON` within the frame's sizes. */
function isSignerPayload(p: unknown): boolean {
  if (!isObj(p)) return false
  const hex = (v: unknown, max: number) =>
    typeof v === 'string' && HEX.test(v) && v.length > 2 && v.length <= 2 + 2 * max
  return (
    typeof p.address === 'string' &&
    POLKADOT_ADDRESS.test(p.address) &&
    hex(p.method, MAX_CALL_BYTES) &&
    typeof p.era === 'string' &&
    /^0x(?:00|[0-9a-fA-F]{4})$/.test(p.era) &&
    typeof p.blockHash === 'string' &&
    HASH.test(p.blockHash) &&
    typeof p.genesisHash === 'string' &&
    HASH.test(p.genesisHash) &&
    Array.isArray(p.signedExtensions) &&
    p.signedExtensions.length <= 32 &&
    p.signedExtensions.every((e) => typeof e === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(e)) &&
    Number.isInteger(p.version) &&
    [p.blockNumber, p.nonce, p.tip, p.specVersion, p.transactionVersion].every(integer) &&
    (p.mode === undefined || p.mode === null || (Number.isInteger(p.mode) && (p.mode as number) >= 0)) &&
    (p.metadataHash === undefined ||
      p.metadataHash === null ||
      (typeof p.metadataHash === 'string' && HASH.test(p.metadataHash))) &&
    (p.assetId === undefined || p.assetId === null || hex(p.assetId, 256))
  )
}

/**
 * The params sent to the frame for a signing method (only the fields it
 * reads), or undefined when they are malformed: `{ address, message }` for
 * `polkadot_signMessage` (0x hex bytes or text, at most 4 KiB), `{ address,
 * transactionPayload }` for `polkadot_signTransaction`.
 */
export function polkadotSigningParams(method: string, params: unknown): Record<string, unknown> | undefined {
  if (!isObj(params) || typeof params.address !== 'string' || !POLKADOT_ADDRESS.test(params.address))
    return undefined
  const { address } = params
  if (method === 'polkadot_signMessage') {
    const { message } = params
    if (typeof message !== 'string') return undefined
    const size = HEX.test(message) ? (message.length - 2) / 2 : new TextEncoder().encode(message).length
    return size <= MAX_MESSAGE_BYTES ? { address, message } : undefined
  }
  if (method === 'polkadot_signTransaction')
    return isSignerPayload(params.transactionPayload)
      ? { address, transactionPayload: params.transactionPayload }
      : undefined
  return undefined
}
