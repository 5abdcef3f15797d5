// Issue 18 "RPC through the gateway": a network with no RPC URL of its own is read
// through a real gateway's proxy (SQLite, real HTTP) in front of real anvil.
import { createPortico, type Portico, rpcProxyUrl } from '@portico/core'
import type { EvmDevnet } from '@portico/devnet'
import { type RecordingFront, startRecordingFront } from '@portico/devnet/test-helpers'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import { type Address, createPublicClient, http, parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { evmAdapter } from './adapter.js'
import { createDevWallet } from './dev-wallet/index.js'
import { type EvmNetwork, withRpcUrls } from './networks/index.js'
import { startDevnetNetworks } from './test-helpers/devnet.js'

const ID = 'dev.portico.wallet'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }
const ETH = { decimals: 18, symbol: 'ETH' }

describe('EVM adapter reads through the gateway RPC proxy when a network has no RPC URL (issue 18, SPEC §7 RPC)', () => {
  let devnet: EvmDevnet
  let own: EvmNetwork
  let bare: EvmNetwork
  let gateway: Gateway
  let front: RecordingFront
  let portico: Portico | undefined
  beforeAll(async () => {
    const started = await startDevnetNetworks()
    devnet = started.devnet
    own = started.networks[0]
    bare = withRpcUrls(own, [])
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        host: '127.0.0.1',
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        projects: [
          { id: 'local', name: 'Local', allowedOrigins: [] },
          // The own-URL case runs under its own project, so a late call of an earlier instance is told apart.
          { id: 'own', name: 'Own', allowedOrigins: [] },
        ],
        networks: [
          {
            caipNetworkId: 'eip155:31337',
            name: 'Anvil',
            rpcUrl: devnet.chains[0]!.rpcUrl,
            multicall3: devnet.fixtures.multicall3,
          },
        ],
      }),
      { indexer: false },
    )
    front = await startRecordingFront(await gateway.listen())
  }, 120_000)
  afterEach(() => {
    portico?.destroy()
    portico = undefined
    front.calls.length = 0
  })
  afterAll(async () => {
    await front?.close()
    await gateway?.close()
    await devnet?.stop()
  })

  const account = (i: number) => devnet.fixtures.accounts[i]!.address as Address
  const proxied = () => front.calls.filter((c) => c.chainId === 'eip155:31337').flatMap((c) => c.methods)

  async function start(network: EvmNetwork, key: number, walletNetwork: EvmNetwork, projectId = 'local') {
    // The wallet broadcasts with its own RPC (EIP-1193); here it is handed the proxy URL too.
    const wallet = createDevWallet({
      networks: [walletNetwork],
      privateKeys: [devnet.fixtures.accounts[key]!.privateKey],
    })
    portico = createPortico({
      adapters: [
        evmAdapter({
          networks: [network],
          connectors: [{ id: ID, name: 'Portico Dev Wallet', provider: wallet.provider }],
        }),
      ],
      apiUrl: front.url,
      projectId,
      storage: 'memory',
      logger: quiet,
    })
    await portico.connect(ID)
    return portico
  }

  it('no RPC URL + apiUrl: the balance is read through POST /v1?chainId=eip155:31337', async () => {
    const p = await start(bare, 0, own)
    await vi.waitFor(() => expect(p.getState().accounts.eip155?.balance).toBe('10000.000'), {
      timeout: 15_000,
    })
    expect(proxied()).toContain('eth_getBalance')
  })

  it('no RPC URL + apiUrl: a send is estimated, broadcast and confirmed through the proxy and lands on anvil', async () => {
    const proxyUrl = rpcProxyUrl(front.url, 'eip155:31337', 'local')
    const p = await start(bare, 1, withRpcUrls(own, [proxyUrl]))
    const anvil = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const before = await anvil.getBalance({ address: account(2) })
    await p.prepareSend({ token: ETH, amount: '1.5', to: account(2) })
    const hash = await p.send({ token: ETH, amount: '1.5', to: account(2) })
    expect(
      await p.getAdapter('eip155')!.waitForTransaction!({ hash, caipNetworkId: 'eip155:31337' }),
    ).toMatchObject({ status: 'succeeded' })
    expect(await anvil.getBalance({ address: account(2) })).toBe(before + parseEther('1.5'))
    const methods = proxied()
    expect(methods).toContain('eth_estimateGas')
    expect(methods).toContain('eth_sendRawTransaction')
    expect(methods).toContain('eth_getTransactionReceipt')
  })

  it('a network WITH its own RPC URL does not use the proxy, even with apiUrl set', async () => {
    const p = await start(own, 3, own, 'own')
    await vi.waitFor(() => expect(p.getState().accounts.eip155?.balance).toBe('10000.000'), {
      timeout: 15_000,
    })
    const hash = await p.send({ token: ETH, amount: '0.25', to: account(4) })
    expect(
      await p.getAdapter('eip155')!.waitForTransaction!({ hash, caipNetworkId: 'eip155:31337' }),
    ).toMatchObject({ status: 'succeeded' })
    expect(front.calls.filter((c) => c.projectId === 'own')).toEqual([])
  })

  it('no RPC URL and no apiUrl: reads refuse with a typed error naming the network (no public endpoint)', async () => {
    const wallet = createDevWallet({
      networks: [own],
      privateKeys: [devnet.fixtures.accounts[5]!.privateKey],
    })
    portico = createPortico({
      adapters: [
        evmAdapter({ networks: [bare], connectors: [{ id: ID, name: 'Dev', provider: wallet.provider }] }),
      ],
      storage: 'memory',
      logger: quiet,
    })
    const adapter = portico.getAdapter('eip155')
    expect(adapter).toBeDefined()
    await expect(
      adapter!.getBalance({ address: account(5), caipNetworkId: 'eip155:31337' }),
    ).rejects.toMatchObject({
      code: 'NETWORK_NOT_FOUND',
      details: 'eip155:31337 has no RPC URL and no apiUrl is set',
    })
  })
})
