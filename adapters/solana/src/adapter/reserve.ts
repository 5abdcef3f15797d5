import {
  type AccountReserve,
  BelowMinimumBalanceError,
  formatBalance,
  formatUnits,
  type Network,
} from '@portico/core'
import type { Rpc, SolanaRpcApi } from '@solana/kit'

type Commitment = 'processed' | 'confirmed' | 'finalized'

/** An account as rent sees it: its lamports, its data size, and whether it exists at all. */
async function accountState(rpc: Rpc<SolanaRpcApi>, address: string, commitment: Commitment) {
  const kit = await import('@solana/kit')
  const { value } = await rpc.getAccountInfo(kit.address(address), { encoding: 'base64', commitment }).send()
  if (!value) return { exists: false, lamports: 0n, space: 0n }
  const space = BigInt(kit.getBase64Encoder().encode(value.data[0]).length)
  return { exists: true, lamports: BigInt(value.lamports), space }
}

/** `getMinimumBalanceForRentExemption` for `space` bytes of data (0 for a plain system account). */
async function rentExemptMinimum(rpc: Rpc<SolanaRpcApi>, space: bigint, commitment: Commitment) {
  return BigInt(await rpc.getMinimumBalanceForRentExemption(space, { commitment }).send())
}

const sol = (value: bigint, network: Network) => {
  const { decimals, symbol } = network.nativeCurrency
  return { value, decimals, symbol, formatted: formatBalance(formatUnits(value, decimals)) }
}

const display = (value: bigint, network: Network) =>
  `${formatUnits(value, network.nativeCurrency.decimals)} ${network.nativeCurrency.symbol}`

/**
 * What a SOL sender keeps: the rent-exempt minimum for its account's data
 * size (an account may hold 0 lamports, closed, or at least this; anything
 * between fails with `InsufficientFundsForRent`). SPL sends keep nothing in
 * the token (the SOL fee is checked apart): undefined.
 */
export async function solanaReserve(p: {
  rpc: Rpc<SolanaRpcApi>
  network: Network
  address: string
  token?: string
  commitment: Commitment
}): Promise<AccountReserve | undefined> {
  if (p.token !== undefined) return undefined
  const { space } = await accountState(p.rpc, p.address, p.commitment)
  const minimum = await rentExemptMinimum(p.rpc, space, p.commitment)
  return {
    keep: sol(minimum, p.network),
    kind: 'rent-exempt-minimum',
    reason: `Solana keeps ${display(minimum, p.network)} in every account (rent-exempt minimum)`,
  }
}

/**
 * Refuses, before anything is signed, a SOL transfer that would leave an
 * account between 0 and its rent-exempt minimum: a new receiver given less
 * than the minimum, or a sender keeping less than it (but more than 0) after
 * the amount and `fee`. `BelowMinimumBalanceError` names the minimum.
 */
export async function assertSolTransferKeepsRent(p: {
  rpc: Rpc<SolanaRpcApi>
  network: Network
  from: string
  to: string
  amount: bigint
  fee: bigint
  commitment: Commitment
}): Promise<void> {
  const [receiver, sender] = await Promise.all([
    accountState(p.rpc, p.to, p.commitment),
    accountState(p.rpc, p.from, p.commitment),
  ])
  if (!receiver.exists && p.amount > 0n) {
    const minimum = await rentExemptMinimum(p.rpc, 0n, p.commitment)
    if (p.amount < minimum)
      throw new BelowMinimumBalanceError({ minimum: display(minimum, p.network), account: 'receiver' })
  }
  const left = sender.lamports - p.amount - p.fee
  if (left > 0n) {
    const minimum = await rentExemptMinimum(p.rpc, sender.space, p.commitment)
    if (left < minimum)
      throw new BelowMinimumBalanceError({ minimum: display(minimum, p.network), account: 'sender' })
  }
}
