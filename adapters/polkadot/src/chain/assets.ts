import type { ApiPromise } from '@polkadot/api'
import { AmountExceedsBalanceError, formatUnits, PorticoError } from '@portico/core'
import type { PolkadotNetwork } from '../networks/index.js'

/** The token is not one of the network's configured Assets-pallet tokens, or the chain has no such asset. */
export class UnknownAssetError extends PorticoError {
  override name = 'UnknownAssetError'
  constructor(token: unknown, why: string) {
    super('Unknown asset', { code: 'UNKNOWN_ASSET', details: `${String(token)}: ${why}` })
  }
}

/**
 * The Assets pallet would refuse the transfer for its minimum-balance rules:
 * a new holder must receive at least the asset's minimum balance, the sender
 * may not keep less than it (other than nothing), and a receiver without an
 * account cannot be given an asset that is not "sufficient".
 */
export class AssetMinimumBalanceError extends PorticoError {
  override name = 'AssetMinimumBalanceError'
  constructor(message: string, details: string) {
    super(message, { code: 'ASSET_MIN_BALANCE', details })
  }
}

interface BigCodec {
  toBigInt(): bigint
}
interface OptionCodec<T> {
  isSome?: boolean
  unwrap?(): T
}
interface AssetDetailsCodec {
  minBalance: BigCodec
  isSufficient: { isTrue: boolean } | boolean
}
interface AccountInfoCodec {
  providers?: { toNumber(): number }
  sufficients?: { toNumber(): number }
  data: { free: BigCodec }
}

/** An `Option<T>` (newer runtimes) or a bare `T` (2021 runtimes answer a zeroed struct). */
function unwrap<T>(codec: unknown): T | undefined {
  const o = codec as OptionCodec<T>
  if (typeof o?.isSome === 'boolean') return o.isSome && o.unwrap ? o.unwrap() : undefined
  return codec as T
}

/** What an asset transfer was checked against; `keepAlive` false when the sender sends all it holds. */
export interface AssetTransferPlan {
  id: number
  keepAlive: boolean
}

/**
 * Checks an Assets-pallet transfer of `amount` of the configured asset
 * `token` from `from` to `to` against the chain's rules before the wallet is
 * asked: the asset exists, the sender holds enough, what stays with the
 * sender is nothing or at least the minimum balance, a receiver that does not
 * hold the asset gets at least the minimum balance, and a receiver with no
 * account at all is only given a sufficient asset. Sending the whole balance
 * uses `assets.transfer` (the sender's asset account closes); anything less
 * `assets.transferKeepAlive`.
 */
export async function planAssetTransfer(params: {
  api: ApiPromise
  network: PolkadotNetwork
  from: string
  to: string
  token: string
  amount: bigint
}): Promise<AssetTransferPlan> {
  const { api, network, from, to, token, amount } = params
  const configured = (network.assetTokens ?? []).find((a) => String(a.id) === token)
  if (!configured) throw new UnknownAssetError(token, `not an asset configured for ${network.name}`)
  const pallet = api.query.assets
  if (!pallet?.asset || !pallet.account)
    throw new UnknownAssetError(token, `${network.name} has no Assets pallet`)
  const id = configured.id
  const details = unwrap<AssetDetailsCodec>(await pallet.asset(id))
  if (!details) throw new UnknownAssetError(token, `no asset ${id} on ${network.name}`)
  const min = details.minBalance.toBigInt()
  const sufficient =
    typeof details.isSufficient === 'boolean' ? details.isSufficient : details.isSufficient.isTrue
  const symbol = configured.symbol ?? `#${id}`
  const shown = (v: bigint) => `${formatUnits(v, configured.decimals ?? 0)} ${symbol}`

  const held = async (who: string) =>
    unwrap<{ balance: BigCodec }>(await pallet.account!(id, who))?.balance.toBigInt() ?? 0n
  const [sent, received] = await Promise.all([held(from), held(to)])
  if (amount > sent) throw new AmountExceedsBalanceError({ details: `${from} holds ${shown(sent)}` })
  const left = sent - amount
  if (left > 0n && left < min)
    throw new AssetMinimumBalanceError(
      'The amount would leave less than the minimum balance',
      `${shown(left)} would stay; ${symbol} needs at least ${shown(min)} — send all of it or keep at least that`,
    )
  if (received === 0n && from !== to) {
    if (amount < min)
      throw new AssetMinimumBalanceError(
        'The amount is below the minimum balance',
        `the receiver holds no ${symbol}; the first transfer must be at least ${shown(min)}`,
      )
    if (!sufficient) {
      const account = (await api.query.system!.account!(to)) as unknown as AccountInfoCodec
      const alive =
        (account.providers?.toNumber() ?? 0) > 0 ||
        (account.sufficients?.toNumber() ?? 0) > 0 ||
        account.data.free.toBigInt() > 0n
      if (!alive)
        throw new AssetMinimumBalanceError(
          'The receiver has no account on this network',
          `${symbol} is not a sufficient asset: the receiver needs ${network.nativeCurrency.symbol} (the existential deposit) before it can hold it`,
        )
    }
  }
  return { id, keepAlive: left > 0n }
}

/** The sender's native balance does not cover the fee of an asset transfer (the fee is paid in the native token). */
export class InsufficientNativeForFeeError extends PorticoError {
  override name = 'InsufficientNativeForFeeError'
  constructor(details: string) {
    super('Not enough balance for the fee', { code: 'INSUFFICIENT_NATIVE_FOR_FEE', details })
  }
}
