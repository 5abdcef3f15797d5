// Issue 30: a smart-contract wallet over WalletConnect (a Safe-like account) is shown as
// `smartAccount` from its EIP-5792 capabilities and its code. Real parts: createPortico +
// evmAdapter + walletConnectPlugin, the loopback relay, the dev WalletConnect wallet in its
// Safe-like mode (a SimpleAccount v0.7 deployed on anvil from the devnet's factory, owned by the
// wallet's key, acting through `execute`), and the same wallet as a plain key for the control.
import { anvil31337, anvil31338, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createMemoryStorage, createPortico, type Logger, type Portico } from '@portico/core'
import {
  createDevWcWallet,
  createMemoryKeyValueStorage,
  type DevWcWallet,
  type EvmDevnet,
  startEvmDevnet,
  startWalletConnectRelay,
  type WalletConnectRelay,
} from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  parseAbi,
  parseEther,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getWalletConnectConnector, walletConnectPlugin } from './plugin.js'

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} }
const FACTORY_ABI = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

describe('a smart-contract wallet over WalletConnect is shown as smartAccount (issue 30)', () => {
  let relay: WalletConnectRelay
  let devnet: EvmDevnet
  const wallets: DevWcWallet[] = []
  const instances: Portico[] = []

  beforeAll(async () => {
    ;[relay, devnet] = await Promise.all([startWalletConnectRelay(), startEvmDevnet()])
  }, 60_000)

  afterAll(async () => {
    for (const p of instances) {
      const wc = getWalletConnectConnector(p)
      p.destroy()
      await wc?.destroy()
    }
    for (const w of wallets) await w.stop()
    await relay?.stop()
    await devnet?.stop()
  })

  const rpcUrl = () => devnet.chains[0]!.rpcUrl
  const node = () => createPublicClient({ transport: http(rpcUrl()) })
  const funder = () =>
    createWalletClient({
      account: privateKeyToAccount(devnet.fixtures.accounts[0]!.privateKey as Hex),
      transport: http(rpcUrl()),
    })

  /** A fresh key holding ETH for gas; with `contract`, its SimpleAccount deployed and holding ETH too. */
  async function keyWith(seed: bigint, contract: boolean) {
    const key = toHex(seed, { size: 32 })
    const owner = privateKeyToAccount(key).address
    await node().waitForTransactionReceipt({
      hash: await funder().sendTransaction({ to: owner, value: parseEther('1'), chain: null }),
    })
    if (!contract) return { key, owner }
    const factory = devnet.fixtures.accountAbstraction.simpleAccountFactory as Address
    await node().waitForTransactionReceipt({
      hash: await funder().writeContract({
        address: factory,
        abi: FACTORY_ABI,
        functionName: 'createAccount',
        args: [owner, 0n],
        chain: null,
      }),
    })
    const account = await node().readContract({
      address: factory,
      abi: FACTORY_ABI,
      functionName: 'getAddress',
      args: [owner, 0n],
    })
    await node().waitForTransactionReceipt({
      hash: await funder().sendTransaction({ to: account, value: parseEther('1'), chain: null }),
    })
    return { key, owner, account }
  }

  async function connect(wallet: DevWcWallet) {
    const portico = createPortico({
      adapters: [
        evmAdapter({
          networks: [
            withRpcUrls(anvil31337, [devnet.chains[0]!.rpcUrl]),
            withRpcUrls(anvil31338, [devnet.chains[1]!.rpcUrl]),
          ],
          discovery: false,
        }),
      ],
      plugins: [
        walletConnectPlugin({
          relayUrl: relay.url,
          storage: createMemoryKeyValueStorage(),
          customStoragePrefix: `portico-contract-wallet-${instances.length}`,
          metadata: { name: 'Portico contract wallet test', url: 'http://127.0.0.1' },
          views: false,
        }),
      ],
      storage: createMemoryStorage(),
      logger: quiet,
    })
    instances.push(portico)
    await portico.ready
    const connecting = portico.connect('walletConnect')
    await wallet.pair(await getWalletConnectConnector(portico)!.getUri())
    await connecting
    return portico
  }

  /** Ends an instance: its session deleted, then its WalletConnect client. */
  async function end(portico: Portico) {
    await portico.disconnect() // deletes the session (the WalletConnect provider outlives the instance)
    const wc = getWalletConnectConnector(portico)
    portico.destroy()
    await wc?.destroy()
    instances.splice(instances.indexOf(portico), 1)
  }

  async function devWallet(key: Hex, contractAccount?: Address) {
    const wallet = await createDevWcWallet({
      relayUrl: relay.url,
      privateKey: key,
      rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
      ...(contractAccount ? { contractAccount } : {}),
    })
    wallets.push(wallet)
    return wallet
  }

  it('a Safe-like account (contract code + atomic batches "supported") is the smartAccount record, deployed; a send goes from the contract account', async () => {
    const { key, account } = await keyWith(0xc0417ac7n, true)
    const wallet = await devWallet(key, account)
    const portico = await connect(wallet)
    const state = portico.getState().accounts.eip155!
    expect(state.address).toBe(account)
    expect(state.allAccounts.map((a) => [a.type, a.address])).toEqual([['smartAccount', account]])
    expect(state.smartAccountDeployed).toBe(true)
    expect(wallet.requests.some((r) => r.method === 'wallet_getCapabilities')).toBe(true)

    // Its transactions are the contract's: the value leaves the contract account, not the key.
    const recipient = privateKeyToAccount(toHex(0xfeedn, { size: 32 })).address
    const before = await node().getBalance({ address: account! })
    const hash = await portico.sendTransaction({
      namespace: 'eip155',
      request: { to: recipient, value: 1234n, caipNetworkId: 'eip155:31337' },
    })
    const outcome = await portico.waitForTransaction({
      hash,
      namespace: 'eip155',
      caipNetworkId: 'eip155:31337',
    })
    expect(outcome.status).toBe('succeeded')
    expect(await node().getBalance({ address: recipient })).toBe(1234n)
    expect(await node().getBalance({ address: account! })).toBe(before - 1234n)
    await end(portico)
  }, 60_000)

  it('the same wallet as a plain key (no code, atomic "unsupported") stays an eoa record', async () => {
    const { key, owner } = await keyWith(0xe0a0e0a0n, false)
    const wallet = await devWallet(key)
    const portico = await connect(wallet)
    const state = portico.getState().accounts.eip155!
    expect(state.address).toBe(owner)
    expect(state.allAccounts.map((a) => [a.type, a.address])).toEqual([['eoa', owner]])
    expect(state.smartAccountDeployed).toBeUndefined()
    await end(portico)
  }, 60_000)
})
