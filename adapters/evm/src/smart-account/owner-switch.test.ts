// Issue 30: a smart account follows its owner. When the connected wallet's account changes, the
// smart account shown is the NEW owner's (its own counterfactual address from the factory), never
// the previous owner's; and "Sponsored by <site>" names the site from its app metadata. Real anvil
// with the devnet's EntryPoint v0.7 / SimpleAccountFactory / VerifyingPaymaster, a real
// @pimlico/alto bundler, a real gateway (SQLite, real HTTP) sponsoring through its paymaster.
import { type AppMetadata, createPortico, type Portico } from '@portico/core'
import {
  type BundlerProcess,
  type EvmDevnet,
  startBundler,
  stopBundler,
  toDevnetSimpleAccount,
} from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import { type Address, createPublicClient, encodeFunctionData, erc20Abi, type Hex, http, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type EvmAdapter, evmAdapter } from '../adapter.js'
import { createDevWallet } from '../dev-wallet/index.js'
import type { EvmNetwork } from '../networks/index.js'
import { startDevnetNetworks } from '../test-helpers/devnet.js'

const ID = 'dev.portico.wallet'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

describe('a smart account follows its owner, and names its sponsor by the site (issue 30)', () => {
  let devnet: EvmDevnet
  let networks: [EvmNetwork, EvmNetwork]
  let bundler: BundlerProcess
  let gateway: Gateway
  let gatewayUrl: string
  let portico: Portico | undefined
  let seed = 0x5a17c400n

  beforeAll(async () => {
    ;({ devnet, networks } = await startDevnetNetworks())
    bundler = await startBundler({ rpcUrl: devnet.chains[0]!.rpcUrl, chainId: 31337 })
    const aa = devnet.fixtures.accountAbstraction
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        host: '127.0.0.1',
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        projects: [{ id: 'local', name: 'Local gateway project', allowedOrigins: [] }],
        networks: devnet.chains.map((c) => ({
          caipNetworkId: `eip155:${c.chainId}`,
          name: `Anvil ${c.chainId}`,
          rpcUrl: c.rpcUrl,
          multicall3: devnet.fixtures.multicall3,
        })),
        paymaster: {
          signerKey: aa.paymasterSignerKey,
          chains: [
            {
              chainId: 'eip155:31337',
              bundlerUrl: bundler.url,
              entryPoint: aa.entryPoint,
              paymaster: aa.verifyingPaymaster,
            },
          ],
          policies: [
            {
              projectId: 'local',
              chains: ['eip155:31337'],
              targets: 'any',
              perAccountPerDay: '0.05',
              perDay: '1',
            },
          ],
        },
      }),
      { indexer: false },
    )
    gatewayUrl = await gateway.listen()
  }, 120_000)
  afterEach(() => {
    portico?.destroy()
    portico = undefined
  })
  afterAll(async () => {
    await gateway?.close()
    if (bundler) await stopBundler(bundler)
    await devnet?.stop()
  })

  const node = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
  const usdc = () => devnet.fixtures.tokens[0]!.address as Address
  const recipient = privateKeyToAccount(toHex(0xb0b5n, { size: 32 })).address
  /** The owner's smart account as the devnet's own SimpleAccount helper computes it (apart from the adapter). */
  const smartOf = async (key: Hex) =>
    (await (
      await toDevnetSimpleAccount({ client: node(), owner: privateKeyToAccount(key) })
    ).getAddress()) as Address

  /** A dev wallet holding two fresh keys (no ETH), connected on 31337 with smart accounts on. */
  async function start(opts: { metadata?: AppMetadata; sponsorName?: string } = {}) {
    const keys = [toHex(++seed, { size: 32 }), toHex(++seed, { size: 32 })] as [Hex, Hex]
    const wallet = createDevWallet({ networks, privateKeys: keys })
    portico = createPortico({
      adapters: [
        evmAdapter({
          networks,
          connectors: [{ id: ID, name: 'Portico Dev Wallet', provider: wallet.provider }],
          smartAccount: {
            factory: devnet.fixtures.accountAbstraction.simpleAccountFactory as Address,
            networks: ['eip155:31337'],
            ...(opts.sponsorName ? { sponsorName: opts.sponsorName } : {}),
          },
        }),
      ],
      apiUrl: gatewayUrl,
      projectId: 'local',
      storage: 'memory',
      logger: quiet,
      ...(opts.metadata ? { metadata: opts.metadata } : {}),
    })
    await portico.connect(ID, { caipNetworkId: 'eip155:31337' })
    const owners = keys.map((k) => privateKeyToAccount(k).address) as [Address, Address]
    const smarts = [await smartOf(keys[0]), await smartOf(keys[1])] as [Address, Address]
    return { p: portico, wallet, keys, owners, smarts }
  }

  it("the wallet's account changes: the active smart account becomes the new owner's own counterfactual address, the old owner's is gone from the records", async () => {
    const { p, wallet, owners, smarts } = await start()
    expect(smarts[0]).not.toBe(smarts[1])
    expect(p.getState().accounts.eip155!.address).toBe(smarts[0])
    wallet.selectAccount(1)
    await expect.poll(() => p.getState().accounts.eip155?.address, { timeout: 10_000 }).toBe(smarts[1])
    const account = p.getState().accounts.eip155!
    expect(account.caipAddress).toBe(`eip155:31337:${smarts[1]}`)
    expect(account.allAccounts.map((a) => [a.type, a.address, a.owner])).toEqual([
      ['smartAccount', smarts[1], owners[1]],
      ['eoa', owners[1], undefined],
    ])
    expect(account.allAccounts.some((a) => a.address === smarts[0] || a.address === owners[0])).toBe(false)
    expect(account.smartAccountDeployed).toBe(false)
    // And back: the first owner's smart account again.
    wallet.selectAccount(0)
    await expect.poll(() => p.getState().accounts.eip155?.address, { timeout: 10_000 }).toBe(smarts[0])
  })

  it("after the switch a send goes from the new owner's smart account, signed by the new owner, and lands (sponsored, deploying it)", async () => {
    const { p, wallet, smarts } = await start()
    wallet.selectAccount(1)
    await expect.poll(() => p.getState().accounts.eip155?.address, { timeout: 10_000 }).toBe(smarts[1])
    const funder = privateKeyToAccount(devnet.fixtures.accounts[0]!.privateKey as Hex)
    const { createWalletClient } = await import('viem')
    const w = createWalletClient({ account: funder, transport: http(devnet.chains[0]!.rpcUrl) })
    await node().waitForTransactionReceipt({
      hash: await w.writeContract({
        address: usdc(),
        abi: erc20Abi,
        functionName: 'transfer',
        args: [smarts[1], 3_000_000n],
        chain: null,
      }),
    })
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 1_000_000n],
    })
    const hash = await p.sendTransaction({
      namespace: 'eip155',
      request: { to: usdc(), data, caipNetworkId: 'eip155:31337' },
    })
    const outcome = await p.waitForTransaction({ hash, namespace: 'eip155', caipNetworkId: 'eip155:31337' })
    expect(outcome.status).toBe('succeeded')
    const balance = (a: Address) =>
      node().readContract({ address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [a] })
    expect(await balance(smarts[1])).toBe(2_000_000n)
    expect((await node().getCode({ address: smarts[1] }))?.length ?? 0).toBeGreaterThan(2)
    // The previous owner's smart account was never touched.
    expect(await node().getCode({ address: smarts[0] })).toBeUndefined()
  }, 60_000)

  it("a visitor who chose the EOA keeps the EOA type across the switch: the new owner's EOA is active, its own smart account offered beside it", async () => {
    const { p, wallet, owners, smarts } = await start()
    p.switchAccountType('eoa')
    wallet.selectAccount(1)
    await expect
      .poll(() => p.getState().accounts.eip155?.allAccounts.map((a) => a.address), { timeout: 10_000 })
      .toEqual([smarts[1], owners[1]])
    expect(p.getState().accounts.eip155!.address).toBe(owners[1])
    expect(p.getState().accounts.eip155!.preferredAccountTypes).toEqual({ eip155: 'eoa' })
  })

  async function sponsorNameOf(p: Portico, address: Address) {
    const adapter = p.getAdapter('eip155') as EvmAdapter
    return await adapter.priceUserOperation({
      address,
      caipNetworkId: 'eip155:31337',
      // A call that succeeds from an empty account (the estimate simulates it).
      request: { to: recipient, value: 0n },
    })
  }

  it('"Sponsored by <site>" names the site from the app metadata given createPortico, not the gateway project id', async () => {
    const { p, smarts } = await start({ metadata: { name: 'Acme Shop', url: 'https://acme.example' } })
    expect(await sponsorNameOf(p, smarts[0])).toMatchObject({ sponsored: true, sponsorName: 'Acme Shop' })
  })

  it("the adapter's sponsorName wins over the metadata; with neither, the gateway's project name (never its id 'local')", async () => {
    const named = await start({
      metadata: { name: 'Acme Shop', url: 'https://acme.example' },
      sponsorName: 'Acme Rewards',
    })
    expect(await sponsorNameOf(named.p, named.smarts[0])).toMatchObject({ sponsorName: 'Acme Rewards' })
    portico?.destroy()
    const bare = await start()
    const priced = await sponsorNameOf(bare.p, bare.smarts[0])
    expect(priced).toMatchObject({ sponsored: true, sponsorName: 'Local gateway project' })
  })
})
