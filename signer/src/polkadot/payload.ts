import { blake2b } from '@noble/hashes/blake2b'
import { ChainWireError } from '../chain-keys.js'
import { compact, concat, fromHex, u32 } from './scale.js'

/**
 * The transaction payload a Polkadot-SDK dApp asks a wallet to sign
 * (polkadot.js' `SignerPayloadJSON`, what `signer.signPayload` receives and
 * WalletConnect's `polkadot_signTransaction` carries), checked and kept in a
 * plain form: hex strings as given (lower case), integers as decimal strings.
 */
export interface PolkadotPayload {
  address: string
  /** The call, SCALE-encoded (0x hex). The frame has no metadata: it is signed as bytes. */
  method: string
  /** `0x00` (immortal) or two bytes (mortal). */
  era: string
  blockHash: string
  blockNumber: string
  genesisHash: string
  nonce: string
  tip: string
  specVersion: string
  transactionVersion: string
  signedExtensions: string[]
  version: number
  /** CheckMetadataHash: 0 (no hash) or 1 (the metadata hash is signed). */
  mode: number
  metadataHash: string | null
  /** ChargeAssetTxPayment: the SCALE bytes of `Option<AssetId>` (`0x00` = the native token), or null. */
  assetId: string | null
}

/** At most 64 KiB of call: bigger than any transfer or batch a dApp page builds, small enough to hash at once. */
export const MAX_CALL_BYTES = 65_536
const MAX_ASSET_ID_BYTES = 256
const MAX_EXTENSIONS = 32
const HASH = /^0x[0-9a-fA-F]{64}$/
const EXTENSION = /^[A-Za-z][A-Za-z0-9_]{0,63}$/
const hexOf = (max: number) => new RegExp(`^0x(?:[0-9a-fA-F]{2}){1,${max}}$`)
const CALL = hexOf(MAX_CALL_BYTES)
const ASSET_ID = hexOf(MAX_ASSET_ID_BYTES)
const ERA = /^0x(?:00|[0-9a-fA-F]{4})$/
const U32 = 2n ** 32n - 1n
const U64 = 2n ** 64n - 1n
const U128 = 2n ** 128n - 1n

/** An unsigned integer given as 0x hex (how polkadot.js writes them) or as a JSON number, at most `max`. */
function integer(v: unknown, max: bigint): string | undefined {
  let n: bigint
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) n = BigInt(v)
  else if (typeof v === 'string' && /^0x[0-9a-fA-F]{1,32}$/.test(v)) n = BigInt(v)
  else return undefined
  return n <= max ? n.toString() : undefined
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The payload when `v` has the form of a `SignerPayloadJSON` within the sizes
 * above, else undefined. What the values mean (chain, account, extensions)
 * is checked by `checkPayload`, which names what is wrong.
 */
export function readPayload(v: unknown): PolkadotPayload | undefined {
  if (!isObj(v)) return undefined
  const { address, method, era, blockHash, genesisHash, signedExtensions, version } = v
  if (typeof address !== 'string' || address.length > 64) return undefined
  if (typeof method !== 'string' || !CALL.test(method)) return undefined
  if (typeof era !== 'string' || !ERA.test(era)) return undefined
  if (typeof blockHash !== 'string' || !HASH.test(blockHash)) return undefined
  if (typeof genesisHash !== 'string' || !HASH.test(genesisHash)) return undefined
  if (
    !Array.isArray(signedExtensions) ||
    signedExtensions.length > MAX_EXTENSIONS ||
    !signedExtensions.every((e) => typeof e === 'string' && EXTENSION.test(e))
  )
    return undefined
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0 || version > 255)
    return undefined
  const mode = v.mode ?? 0
  if (typeof mode !== 'number' || !Number.isInteger(mode) || mode < 0 || mode > 255) return undefined
  const metadataHash = v.metadataHash ?? null
  if (metadataHash !== null && (typeof metadataHash !== 'string' || !HASH.test(metadataHash)))
    return undefined
  const assetId = v.assetId ?? null
  if (assetId !== null && (typeof assetId !== 'string' || !ASSET_ID.test(assetId))) return undefined
  const blockNumber = integer(v.blockNumber, U64)
  const nonce = integer(v.nonce, U64)
  const tip = integer(v.tip, U128)
  const specVersion = integer(v.specVersion, U32)
  const transactionVersion = integer(v.transactionVersion, U32)
  if (!blockNumber || !nonce || !tip || !specVersion || !transactionVersion) return undefined
  return {
    address,
    method: method.toLowerCase(),
    era: era.toLowerCase(),
    blockHash: blockHash.toLowerCase(),
    blockNumber,
    genesisHash: genesisHash.toLowerCase(),
    nonce,
    tip,
    specVersion,
    transactionVersion,
    signedExtensions: [...signedExtensions] as string[],
    version,
    mode,
    metadataHash: metadataHash?.toLowerCase() ?? null,
    assetId: assetId?.toLowerCase() ?? null,
  }
}

/** A transaction's lifetime: immortal, or `period` blocks from the block `birth` (a mortal era). */
export type Mortality = { immortal: true } | { immortal: false; period: number; birth: bigint }

/**
 * Reads the era: one zero byte is immortal; two bytes (little-endian u16)
 * hold the period as a power of two (low four bits: log2(period) - 1) and
 * the quantized phase (the high twelve bits). Refused as the runtime would
 * refuse it (a period below 4, a phase outside the period).
 */
export function readEra(era: string, blockNumber: bigint): Mortality {
  const bytes = fromHex(era)
  if (bytes.length === 1) return { immortal: true }
  const encoded = (bytes[0] ?? 0) | ((bytes[1] ?? 0) << 8)
  const period = 2 << (encoded % (1 << 4))
  const quantum = Math.max(period >> 12, 1)
  const phase = (encoded >> 4) * quantum
  if (period < 4 || phase >= period) throw new ChainWireError(`the mortal era ${era} is not valid`)
  // The first block of the era that contains blockNumber (the runtime's `birth`).
  const p = BigInt(period)
  const ph = BigInt(phase)
  const current = blockNumber > ph ? blockNumber : ph
  return { immortal: false, period, birth: ((current - ph) / p) * p + ph }
}

/** Signed extensions that add nothing to the payload (checks the runtime makes on its own). */
const EMPTY = new Set([
  'CheckNonZeroSender',
  'CheckWeight',
  'StorageWeightReclaim',
  'WeightReclaim',
  'PrevalidateAttests',
])

/**
 * The bytes a signature covers: the call, then each signed extension's
 * explicit data (in the extension list's order), then each one's implicit
 * data (the values the runtime adds on its own and the signature pins: spec
 * and transaction versions, genesis and checkpoint block, metadata hash).
 * An extension this frame does not know is refused by name: its bytes are
 * unknown, so a signature could never be valid, or could sign more than the
 * card shows.
 */
export function encodePayload(p: PolkadotPayload): Uint8Array {
  const explicit: Uint8Array[] = []
  const implicit: Uint8Array[] = []
  const seen = new Set<string>()
  for (const name of p.signedExtensions) {
    if (seen.has(name)) throw new ChainWireError(`the signed extension ${name} is listed twice`)
    seen.add(name)
    if (EMPTY.has(name)) continue
    switch (name) {
      case 'CheckSpecVersion':
        implicit.push(u32(BigInt(p.specVersion)))
        break
      case 'CheckTxVersion':
        implicit.push(u32(BigInt(p.transactionVersion)))
        break
      case 'CheckGenesis':
        implicit.push(fromHex(p.genesisHash))
        break
      case 'CheckMortality':
      case 'CheckEra':
        explicit.push(fromHex(p.era))
        implicit.push(fromHex(p.blockHash))
        break
      case 'CheckNonce':
        explicit.push(compact(BigInt(p.nonce)))
        break
      case 'ChargeTransactionPayment':
        explicit.push(compact(BigInt(p.tip)))
        break
      case 'ChargeAssetTxPayment':
        // The tip, then `Option<AssetId>` as the dApp encoded it (absent: the native token).
        explicit.push(compact(BigInt(p.tip)), p.assetId ? fromHex(p.assetId) : Uint8Array.of(0))
        break
      case 'CheckMetadataHash':
        explicit.push(Uint8Array.of(p.mode))
        implicit.push(
          p.mode === 1 && p.metadataHash
            ? concat([Uint8Array.of(1), fromHex(p.metadataHash)])
            : Uint8Array.of(0),
        )
        break
      default:
        throw new ChainWireError(`the signed extension ${name} is not supported`)
    }
  }
  return concat([fromHex(p.method), ...explicit, ...implicit])
}

/** What is signed: the payload, or its blake2b-256 hash when it is longer than 256 bytes (the runtime's rule). */
export function signingBytes(p: PolkadotPayload): Uint8Array {
  const payload = encodePayload(p)
  return payload.length > 256 ? blake2b(payload, { dkLen: 32 }) : payload
}

/**
 * Checks what the payload means against the request: the chain's genesis
 * hash, extrinsic version 4, an asset id in `Option` form, a consistent
 * metadata-hash mode, an immortal era checkpointed at genesis. Returns the
 * lifetime for the card. Throws `ChainWireError` naming what is wrong.
 */
export function checkPayload(p: PolkadotPayload, chainId: string): Mortality {
  if (`polkadot:${p.genesisHash.slice(2, 34)}` !== chainId)
    throw new ChainWireError(`the payload's genesis hash ${p.genesisHash} is not the chain ${chainId}`)
  if (p.version !== 4) throw new ChainWireError(`extrinsic version ${p.version} is not supported`)
  if (p.signedExtensions.includes('CheckMetadataHash')) {
    if (p.mode > 1) throw new ChainWireError(`the metadata hash mode ${p.mode} is not known`)
    if (p.mode === 1 && !p.metadataHash) throw new ChainWireError('mode 1 needs the metadata hash')
    if (p.mode === 0 && p.metadataHash) throw new ChainWireError('a metadata hash is given with mode 0')
  }
  if (p.assetId && !/^0x(?:00|01(?:[0-9a-f]{2})+)$/.test(p.assetId))
    throw new ChainWireError('the asset id is not an encoded Option')
  const mortality = readEra(p.era, BigInt(p.blockNumber))
  if (mortality.immortal && p.blockHash !== p.genesisHash)
    throw new ChainWireError('an immortal transaction is checkpointed at the genesis block')
  // Unknown or repeated extensions are named here too, before the card is shown.
  encodePayload(p)
  return mortality
}
