import type { ApiPromise } from '@polkadot/api'
import {
  type Balance,
  formatBalance,
  formatUnits,
  sanitizeWalletName,
  TokenBalanceUnavailableError,
  type TokenHolding,
} from '@portico/core'
import type { PolkadotAssetToken, PolkadotNetwork } from '../networks/index.js'
import { readNativeAccount } from './account.js'

interface BigCodec {
  toBigInt(): bigint
}

/** The chain's native token: `system.properties` (what the node says), else the network's configured currency. */
export function nativeToken(api: ApiPromise, network: PolkadotNetwork): { symbol: string; decimals: number } {
  const decimals = api.registry.chainDecimals[0]
  const symbol = api.registry.chainTokens[0]
  const props = api.registry.getChainProperties()
  const known = props?.tokenDecimals.isSome && props.tokenSymbol.isSome
  return known && decimals !== undefined && symbol
    ? { symbol: sanitizeWalletName(symbol) ?? network.nativeCurrency.symbol, decimals }
    : { symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals }
}

/**
 * Transferable native balance as `pallet-balances` computes it for a
 * transfer (`readNativeAccount`): `free − max(frozen − reserved, 0)`, or
 * `free − max(miscFrozen, feeFrozen)` on older runtimes; never below zero.
 */
export async function readNativeBalance(
  api: ApiPromise,
  network: PolkadotNetwork,
  address: string,
): Promise<Balance> {
  const { transferable } = await readNativeAccount(api, network, address)
  const { symbol, decimals } = nativeToken(api, network)
  return {
    value: transferable,
    decimals,
    symbol,
    formatted: formatBalance(formatUnits(transferable, decimals)),
  }
}

interface OptionCodec<T> {
  isSome?: boolean
  isNone?: boolean
  unwrap?(): T
}
interface AssetAccountCodec {
  balance: BigCodec
}
interface AssetMetadataCodec {
  name: { toUtf8(): string }
  symbol: { toUtf8(): string }
  decimals: { toNumber(): number }
}

/** An `Option<T>` (newer runtimes) or a bare `T` with defaults (2021 runtimes answer a zeroed struct). */
function unwrapOption<T>(codec: unknown): T | undefined {
  const o = codec as OptionCodec<T>
  if (typeof o.isSome === 'boolean') return o.isSome && o.unwrap ? o.unwrap() : undefined
  return codec as T
}

/**
 * Balances of the network's configured Assets-pallet tokens (all of them, or
 * those whose id is in `only`). Symbol, name and decimals come from the
 * chain's asset metadata (text sanitised: anyone can set it), the
 * configuration filling what the chain leaves empty.
 */
export async function readAssetBalances(
  api: ApiPromise,
  network: PolkadotNetwork,
  address: string,
  only?: readonly string[],
): Promise<TokenHolding[]> {
  const assets = (network.assetTokens ?? []).filter((a) => !only || only.includes(String(a.id)))
  if (assets.length === 0) return []
  const pallet = api.query.assets
  if (!pallet?.account || !pallet.metadata)
    throw new TokenBalanceUnavailableError({ details: `${network.name} has no Assets pallet` })
  const queries = { account: pallet.account, metadata: pallet.metadata }
  return await Promise.all(assets.map((asset) => readAsset(queries, asset, address)))
}

type Query = (...args: unknown[]) => Promise<unknown>

async function readAsset(
  query: { account: Query; metadata: Query },
  asset: PolkadotAssetToken,
  address: string,
): Promise<TokenHolding> {
  const [account, metadata] = await Promise.all([query.account(asset.id, address), query.metadata(asset.id)])
  const held = unwrapOption<AssetAccountCodec>(account)
  const meta = metadata as unknown as AssetMetadataCodec
  const value = held ? held.balance.toBigInt() : 0n
  const chainDecimals = meta.decimals.toNumber()
  const chainSymbol = sanitizeWalletName(safeUtf8(meta.symbol))
  const chainName = sanitizeWalletName(safeUtf8(meta.name))
  // A zero on chain with configured decimals means the chain has no metadata for it.
  const decimals = chainSymbol ? chainDecimals : (asset.decimals ?? chainDecimals)
  const symbol = chainSymbol ?? asset.symbol ?? `#${asset.id}`
  const name = chainName ?? asset.name
  return {
    token: String(asset.id),
    value,
    decimals,
    symbol,
    formatted: formatBalance(formatUnits(value, decimals)),
    ...(name ? { name } : {}),
  }
}

function safeUtf8(bytes: { toUtf8(): string }): string | undefined {
  try {
    return bytes.toUtf8()
  } catch {
    return undefined
  }
}
