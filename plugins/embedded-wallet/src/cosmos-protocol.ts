/**
 * The Cosmos requests and answers of the frame protocol (v1), dApp side. The
 * frame is a separate origin: what it answers is untrusted here until it
 * passes these checks (the Cosmos adapter then checks the answers again).
 * Requests are checked with the same shapes and caps the frame applies, so
 * the frame never ignores one of ours (a signature waits on no time-out).
 */

/** A bech32 prefix as Cosmos chains use them (`cosmos`, `osmo`, `c4e`). */
export const BECH32_PREFIX = /^[a-z][a-z0-9]{0,31}$/

export interface CosmosAccount {
  address: string
  algo: 'secp256k1'
  /** Base64 of the 33-byte compressed key. */
  pubkey: string
}

export interface CosmosSignature {
  signature: string
  pub_key: { type: 'tendermint/PubKeySecp256k1'; value: string }
}

export interface CosmosDirectDoc {
  chainId: string
  accountNumber: string
  authInfoBytes: string
  bodyBytes: string
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Padded base64 of at most `max` bytes; with `exact`, of exactly that many. */
function isBase64(value: unknown, max: number, exact = false): value is string {
  if (typeof value !== 'string' || value.length % 4 !== 0 || value.length > Math.ceil(max / 3) * 4)
    return false
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return false
  const bytes = (value.length / 4) * 3 - (value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0)
  return exact ? bytes === max : true
}

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
/** True when `value` is a lowercase bech32 address with `prefix`, a valid checksum and a 20-byte payload. */
export function isCosmosAddress(value: unknown, prefix: string): value is string {
  if (typeof value !== 'string' || value.length > 90 || !value.startsWith(`${prefix}1`)) return false
  const data = [...value.slice(prefix.length + 1)].map((c) => CHARSET.indexOf(c))
  // 20 bytes are 32 five-bit words, then the 6-word checksum.
  if (data.length !== 38 || data.includes(-1)) return false
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  let chk = 1
  const hrp = [...prefix].map((c) => c.charCodeAt(0))
  for (const v of [...hrp.map((c) => c >> 5), 0, ...hrp.map((c) => c & 31), ...data]) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ v
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!
  }
  // The last word carries 160 mod 5 = 0 padding bits, so any 32 words are 20 whole bytes.
  return chk === 1
}

/** The account of a `cosmos_getAccounts` answer: exactly one secp256k1 account on the chain's prefix, or undefined. */
export function parseCosmosAccounts(result: unknown, prefix: string): CosmosAccount | undefined {
  if (!Array.isArray(result) || result.length !== 1) return undefined
  const a = result[0]
  if (!isObj(a) || a.algo !== 'secp256k1' || !isCosmosAddress(a.address, prefix)) return undefined
  // A compressed secp256k1 key: 33 bytes, the first 0x02 or 0x03.
  if (!isBase64(a.pubkey, 33, true) || ![2, 3].includes(atob(a.pubkey).charCodeAt(0))) return undefined
  return { address: a.address, algo: 'secp256k1', pubkey: a.pubkey }
}

/** The signature of an answer: 64 bytes r‖s, by `pubkey` (the wallet's), or undefined. */
function parseSignature(value: unknown, pubkey: string): CosmosSignature | undefined {
  if (!isObj(value) || !isBase64(value.signature, 64, true) || !isObj(value.pub_key)) return undefined
  if (value.pub_key.type !== 'tendermint/PubKeySecp256k1' || value.pub_key.value !== pubkey) return undefined
  return { signature: value.signature, pub_key: { type: 'tendermint/PubKeySecp256k1', value: pubkey } }
}

/** The params of a `cosmos_signDirect` the frame takes, or undefined. */
export function directParams(
  params: unknown,
): { signerAddress: string; signDoc: CosmosDirectDoc } | undefined {
  if (!isObj(params) || typeof params.signerAddress !== 'string' || !isObj(params.signDoc)) return undefined
  const { chainId, accountNumber, authInfoBytes, bodyBytes } = params.signDoc
  if (typeof chainId !== 'string' || !/^[-_a-zA-Z0-9]{1,32}$/.test(chainId)) return undefined
  if (typeof accountNumber !== 'string' || !/^\d{1,20}$/.test(accountNumber)) return undefined
  if (BigInt(accountNumber) >= 2n ** 64n) return undefined
  if (!isBase64(authInfoBytes, 8 * 1024) || !isBase64(bodyBytes, 64 * 1024) || bodyBytes === '')
    return undefined
  return {
    signerAddress: params.signerAddress,
    signDoc: { chainId, accountNumber, authInfoBytes, bodyBytes },
  }
}

/**
 * The params of a `cosmos_signAmino` the frame takes, or undefined: the doc
 * goes as the JSON it stands for (at most 64 KiB, 24 levels), so no value
 * JSON cannot hold crosses.
 */
export function aminoParams(
  params: unknown,
): { signerAddress: string; signDoc: Record<string, unknown> } | undefined {
  if (!isObj(params) || typeof params.signerAddress !== 'string' || !isObj(params.signDoc)) return undefined
  let json: string
  try {
    json = JSON.stringify(params.signDoc)
  } catch {
    return undefined
  }
  // The frame caps the canonical JSON, where each & < > is written as a 6-character escape.
  if (json.length + 5 * (json.match(/[&<>]/g)?.length ?? 0) > 64 * 1024) return undefined
  const signDoc = JSON.parse(json) as Record<string, unknown>
  const size = measure(signDoc)
  if (size.depth > 24 || size.nodes > 8192) return undefined
  return { signerAddress: params.signerAddress, signDoc }
}

/** Nesting depth and number of values of a parsed JSON value (the frame's other two caps). */
function measure(v: unknown): { depth: number; nodes: number } {
  if (typeof v !== 'object' || v === null) return { depth: 0, nodes: 1 }
  let depth = 0
  let nodes = 1
  for (const child of Object.values(v)) {
    const m = measure(child)
    depth = Math.max(depth, m.depth)
    nodes += m.nodes
  }
  return { depth: depth + 1, nodes }
}

/** Deep equality of JSON values, walking `asked` (ours, finite); `answered` may be anything. */
function sameJson(asked: unknown, answered: unknown): boolean {
  if (typeof asked !== 'object' || asked === null) return asked === answered
  if (typeof answered !== 'object' || answered === null) return false
  if (Array.isArray(asked) !== Array.isArray(answered)) return false
  const keys = Object.keys(asked)
  if (keys.length !== Object.keys(answered).length) return false
  return keys.every(
    (k) =>
      Object.hasOwn(answered, k) && sameJson((asked as never)[k], (answered as Record<string, unknown>)[k]),
  )
}

/**
 * A `cosmos_signDirect` or `cosmos_signAmino` answer: `{ signed, signature }`
 * where `signed` is the doc exactly as asked (the frame never changes a fee)
 * and the signature is by the wallet's key; the answer rebuilt from what was
 * asked, or undefined.
 */
export function parseCosmosSigned<D>(
  result: unknown,
  asked: D,
  pubkey: string,
): { signed: D; signature: CosmosSignature } | undefined {
  if (!isObj(result) || !sameJson(asked, result.signed)) return undefined
  const signature = parseSignature(result.signature, pubkey)
  return signature ? { signed: asked, signature } : undefined
}
