import { formatEther } from 'viem'
import type { Card } from '../approve/card.js'
import { tokenCall } from '../evm/describe.js'
import { ft } from '../strings.js'
import type { UserOperationRequest } from './request.js'
import { worstCaseGasCost } from './request.js'
import { ut } from './strings.js'

/** The requesting origin's host (what the visitor sees in the address bar), which "Sponsored by" always names. */
function siteOf(origin: string): string {
  try {
    return new URL(origin).host || origin
  } catch {
    return origin
  }
}

/**
 * The Approve card of a user operation: every call inside it (target, value,
 * an ERC-20 transfer or approval decoded as on the EVM card, the bytes of
 * anything else named a blind call), the account and whether this operation
 * deploys it, who pays the gas ("sponsored by <name>, the site at <host>"
 * when a paymaster pays and the site named itself, the host alone otherwise,
 * else the worst case this account pays), the chain and the requesting
 * origin. Every line comes from the parsed operation whose hash is signed.
 */
export function describeUserOperation(request: UserOperationRequest, origin: string): Card {
  const { operation: op, calls } = request
  const warnings: string[] = []
  const lines = [ut('from', { sender: op.sender })]
  if (request.deploys) lines.push(ut('deploys', { owner: request.deploys.owner }))
  const details: Card['details'] = []
  calls.forEach((call, i) => {
    const n = i + 1
    lines.push(ut('call', { n, count: calls.length, to: call.to, amount: formatEther(call.value) }))
    if (call.data === '0x') return
    const token = tokenCall(call.to, call.data)
    if (token) {
      lines.push(token.line)
      if (token.unlimited) warnings.push(token.unlimited)
    } else warnings.push(ut('blind', { n, to: call.to }))
    details.push({ label: ut('callData', { n, bytes: (call.data.length - 2) / 2 }), text: call.data })
  })
  if (op.paymaster) {
    // The site's own name is its claim: shown beside the origin the frame knows itself; the origin alone, labelled so, without it.
    const site = siteOf(origin)
    lines.push(
      request.sponsorName
        ? ut('sponsoredNamed', { name: request.sponsorName, site })
        : ut('sponsored', { site }),
      ut('paymaster', { paymaster: op.paymaster }),
    )
  } else lines.push(ut('selfPaid', { total: formatEther(worstCaseGasCost(op)) }))
  lines.push(ut('network', { network: `eip155:${request.chainId}` }), ft('origin', { origin }))
  const shown = Object.fromEntries(
    Object.entries(op)
      .filter(([k]) => k !== 'signature')
      .map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]),
  )
  details.push({
    label: ut('operation'),
    text: JSON.stringify({ ...shown, entryPoint: request.entryPoint, hash: request.hash }, null, 2),
  })
  return { title: ut('title'), ...(warnings.length ? { warnings } : {}), lines, details }
}
