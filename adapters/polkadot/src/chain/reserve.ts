import type { ApiPromise } from '@polkadot/api'
import { type AccountReserve, BelowMinimumBalanceError, formatBalance, formatUnits } from '@portico/core'
import type { PolkadotNetwork } from '../networks/index.js'
import { readNativeAccount } from './account.js'
import { nativeToken } from './balance.js'

function display(api: ApiPromise, network: PolkadotNetwork, value: bigint) {
  const { decimals, symbol } = nativeToken(api, network)
  return { decimals, symbol, text: `${formatUnits(value, decimals)} ${symbol}` }
}

/**
 * What a native sender keeps for `transferKeepAlive`: the existential
 * deposit's share not already untouchable (`readNativeAccount`). On a
 * runtime whose keep-alive rule counts reserved funds (`free + reserved ≥
 * ED`, pallet-balances before `frozen`), an account holding a deposit of at
 * least the ED keeps nothing more: `keep` is 0 and the reason says why.
 */
export async function polkadotReserve(
  api: ApiPromise,
  network: PolkadotNetwork,
  address: string,
): Promise<AccountReserve> {
  const account = await readNativeAccount(api, network, address)
  const { decimals, symbol, text } = display(api, network, account.existentialDeposit)
  return {
    keep: {
      value: account.keep,
      decimals,
      symbol,
      formatted: formatBalance(formatUnits(account.keep, decimals)),
    },
    kind: 'existential-deposit',
    reason: account.coveredBy
      ? `${network.name} keeps ${text} in every account (existential deposit); your ${account.coveredBy === 'reserved' ? 'reserved' : 'locked'} balance already covers it`
      : `${network.name} keeps ${text} in every account (existential deposit)`,
  }
}

/**
 * Refuses, before signing, a native `transferKeepAlive` the runtime would
 * refuse or that would be lost: to an account that does not exist yet, less
 * than the existential deposit; from the sender, an amount that with the fee
 * would leave it below what keep-alive requires.
 */
export async function assertNativeTransferKeepsExistence(p: {
  api: ApiPromise
  network: PolkadotNetwork
  from: string
  to: string
  amount: bigint
  fee: bigint
}): Promise<void> {
  const [sender, receiver] = await Promise.all([
    readNativeAccount(p.api, p.network, p.from),
    readNativeAccount(p.api, p.network, p.to),
  ])
  const { text } = display(p.api, p.network, sender.existentialDeposit)
  if (!receiver.exists && p.amount < receiver.existentialDeposit)
    throw new BelowMinimumBalanceError({ minimum: text, account: 'receiver' })
  const spent = p.amount + p.fee
  if (spent <= sender.transferable && spent > sender.transferable - sender.keep)
    throw new BelowMinimumBalanceError({ minimum: text, account: 'sender' })
}
