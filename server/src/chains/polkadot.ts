import { createHash } from 'node:crypto'
import { blake2b } from '@noble/hashes/blake2b'
import type { PolkadotNetworkConfig } from '../config/index.js'
import { badRequest } from '../http/errors.js'
import { base58Decode } from '../shared/base58.js'
import {
  type BalanceNetwork,
  type BalanceReader,
  ChainReadError,
  type GatewayTokenBalance,
  tokenBalance,
} from './balances.js'
import type { PriceSource } from './prices.js'

// Read with plain JSON-RPC `state_getStorage` (no @polkadot/api in the gateway):
// storage keys are twox128(pallet) ‖ twox128(item) ‖ blake2_128concat(key…).
// The twox128 prefixes are fixed strings of the runtime, written out here.
const SYSTEM_ACCOUNT = '26aa394eea5630e07c48ae0c9558cef7b99d880ec681799c0cf30e8886371da9'
const ASSETS_ACCOUNT = '682a59d51ab9e48a8c8cc418ff9708d2b99d880ec681799c0cf30e8886371da9'

/** CAIP-10 marker of a Polkadot network's native token. */
export const POLKADOT_NATIVE_ADDRESS = 'native'
const RPC_TIMEOUT_MS = 10_000

/**
 * The 32-byte account id of an SS58 address of `prefix` (checksum: first two
 * bytes of blake2b-512 over `SS58PRE ‖ prefix ‖ key`), or undefined.
 */
export function ss58AccountId(address: string, prefix: number): Uint8Array | undefined {
  if (!/^[1-9A-HJ-NP-Za-km-z]{46,52}$/.test(address)) return undefined
  const bytes = base58Decode(address)
  if (!bytes) return undefined
  const first = bytes[0] ?? 0xff
  if (first >= 128) return undefined
  const prefixLength = first < 64 ? 1 : 2
  const second = bytes[1] ?? 0
  const decoded = first < 64 ? first : ((first & 0x3f) << 2) | (second >> 6) | ((second & 0x3f) << 8)
  if (decoded !== prefix || bytes.length !== prefixLength + 34) return undefined
  const sum = createHash('blake2b512')
    .update(Buffer.from('SS58PRE'))
    .update(bytes.subarray(0, bytes.length - 2))
    .digest()
  if (sum[0] !== bytes[bytes.length - 2] || sum[1] !== bytes[bytes.length - 1]) return undefined
  return bytes.slice(prefixLength, prefixLength + 32)
}

function blake2_128Concat(data: Uint8Array): string {
  // blake2b with a 16-byte digest (not a truncated blake2b-512: the length is in the parameter block).
  return Buffer.from(blake2b(data, { dkLen: 16 })).toString('hex') + Buffer.from(data).toString('hex')
}

/** One JSON-RPC call to a Polkadot-SDK node over HTTP (10 s timeout); an RPC error throws. */
export async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
  })
  if (!res.ok) throw new Error(`RPC answered HTTP ${res.status}`)
  const body = (await res.json()) as { result?: unknown; error?: { message?: string; code?: number } }
  if (body.error) throw new Error(`${method}: ${body.error.message ?? 'error'} (${body.error.code})`)
  return body.result
}

function u128At(hex: string, byteOffset: number): bigint {
  const slice = hex.slice(byteOffset * 2, byteOffset * 2 + 32)
  if (slice.length !== 32) throw new Error('storage value too short')
  return BigInt(`0x${Buffer.from(slice, 'hex').reverse().toString('hex')}`)
}

const NEW_LOGIC_FLAG = 1n << 127n

/**
 * Transferable balance from a SCALE `AccountInfo`: after nonce / consumers /
 * providers / sufficients (4 × u32) come four u128. Runtimes since 2023 store
 * `free, reserved, frozen, flags` (flags has its top bit set), older ones
 * `free, reserved, miscFrozen, feeFrozen`: transferable is free minus frozen,
 * or minus the larger of the two older locks.
 */
export function transferableFromAccountInfo(hex: string | null): bigint {
  if (!hex) return 0n
  const body = hex.startsWith('0x') ? hex.slice(2) : hex
  const head = body.length / 2 === 80 ? 16 : 12
  const free = u128At(body, head)
  const third = u128At(body, head + 32)
  const fourth = u128At(body, head + 48)
  // biome-ignore lint/complexity/useMathMinMax: bigints (Math.max takes numbers)
  const locked = fourth & NEW_LOGIC_FLAG ? third : third > fourth ? third : fourth
  return free > locked ? free - locked : 0n
}

async function readPolkadotBalances(
  prices: PriceSource,
  network: PolkadotNetworkConfig,
  address: string,
  currency: string,
): Promise<GatewayTokenBalance[]> {
  const accountId = ss58AccountId(address, network.ss58Prefix)
  if (!accountId)
    throw badRequest(`params/address is not an address of ${network.caipNetworkId}`, 'invalid_address')
  const tokens = network.tokens ?? []
  let values: unknown[]
  try {
    values = await Promise.all([
      rpc(network.rpcUrl, 'state_getStorage', [`0x${SYSTEM_ACCOUNT}${blake2_128Concat(accountId)}`]),
      ...tokens.map((t) => {
        const id = Buffer.alloc(4)
        id.writeUInt32LE(t.id)
        return rpc(network.rpcUrl, 'state_getStorage', [
          `0x${ASSETS_ACCOUNT}${blake2_128Concat(id)}${blake2_128Concat(accountId)}`,
        ])
      }),
    ])
  } catch (error) {
    throw new ChainReadError(`${network.caipNetworkId}: ${(error as Error).message}`)
  }
  const [account, ...assets] = values
  const native = network.nativeCurrency
  const out: GatewayTokenBalance[] = []
  const nativeEntry = tokenBalance(
    prices,
    currency,
    network.caipNetworkId,
    { ...native, address: POLKADOT_NATIVE_ADDRESS },
    transferableFromAccountInfo(typeof account === 'string' ? account : null),
  )
  if (nativeEntry) out.push(nativeEntry)
  tokens.forEach((t, i) => {
    const raw = assets[i]
    // An asset account starts with its u128 balance (2021 and current runtimes alike).
    const value = typeof raw === 'string' && raw.length >= 34 ? u128At(raw.slice(2), 0) : 0n
    const entry = tokenBalance(
      prices,
      currency,
      network.caipNetworkId,
      {
        address: String(t.id),
        name: t.name ?? t.symbol,
        symbol: t.symbol,
        decimals: t.decimals,
        iconUrl: t.iconUrl,
      },
      value,
    )
    if (entry) out.push(entry)
  })
  return out
}

/**
 * The configured Polkadot-SDK networks as a `BalanceReader`: native
 * transferable balance and the listed Assets-pallet tokens. Addresses are
 * SS58 of the network's prefix (checksum-checked), kept as given.
 */
export function polkadotBalanceReader(
  networks: readonly PolkadotNetworkConfig[],
  prices: PriceSource,
): BalanceReader {
  const all: BalanceNetwork[] = networks.map((n) => ({
    caipNetworkId: n.caipNetworkId,
    hasWs: Boolean(n.wsUrl),
    read: (address, currency) => readPolkadotBalances(prices, n, address, currency),
  }))
  const byId = new Map(all.map((n) => [n.caipNetworkId, n]))
  const prefixes = [...new Set(networks.map((n) => n.ss58Prefix))]
  return {
    namespace: 'polkadot',
    normalizeAddress: (value) => (prefixes.some((p) => ss58AccountId(value, p)) ? value : undefined),
    networks: () => all,
    network: (id) => byId.get(id),
  }
}
