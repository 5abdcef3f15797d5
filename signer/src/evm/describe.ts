import { decodeFunctionData, formatEther, formatGwei, maxUint256, parseAbi } from 'viem'
import type { Card } from '../approve/card.js'
import { ft } from '../strings.js'
import type { EvmRequest } from './request.js'

const TOKEN_ABI = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
])

/** An ERC-20 transfer, approval or permit in the calldata, as a card line; an unlimited amount also as a warning. */
export function tokenCall(
  token: string,
  data: `0x${string}`,
): { line: string; unlimited?: string } | undefined {
  let call: ReturnType<typeof decodeFunctionData<typeof TOKEN_ABI>>
  try {
    call = decodeFunctionData({ abi: TOKEN_ABI, data })
  } catch {
    return undefined
  }
  const amount = (v: bigint) => (v === maxUint256 ? ft('unlimited') : v.toString())
  switch (call.functionName) {
    case 'transfer':
      return { line: ft('tokenTransfer', { amount: amount(call.args[1]), token, to: call.args[0] }) }
    case 'approve':
    case 'permit': {
      const [spender, value] =
        call.functionName === 'approve' ? [call.args[0], call.args[1]] : [call.args[1], call.args[2]]
      const key = call.functionName === 'approve' ? 'tokenApprove' : 'tokenPermit'
      return {
        line: ft(key, { amount: amount(value), token, spender }),
        ...(value === maxUint256 ? { unlimited: ft('unlimitedWarning', { spender, token }) } : {}),
      }
    }
  }
}

/**
 * The Approve card of a parsed EVM request: what it costs and who asks. Every
 * line comes from the object that is signed; nothing is cut short: a message,
 * typed data (its domain apart) and calldata show whole, scrollable and
 * copyable. Calldata that is not a token call is named a blind signature.
 */
export function describeEvm(request: EvmRequest, origin: string): Card {
  const asker = ft('origin', { origin })
  if (request.method === 'personal_sign')
    return {
      title: ft('signMessage'),
      lines: [asker],
      details: [{ label: ft('messageLabel'), text: request.text }],
    }
  if (request.method === 'eth_signTypedData_v4') {
    const { domain, primaryType, message } = request.typedData
    return {
      title: ft('signTypedData'),
      lines: [asker],
      details: [
        { label: ft('domainLabel'), text: JSON.stringify(domain, null, 2) },
        { label: ft('typedMessageLabel', { type: primaryType }), text: JSON.stringify(message, null, 2) },
      ],
    }
  }
  const { tx } = request
  const value = tx.value ?? 0n
  const gas = tx.gas ?? 0n
  const maxFee = tx.maxFeePerGas ?? 0n
  const token = tx.to && tx.data ? tokenCall(tx.to, tx.data) : undefined
  const warnings = token?.unlimited ? [token.unlimited] : []
  if (tx.to && tx.data && !token) warnings.push(ft('evmBlind'))
  return {
    title: ft('sendTransaction'),
    ...(warnings.length ? { warnings } : {}),
    lines: [
      ft('to', { to: tx.to ?? ft('contractCreation') }),
      ft('amount', { amount: formatEther(value) }),
      ...(token ? [token.line] : []),
      ft('gasLimit', { gas: gas.toString() }),
      ft('maxFee', { fee: formatGwei(maxFee) }),
      ft('maxTotal', { total: formatEther(value + gas * maxFee) }),
      ft('nonce', { nonce: String(tx.nonce ?? 0) }),
      ft('network', { network: `eip155:${tx.chainId}` }),
      asker,
    ],
    ...(tx.data
      ? { details: [{ label: ft('dataLabel', { bytes: (tx.data.length - 2) / 2 }), text: tx.data }] }
      : {}),
  }
}
