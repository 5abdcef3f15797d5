// The local world of the plugin's tests: anvil (devnet fixtures), a real
// gateway with the onramp sandbox on SQLite, and a real Portico connected
// through the EVM dev wallet. Not shipped (excluded from build and files).
import { request } from 'node:http'
import { anvil31337, anvil31338, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createDevWallet } from '@portico/adapter-evm/dev-wallet'
import { createPortico, type Plugin, type Portico } from '@portico/core'
import { type Address, createPublicClient, erc20Abi, http } from 'viem'

export const DEV_WALLET_ID = 'dev.portico.wallet'

/** What the tests need of a devnet (an `EvmDevnet`, or its JSON handed over by the global setup). */
export interface EvmDevnet {
  chains: { chainId: number; rpcUrl: string }[]
  fixtures: {
    multicall3: string
    accounts: { address: `0x${string}`; privateKey: `0x${string}` }[]
    tokens: { address: `0x${string}`; symbol: string; name: string; decimals: number }[]
  }
}
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

/** A real Portico on the devnet with the dev wallet (one devnet key) and the given plugins, connected. */
export async function connectedPortico(
  devnet: EvmDevnet,
  apiUrl: string,
  key: number,
  plugins: Plugin[],
): Promise<Portico> {
  const networks = [
    withRpcUrls(anvil31337, [devnet.chains[0]!.rpcUrl]),
    withRpcUrls(anvil31338, [devnet.chains[1]!.rpcUrl]),
  ]
  const wallet = createDevWallet({ networks, privateKeys: [devnet.fixtures.accounts[key]!.privateKey] })
  const portico = createPortico({
    apiUrl,
    projectId: 'local',
    adapters: [
      evmAdapter({
        networks,
        connectors: [{ id: DEV_WALLET_ID, name: 'Portico Dev Wallet', provider: wallet.provider }],
      }),
    ],
    plugins,
    storage: 'memory',
    logger: quiet,
  })
  await portico.connect(DEV_WALLET_ID)
  return portico
}

export async function usdcBalance(devnet: EvmDevnet, owner: string): Promise<bigint> {
  const usdc = devnet.fixtures.tokens.find((t) => t.symbol === 'USDC')!
  const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
  return client.readContract({
    address: usdc.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner as Address],
  })
}

/** A JSON POST through Node's own HTTP client (the DOM tests' fetch applies the page's CORS rules). */
function postJson(url: string, body: unknown): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body)
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = ''
      res.on('data', (c: Buffer) => {
        text += c.toString('utf8')
      })
      res.on('end', () => resolve(JSON.parse(text) as Record<string, unknown>))
    })
    req.on('error', reject)
    req.end(data)
  })
}

/** Drives the sandbox checkout as the visitor would: pay with a card, then confirm (unless declined). */
export async function payCheckout(checkoutUrl: string, card: string): Promise<Record<string, unknown>> {
  const base = checkoutUrl.replace('/onramp/sandbox/checkout/', '/onramp/sandbox/orders/')
  const paid = await postJson(`${base}/pay`, { method: 'card', card })
  if (paid.status === 'failed') return paid
  return postJson(`${base}/confirm`, {})
}
