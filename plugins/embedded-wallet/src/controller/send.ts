import type { CaipNetworkId, Network } from '@portico/core'

type Hex = `0x${string}`
const isHex = (v: unknown): v is Hex => typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v)

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  if (!res.ok) throw new Error(`HTTP status code: ${res.status}`)
  const body = (await res.json()) as { result?: T; error?: { code?: number; message?: string } }
  if (body.error) throw Object.assign(new Error(body.error.message ?? 'RPC error'), { code: body.error.code })
  return body.result as T
}

/**
 * Completes an `eth_sendTransaction` request for the frame to sign: nonce,
 * gas and EIP-1559 fees read from the network's own RPC URL (the one the
 * integrator configured). The frame shows the visitor what it signs, so a
 * wrong field here cannot move funds unseen.
 */
export async function prepareTransaction(
  network: Network,
  from: Hex,
  request: Record<string, unknown>,
): Promise<{ url: string; tx: Record<string, Hex> }> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`no RPC URL for ${network.caipNetworkId}`)
  const base: Record<string, Hex> = { from }
  if (isHex(request.to)) base.to = request.to
  if (isHex(request.value)) base.value = request.value
  if (isHex(request.data)) base.data = request.data
  const [nonce, gas, block, tip] = await Promise.all([
    rpc<Hex>(url, 'eth_getTransactionCount', [from, 'pending']),
    isHex(request.gas) ? Promise.resolve(request.gas) : rpc<Hex>(url, 'eth_estimateGas', [base]),
    rpc<{ baseFeePerGas?: Hex }>(url, 'eth_getBlockByNumber', ['latest', false]),
    rpc<Hex>(url, 'eth_maxPriorityFeePerGas', []).catch(() => '0x3b9aca00' as Hex), // 1 gwei when the node has no opinion
  ])
  const baseFee = BigInt(block.baseFeePerGas ?? '0x0')
  const maxFee = baseFee * 2n + BigInt(tip)
  return {
    url,
    tx: {
      ...base,
      nonce,
      gas,
      maxPriorityFeePerGas: tip,
      maxFeePerGas: `0x${maxFee.toString(16)}`,
    },
  }
}

export async function broadcast(url: string, raw: Hex): Promise<Hex> {
  return rpc<Hex>(url, 'eth_sendRawTransaction', [raw])
}

export const chainNumber = (id: CaipNetworkId) => Number(id.split(':')[1])
