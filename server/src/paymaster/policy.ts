import { type Address, formatEther, type Hex, parseEther } from 'viem'
import type { SponsorshipPolicy } from './config.js'
import { type InnerCall, innerCalls } from './user-operation.js'

/** Why a sponsorship was refused: a stable code (metrics label, `error.data.reason`) and a sentence. */
export class SponsorshipRefused extends Error {
  constructor(
    readonly reason:
      | 'no_policy'
      | 'chain_not_sponsored'
      | 'entry_point_unsupported'
      | 'calls_unreadable'
      | 'target_not_allowed'
      | 'over_account_budget'
      | 'over_project_budget',
    message: string,
    readonly details: Record<string, string> = {},
  ) {
    super(message)
  }
}

/**
 * Checks the calls of an operation against the policy's targets; gives the
 * `address:selector` list recorded with the sponsorship.
 */
export function checkTargets(policy: SponsorshipPolicy, callData: Hex): string[] {
  const calls = innerCalls(callData)
  if (policy.targets === 'any') return calls ? calls.map(label) : ['*']
  if (!calls)
    throw new SponsorshipRefused(
      'calls_unreadable',
      'Sponsorship refused: the call data is not a SimpleAccount execute or executeBatch, so its targets cannot be checked',
    )
  for (const [i, c] of calls.entries()) {
    const rule = policy.targets.find((t) => t.address.toLowerCase() === c.to.toLowerCase())
    const selectorOk =
      rule &&
      (rule.selectors === undefined ||
        rule.selectors.some((s) => s.toLowerCase() === c.selector.toLowerCase()))
    if (!rule || !selectorOk) {
      const what = c.selector === '0x' ? 'a plain transfer' : `method ${c.selector}`
      throw new SponsorshipRefused(
        'target_not_allowed',
        `Sponsorship refused: call ${i + 1} (${what} on ${c.to}) is not among the contracts and methods this project sponsors`,
        { target: c.to, selector: c.selector },
      )
    }
  }
  return calls.map(label)
}

function label(c: InnerCall): string {
  return `${c.to.toLowerCase()}:${c.selector === '0x' ? 'transfer' : c.selector}`
}

/** Refuses when this operation's worst-case cost would take the account or the project over today's budget. */
export function checkBudget(
  policy: SponsorshipPolicy,
  spent: { project: bigint; account: bigint },
  cost: bigint,
  sender: Address,
  symbol: string,
): void {
  const perAccount = parseEther(policy.perAccountPerDay)
  const perDay = parseEther(policy.perDay)
  const amount = (wei: bigint) => `${formatEther(wei)} ${symbol}`
  if (spent.account + cost > perAccount)
    throw new SponsorshipRefused(
      'over_account_budget',
      `Sponsorship refused: ${sender} would reach ${amount(spent.account + cost)} of sponsored gas today, over the daily budget of ${amount(perAccount)} per account`,
      { spentWei: spent.account.toString(), costWei: cost.toString(), budgetWei: perAccount.toString() },
    )
  if (spent.project + cost > perDay)
    throw new SponsorshipRefused(
      'over_project_budget',
      `Sponsorship refused: this project would reach ${amount(spent.project + cost)} of sponsored gas today, over its daily budget of ${amount(perDay)}`,
      { spentWei: spent.project.toString(), costWei: cost.toString(), budgetWei: perDay.toString() },
    )
}
