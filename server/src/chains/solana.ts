import { isAddress } from '@portico/core'
import type { SolanaNetworkConfig, SplTokenConfig } from '../config/index.js'
import { base58Decode } from '../shared/base58.js'
import {
  type BalanceNetwork,
  type BalanceReader,
  ChainReadError,
  type GatewayTokenBalance,
  tokenBalance,
} from './balances.js'
import type { PriceSource } from './prices.js'

/** The SPL Token program; token accounts owned by it hold the configured tokens. */
export const SPL_TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

/**
 * CAIP-10 marker address for native SOL (`solana:<ref>:So111…111`, the id
 * wallets and token lists use for unwrapped SOL; the wrapped-SOL mint ends in 2).
 */
export const SOL_NATIVE_ADDRESS = 'So11111111111111111111111111111111111111111'

const RPC_TIMEOUT_MS = 10_000
/**
 * SPEC §5 (32–44 base58 characters) and, since the RPC node rejects anything
 * else, a 32-byte public key once decoded.
 */
export function isSolanaPublicKey(value: string): boolean {
  return isAddress(value, 'solana') && base58Decode(value)?.length === 32
}

interface RpcCall {
  method: string
  params: unknown[]
}

/** One JSON-RPC 2.0 batch over HTTP: one round trip for all calls, answers in call order. */
export async function rpcBatch(url: string, calls: readonly RpcCall[]): Promise<unknown[]> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, method: c.method, params: c.params }))),
    signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
  })
  if (!res.ok) throw new Error(`RPC answered HTTP ${res.status}`)
  const body = (await res.json()) as unknown
  if (!Array.isArray(body)) throw new Error('RPC did not answer the batch with an array')
  return calls.map((c, id) => {
    const answer = body.find((r) => r && typeof r === 'object' && r.id === id) as
      | { result?: unknown; error?: { code?: number; message?: string } }
      | undefined
    if (!answer) throw new Error(`RPC gave no answer to ${c.method}`)
    if (answer.error)
      throw new Error(`${c.method}: ${answer.error.message ?? 'error'} (${answer.error.code})`)
    return answer.result
  })
}

interface ParsedTokenAccount {
  account?: {
    data?: { parsed?: { info?: { mint?: unknown; tokenAmount?: { amount?: unknown; decimals?: unknown } } } }
  }
}

/** Sums the raw amounts of the owner's token accounts per mint (an owner may hold several accounts of one mint). */
function amountsByMint(value: unknown): Map<string, bigint> {
  const out = new Map<string, bigint>()
  if (!Array.isArray(value)) throw new Error('getTokenAccountsByOwner: value is not a list')
  for (const entry of value as ParsedTokenAccount[]) {
    const info = entry.account?.data?.parsed?.info
    const amount = info?.tokenAmount?.amount
    if (typeof info?.mint !== 'string' || typeof amount !== 'string' || !/^[0-9]+$/.test(amount)) continue
    out.set(info.mint, (out.get(info.mint) ?? 0n) + BigInt(amount))
  }
  return out
}

/** Native SOL + configured SPL balances: `getBalance` and `getTokenAccountsByOwner` in one JSON-RPC batch. */
async function readSolanaBalances(
  prices: PriceSource,
  network: SolanaNetworkConfig,
  owner: string,
  currency: string,
): Promise<GatewayTokenBalance[]> {
  const commitment = { commitment: 'confirmed' }
  let lamports: bigint
  let byMint: Map<string, bigint>
  try {
    const [balance, accounts] = await rpcBatch(network.rpcUrl, [
      { method: 'getBalance', params: [owner, commitment] },
      {
        method: 'getTokenAccountsByOwner',
        params: [owner, { programId: SPL_TOKEN_PROGRAM_ID }, { ...commitment, encoding: 'jsonParsed' }],
      },
    ])
    const value = (balance as { value?: unknown } | null)?.value
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw new Error('getBalance: value is not a lamport count')
    }
    lamports = BigInt(value)
    byMint = amountsByMint((accounts as { value?: unknown } | null)?.value)
  } catch (cause) {
    throw new ChainReadError(`Could not read balances on ${network.caipNetworkId}`, { cause })
  }
  const out: GatewayTokenBalance[] = []
  const native = network.nativeCurrency ?? { name: 'Solana', symbol: 'SOL', decimals: 9 }
  const sol = tokenBalance(
    prices,
    currency,
    network.caipNetworkId,
    { ...native, address: SOL_NATIVE_ADDRESS },
    lamports,
  )
  if (sol) out.push(sol)
  for (const t of network.tokens ?? []) {
    const entry = tokenBalance(prices, currency, network.caipNetworkId, splToken(t), byMint.get(t.mint) ?? 0n)
    if (entry) out.push(entry)
  }
  return out
}

function splToken(t: SplTokenConfig) {
  return {
    address: t.mint,
    name: t.name ?? t.symbol,
    symbol: t.symbol,
    decimals: t.decimals,
    iconUrl: t.iconUrl,
  }
}

/**
 * The configured Solana networks as a `BalanceReader`. Addresses are
 * base58 public keys, case-sensitive (kept as given).
 *
 * @example
 * const reader = solanaBalanceReader([{ caipNetworkId: 'solana:…', rpcUrl, tokens: [] }], prices)
 * const sol = await reader.network('solana:…')?.read(owner, 'usd')
 */
export function solanaBalanceReader(
  networks: readonly SolanaNetworkConfig[],
  prices: PriceSource,
): BalanceReader {
  const all: BalanceNetwork[] = networks.map((n) => ({
    caipNetworkId: n.caipNetworkId,
    hasWs: Boolean(n.wsUrl),
    read: (address, currency) => readSolanaBalances(prices, n, address, currency),
  }))
  const byId = new Map(all.map((n) => [n.caipNetworkId, n]))
  return {
    namespace: 'solana',
    normalizeAddress: (value) => (isSolanaPublicKey(value) ? value : undefined),
    networks: () => all,
    network: (id) => byId.get(id),
  }
}

/** The token config for a Solana CAIP-10 id (`native` / the SOL marker included), for price lookups. */
export function solanaToken(
  networks: readonly SolanaNetworkConfig[],
  caip10: string,
): { name: string; symbol: string; iconUrl?: string | undefined } | undefined {
  const parts = caip10.split(':')
  if (parts.length !== 3) return undefined
  const n = networks.find((x) => x.caipNetworkId === `${parts[0]}:${parts[1]}`)
  if (!n) return undefined
  if (parts[2] === SOL_NATIVE_ADDRESS || parts[2] === 'native') {
    return n.nativeCurrency ?? { name: 'Solana', symbol: 'SOL' }
  }
  const t = n.tokens?.find((x) => x.mint === parts[2])
  return t ? splToken(t) : undefined
}
