// What the onramp tests add to the shared world (@portico/devnet/test-helpers: anvil and
// a real gateway with the onramp sandbox; @portico/adapter-evm/testing: a real Portico
// connected through the EVM dev wallet). Not shipped (excluded from build and files).
import { type EvmWorldDevnet, postJson } from '@portico/devnet/test-helpers'
import { type Address, createPublicClient, erc20Abi, http } from 'viem'

/** The devnet USDC balance of `owner` on chain 0, read from the node. */
export async function usdcBalance(devnet: EvmWorldDevnet, owner: string): Promise<bigint> {
  const usdc = devnet.fixtures.tokens.find((t) => t.symbol === 'USDC')!
  const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
  return client.readContract({
    address: usdc.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner as Address],
  })
}

/** Drives the sandbox checkout as the visitor would: pay with a card, then confirm (unless declined). */
export async function payCheckout(checkoutUrl: string, card: string): Promise<Record<string, unknown>> {
  const base = checkoutUrl.replace('/onramp/sandbox/checkout/', '/onramp/sandbox/orders/')
  const paid = await postJsonObject(`${base}/pay`, { method: 'card', card })
  if (paid.status === 'failed') return paid
  return postJsonObject(`${base}/confirm`, {})
}

/** A JSON POST whose answer is a JSON object. */
async function postJsonObject(url: string, body: unknown): Promise<Record<string, unknown>> {
  return JSON.parse((await postJson(url, body)).text) as Record<string, unknown>
}
