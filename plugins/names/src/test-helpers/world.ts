// The local world of the plugin's tests: anvil (devnet keys), a real gateway
// with the names registry on SQLite, and a real Portico connected through
// the EVM dev wallet. Not shipped (excluded from build and files).
import { request } from 'node:http'
import { anvil31337, anvil31338, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createDevWallet } from '@portico/adapter-evm/dev-wallet'
import { createPortico, type Plugin, type Portico } from '@portico/core'
import { privateKeyToAccount } from 'viem/accounts'
import { registrationTypedData } from '../controller/typed-data.js'

export const DEV_WALLET_ID = 'dev.portico.wallet'

/** What the tests need of a devnet (an `EvmDevnet`, or its JSON handed over by the global setup). */
export interface EvmDevnet {
  chains: { chainId: number; rpcUrl: string }[]
  fixtures: {
    multicall3: string
    accounts: { address: `0x${string}`; privateKey: `0x${string}` }[]
    tokens: { address: `0x${string}`; symbol: string; name: string; decimals: number }[]
    /** The ENS stand-in: `alice.eth` resolves forward. */
    ens: { universalResolver: `0x${string}`; names: Record<string, `0x${string}`> }
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

/** A label no other test (or earlier run on the same gateway) has used. */
export function uniqueLabel(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 8)}`
}

/**
 * Registers `label.portico.id` for devnet account `key` straight over HTTP
 * (signed with the key, as another visitor's wallet would), so a test can
 * meet a name that is already taken.
 */
export async function registerDirectly(devnet: EvmDevnet, apiUrl: string, key: number, label: string) {
  const account = privateKeyToAccount(devnet.fixtures.accounts[key]!.privateKey)
  const fields = {
    name: `${label}.portico.id`,
    address: account.address,
    coin_type: 60,
    timestamp: Date.now(),
  }
  const typedData = registrationTypedData(fields)
  const signature = await account.signTypedData({
    ...typedData,
    message: { ...typedData.message, timestamp: BigInt(fields.timestamp) },
  })
  const body = { coin_type: 60, address: account.address, message: JSON.stringify(fields), signature }
  const answer = await postJson(`${apiUrl}/v1/profile/account?projectId=local`, body)
  if (answer.status !== 200) throw new Error(`registerDirectly: ${answer.status} ${answer.text}`)
}

/** A JSON POST through Node's own HTTP client (the DOM tests' fetch applies the page's CORS rules). */
function postJson(url: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = ''
      res.on('data', (c: Buffer) => {
        text += c.toString('utf8')
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}
