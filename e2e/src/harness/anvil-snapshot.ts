/**
 * The e2e anvils are shared by every flow file: a file that sends transactions
 * takes a snapshot of each chain first and reverts to it when it ends, so the
 * next file still sees the fixtures' balances (10000 ETH, 1000000 USDC).
 *
 * @example
 * let restore: () => Promise<void>
 * beforeAll(async () => { restore = await snapshotChains(currentWorld().chains) })
 * afterAll(() => restore())
 */
export async function snapshotChains(chains: readonly { rpcUrl: string }[]): Promise<() => Promise<void>> {
  const ids = await Promise.all(chains.map((c) => call<string>(c.rpcUrl, 'evm_snapshot', [])))
  return async () => {
    const reverted = await Promise.all(chains.map((c, i) => call<boolean>(c.rpcUrl, 'evm_revert', [ids[i]])))
    if (reverted.some((ok) => ok !== true)) throw new Error('an anvil did not revert to its snapshot')
  }
}

async function call<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}
