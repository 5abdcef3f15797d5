import { secp256k1 } from '@noble/curves/secp256k1'
import { keccak_256 } from '@noble/hashes/sha3'
import { hexToBytes as fromHex, bytesToHex as hex } from '@noble/hashes/utils'
import { combine, split } from 'shamir-secret-sharing'

/** `0x`-prefixed lower-case hex (the shell's own: viem is the EVM signer's chunk, not the first load). */
export const bytesToHex = (bytes: Uint8Array): `0x${string}` => `0x${hex(bytes)}`
const hexToBytes = (text: string): Uint8Array => fromHex(text.startsWith('0x') ? text.slice(2) : text)

/**
 * The EVM address of a secp256k1 key, EIP-55 checksummed: the last 20 bytes
 * of keccak-256 of the uncompressed public key (the same as viem's
 * `privateKeyToAddress`, which the tests hold it to). Throws on an invalid key.
 */
export function privateKeyToAddress(key: `0x${string}`): `0x${string}` {
  const pub = secp256k1.getPublicKey(hexToBytes(key), false)
  const lower = hex(keccak_256(pub.subarray(1)).subarray(12))
  const hash = hex(keccak_256(new TextEncoder().encode(lower)))
  let out = '0x'
  for (let i = 0; i < 40; i++)
    out += Number.parseInt(hash[i] as string, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]
  return out as `0x${string}`
}

/**
 * Key material inside the frame. A key exists whole only between `combine`
 * and the end of one signature; the shares are what is kept: the device share
 * here (IndexedDB of the frame origin), the auth share on the gateway.
 */
const DB = 'portico-embedded-wallet'
const STORE = 'device-shares'

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1)
    req.onupgradeneeded = () => req.result.createObjectStore(STORE)
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

async function tx<T>(mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open()
  try {
    return await new Promise<T>((resolve, reject) => {
      const r = run(db.transaction(STORE, mode).objectStore(STORE))
      r.onsuccess = () => resolve(r.result)
      r.onerror = () => reject(r.error)
    })
  } finally {
    db.close()
  }
}

/** The device share kept for `address` (lower-case key), or undefined. */
export async function loadDeviceShare(address: string): Promise<string | undefined> {
  const v = await tx('readonly', (s) => s.get(address.toLowerCase()) as IDBRequest<unknown>)
  return typeof v === 'string' ? v : undefined
}

export async function saveDeviceShare(address: string, share: string): Promise<void> {
  await tx('readwrite', (s) => s.put(share, address.toLowerCase()))
}

/** A new wallet: a random secp256k1 key split 2-of-3. The recovery share is the caller's to protect or drop. */
export async function createWallet(): Promise<{
  address: string
  device: string
  auth: string
  recovery: string
}> {
  const key = new Uint8Array(32)
  let address: string | undefined
  // A random 32-byte string is a valid secp256k1 key except with negligible odds (0 or ≥ n): retry then.
  for (let i = 0; i < 4 && !address; i++) {
    crypto.getRandomValues(key)
    try {
      address = privateKeyToAddress(bytesToHex(key))
    } catch {
      address = undefined
    }
  }
  if (!address) throw new Error('could not generate a key')
  const [device, auth, recovery] = await split(key, 3, 2)
  key.fill(0)
  if (!device || !auth || !recovery) throw new Error('share split failed')
  return {
    address,
    device: bytesToHex(device).slice(2),
    auth: bytesToHex(auth).slice(2),
    recovery: bytesToHex(recovery).slice(2),
  }
}

/** Reassembles the key from two shares and checks it is `address`'s; the caller wipes it after one use. */
export async function reassemble(address: string, a: string, b: string): Promise<Uint8Array> {
  const key = await combine([hexToBytes(`0x${a}`), hexToBytes(`0x${b}`)])
  if (privateKeyToAddress(bytesToHex(key)).toLowerCase() !== address.toLowerCase()) {
    key.fill(0)
    throw new Error('the shares do not rebuild this wallet')
  }
  return key
}
