import type { AccountRecord, AccountState, ChainNamespace } from '../contracts/index.js'
import { PorticoError } from '../errors/index.js'

export type AccountType = AccountRecord['type']

/**
 * The account a namespace shows among the records its adapter reported: the
 * first of the visitor's preferred type (`preferredAccountTypes`), else the
 * adapter's first (its own preference: a smart account by default where the
 * adapter makes one).
 */
export function pickAccount(
  records: readonly AccountRecord[],
  preferred: AccountType | undefined,
): AccountRecord | undefined {
  return (preferred ? records.find((r) => r.type === preferred) : undefined) ?? records[0]
}

/**
 * The SPEC §3 account-state fields that follow the shown account:
 * `smartAccountDeployed` (set only when it is a smart account) and
 * `preferredAccountTypes` (recorded for the namespace when the wallet offers
 * a choice of account types).
 */
export function accountTypeFields(
  ns: ChainNamespace,
  selected: AccountRecord | undefined,
  records: readonly AccountRecord[],
  current: AccountState['preferredAccountTypes'],
): Pick<AccountState, 'smartAccountDeployed' | 'preferredAccountTypes'> {
  const choice = records.some((r) => r.type === 'smartAccount') && records.some((r) => r.type === 'eoa')
  return {
    smartAccountDeployed: selected?.type === 'smartAccount' ? selected.deployed === true : undefined,
    preferredAccountTypes:
      choice && selected && current?.[ns] !== selected.type ? { ...current, [ns]: selected.type } : current,
  }
}

/**
 * `switchAccountType` asked for an account type the connected wallet does not
 * have on this network (an injected EOA wallet has no smart account, a smart
 * wallet no EOA).
 */
export class AccountTypeUnavailableError extends PorticoError {
  override name = 'AccountTypeUnavailableError'
  override readonly code = 'ACCOUNT_TYPE_UNAVAILABLE' as const
  readonly accountType: AccountType
  constructor(accountType: AccountType, namespace: string) {
    super(
      accountType === 'smartAccount'
        ? 'This wallet has no smart account on this network.'
        : 'This wallet has no EOA on this network.',
      { details: namespace },
    )
    this.accountType = accountType
  }
}
