import type { ApiPromise } from '@polkadot/api'
import { TokenBalanceUnavailableError } from '@portico/core'
import type { PolkadotNetwork } from '../networks/index.js'

interface BigCodec {
  toBigInt(): bigint
}
/** `AccountData` across runtimes: `frozen` since 2023 (fungible traits), `miscFrozen` / `feeFrozen` before. */
interface AccountDataCodec {
  free: BigCodec
  reserved?: BigCodec
  frozen?: BigCodec
  miscFrozen?: BigCodec
  feeFrozen?: BigCodec
}

const max = (a: bigint, b: bigint) => (a > b ? a : b)

/**
 * A native account as `pallet-balances` sees a transfer from it:
 * - `transferable`: what a transfer that may reap the account can move —
 *   `free − max(frozen − reserved, 0)` on runtimes with `frozen` (reserved
 *   funds count toward the freeze), `free − max(miscFrozen, feeFrozen)` before;
 * - `keep`: what `transferKeepAlive` must leave on top of that, because the
 *   account has to stay at the existential deposit — `max(untouchable, ED) −
 *   untouchable` with `frozen`, `max(lock, ED − reserved) − lock` before (the
 *   old pallet checked `free + reserved ≥ ED`);
 * - `exists`: it holds anything at all (free or reserved);
 * - `coveredBy`: when `keep` is 0, what already keeps the account at the ED.
 */
export async function readNativeAccount(api: ApiPromise, network: PolkadotNetwork, address: string) {
  const query = api.query.system?.account
  if (!query) throw new TokenBalanceUnavailableError({ details: `${network.name} has no System pallet` })
  const { data } = (await query(address)) as unknown as { data: AccountDataCodec }
  const free = data.free.toBigInt()
  const reserved = data.reserved?.toBigInt() ?? 0n
  const ed = existentialDeposit(api)
  let untouchable: bigint
  let keep: bigint
  // What already holds the account at the ED when `keep` is 0: its locks, or (older runtimes) its reserved funds.
  let coveredBy: 'frozen' | 'reserved' | undefined
  if (data.frozen) {
    untouchable = max(data.frozen.toBigInt() - reserved, 0n)
    keep = max(untouchable, ed) - untouchable
    if (keep === 0n && ed > 0n) coveredBy = 'frozen'
  } else {
    untouchable = max(data.miscFrozen?.toBigInt() ?? 0n, data.feeFrozen?.toBigInt() ?? 0n)
    keep = max(untouchable, ed - reserved) - untouchable
    if (keep === 0n && ed > 0n) coveredBy = untouchable >= ed ? 'frozen' : 'reserved'
  }
  return {
    free,
    reserved,
    transferable: max(free - untouchable, 0n),
    keep,
    existentialDeposit: ed,
    exists: free + reserved > 0n,
    coveredBy,
  }
}

/** The runtime constant `balances.existentialDeposit`. */
export function existentialDeposit(api: ApiPromise): bigint {
  const ed = api.consts.balances?.existentialDeposit as unknown as BigCodec | undefined
  return ed ? ed.toBigInt() : 0n
}
