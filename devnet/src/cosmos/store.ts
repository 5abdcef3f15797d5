import type { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin'
import { fail, SDK_CODES } from './errors.js'

/** An account of the auth module. */
export interface AuthAccount {
  address: string
  accountNumber: bigint
  sequence: bigint
  /** Compressed secp256k1 key, set by the account's first transaction. */
  pubKey?: Uint8Array
}

/**
 * The auth + bank state of one chain. Transactions run on a `fork()` that is
 * committed only when the step succeeds, as the SDK's cached contexts do
 * (a failed ante handler leaves no trace; a failed message keeps the fee).
 */
export class ChainStore {
  constructor(
    readonly accounts = new Map<string, AuthAccount>(),
    readonly balances = new Map<string, Map<string, bigint>>(),
    public nextAccountNumber = 0n,
  ) {}

  fork(): ChainStore {
    const balances = new Map([...this.balances].map(([a, b]) => [a, new Map(b)]))
    const accounts = new Map([...this.accounts].map(([a, acc]) => [a, { ...acc }]))
    return new ChainStore(accounts, balances, this.nextAccountNumber)
  }

  /** Replaces this state with a fork's. */
  commit(fork: ChainStore): void {
    this.accounts.clear()
    for (const [k, v] of fork.accounts) this.accounts.set(k, v)
    this.balances.clear()
    for (const [k, v] of fork.balances) this.balances.set(k, v)
    this.nextAccountNumber = fork.nextAccountNumber
  }

  /** Creates the account if it does not exist (a first transfer to an address does this on a real chain). */
  ensureAccount(address: string): AuthAccount {
    let account = this.accounts.get(address)
    if (!account) {
      account = { address, accountNumber: this.nextAccountNumber++, sequence: 0n }
      this.accounts.set(address, account)
    }
    return account
  }

  balance(address: string, denom: string): bigint {
    return this.balances.get(address)?.get(denom) ?? 0n
  }

  /** Every non-zero balance, sorted by denom (as `AllBalances` answers). */
  allBalances(address: string): Coin[] {
    return [...(this.balances.get(address) ?? new Map<string, bigint>())]
      .filter(([, amount]) => amount > 0n)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([denom, amount]) => ({ denom, amount: amount.toString() }))
  }

  mint(address: string, denom: string, amount: bigint): void {
    this.ensureAccount(address)
    const held = this.balances.get(address) ?? new Map<string, bigint>()
    held.set(denom, (held.get(denom) ?? 0n) + amount)
    this.balances.set(address, held)
  }

  /** Moves coins; refuses (code 5) when the sender's spendable balance is short, like x/bank. */
  send(
    from: string,
    to: string,
    coins: readonly { denom: string; amount: bigint }[],
    what = 'spendable balance',
  ): void {
    for (const coin of coins) {
      const have = this.balance(from, coin.denom)
      if (have < coin.amount) {
        fail(
          SDK_CODES.insufficientFunds,
          `${what} ${have}${coin.denom} is smaller than ${coin.amount}${coin.denom}`,
          'insufficient funds',
        )
      }
    }
    for (const coin of coins) {
      this.balances.get(from)!.set(coin.denom, this.balance(from, coin.denom) - coin.amount)
      this.mint(to, coin.denom, coin.amount)
    }
  }
}
