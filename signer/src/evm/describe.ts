import { decodeFunctionData, formatEther, formatGwei, maxUint256, parseAbi } from 'viem'
import { ft } from '../strings.js'
import type { EvmRequest } from './request.js'

const TOKEN_ABI = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
])

/** An ERC-20 transfer, approval or permit in the calldata, as a card line (an unlimited amount said so). */
function tokenLine(token: string, data: `0x${string}`): string | undefined {
  let call: ReturnType<typeof decodeFunctionData<typeof TOKEN_ABI>>
  try {
    call = decodeFunctionData({ abi: TOKEN_ABI, data })
  } catch {
    return undefined
  }
  const amount = (v: bigint) => (v === maxUint256 ? ft('unlimited') : v.toString())
  switch (call.functionName) {
    case 'transfer':
      return ft('tokenTransfer', { amount: amount(call.args[1]), token, to: call.args[0] })
    case 'approve':
      return ft('tokenApprove', { amount: amount(call.args[1]), token, spender: call.args[0] })
    case 'permit':
      return ft('tokenPermit', { amount: amount(call.args[2]), token, spender: call.args[1] })
  }
}

/**
 * The Approve card of a parsed EVM request: what it costs and who asks. Every
 * line comes from the object that is signed; nothing is cut short (the card
 * scrolls).
 */
export function describeEvm(request: EvmRequest, origin: string): { title: string; lines: string[] } {
  const asker = ft('origin', { origin })
  if (request.method === 'personal_sign') return { title: ft('signMessage'), lines: [request.text, asker] }
  if (request.method === 'eth_signTypedData_v4') {
    const { domain, primaryType, message } = request.typedData
    return {
      title: ft('signTypedData'),
      lines: [JSON.stringify(domain, null, 2), `${primaryType} ${JSON.stringify(message, null, 2)}`, asker],
    }
  }
  const { tx } = request
  const value = tx.value ?? 0n
  const gas = tx.gas ?? 0n
  const maxFee = tx.maxFeePerGas ?? 0n
  const token = tx.to && tx.data ? tokenLine(tx.to, tx.data) : undefined
  return {
    title: ft('sendTransaction'),
    lines: [
      ft('to', { to: tx.to ?? ft('contractCreation') }),
      ft('amount', { amount: formatEther(value) }),
      ...(token ? [token] : []),
      ft('gasLimit', { gas: gas.toString() }),
      ft('maxFee', { fee: formatGwei(maxFee) }),
      ft('maxTotal', { total: formatEther(value + gas * maxFee) }),
      ft('nonce', { nonce: String(tx.nonce ?? 0) }),
      ft('network', { network: `eip155:${tx.chainId}` }),
      ...(tx.data ? [ft('data', { data: tx.data })] : []),
      asker,
    ],
  }
}
