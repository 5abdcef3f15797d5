// Issue 30: the embedded wallet's smart account on real anvil with the devnet's EntryPoint v0.7,
// SimpleAccountFactory and VerifyingPaymaster, a real @pimlico/alto bundler and a real gateway
// (SQLite, real HTTP) whose paymaster sponsors. The plugin's real EVM channel is driven by the EVM
// adapter; behind it, in place of the frame's window, the signer's real user-operation code (parse,
// card, hash, signature) runs with the embedded key. The email login itself and the frame's DOM run
// in Chromium (e2e); here the session is given.
import { anvil31337, anvil31338, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import {
  type ConnectorProvider,
  createPortico,
  definePlugin,
  type Portico,
  type RequestChannel,
} from '@portico/core'
import {
  type BundlerProcess,
  type EvmDevnet,
  startBundler,
  startEvmDevnet,
  stopBundler,
} from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import { signUserOperation, type UserOperationFrameDeps } from '@portico/signer/testing'
import { type Address, createPublicClient, createWalletClient, erc20Abi, type Hex, http, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { evmChannel } from './controller/evm.js'
import type { FrameClient } from './controller/frame-client.js'

const ID = 'embeddedWallet'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

describe('the embedded wallet on EVM gets a smart account its key owns (issue 30; SPEC §3 preferredAccountType)', () => {
  let devnet: EvmDevnet
  let bundler: BundlerProcess
  let gateway: Gateway
  let gatewayUrl: string
  let portico: Portico | undefined
  let seed = 0xe3bedd00n

  beforeAll(async () => {
    devnet = await startEvmDevnet()
    // alto can take minutes to answer on a loaded shared machine.
    bundler = await startBundler({
      rpcUrl: devnet.chains[0]!.rpcUrl,
      chainId: 31337,
      readyTimeoutMs: 300_000,
    })
    const aa = devnet.fixtures.accountAbstraction
    const policy = (projectId: string, perAccountPerDay: string) => ({
      projectId,
      chains: ['eip155:31337'],
      targets: 'any' as const,
      perAccountPerDay,
      perDay: '1',
    })
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        host: '127.0.0.1',
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        projects: [
          { id: 'local', name: 'Local', allowedOrigins: [] },
          { id: 'tight', name: 'Tight', allowedOrigins: [] },
        ],
        networks: devnet.chains.map((c) => ({
          caipNetworkId: `eip155:${c.chainId}`,
          name: `Anvil ${c.chainId}`,
          rpcUrl: c.rpcUrl,
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
          policies: [policy('local', '0.05'), policy('tight', '0.000000001')],
        },
      }),
      { indexer: false },
    )
    gatewayUrl = await gateway.listen()
  }, 420_000)

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
  const factory = () => devnet.fixtures.accountAbstraction.simpleAccountFactory as Address

  /**
   * A fresh embedded key (no ETH) behind the plugin's EVM channel; the frame's
   * place is taken by the signer's user-operation code, approving each card it
   * is shown (kept in `cards`).
   */
  async function login(opts: { projectId?: string; preferred?: 'eoa' | 'smartAccount' } = {}) {
    seed += 1n
    const key = toHex(seed, { size: 32 })
    const owner = privateKeyToAccount(key)
    const cards: Parameters<UserOperationFrameDeps['approve']>[0][] = []
    const frame: FrameClient = {
      destroy() {},
      async request(payload) {
        if (payload.type !== 'rpc' || payload.method !== 'portico_signUserOperation')
          throw Object.assign(new Error('Requested RPC call is not allowed'), { code: 4200 })
        return signUserOperation(
          {
            token: () => 'session',
            wallet: async () => ({ address: owner.address, auth: 'auth-share' }),
            loadDeviceShare: async () => 'device-share',
            reassemble: async () => Uint8Array.from(Buffer.from(key.slice(2), 'hex')),
            approve: async (card) => {
              cards.push(card)
              return true
            },
            refuse: (code, message) => Object.assign(new Error(message), { code }),
            origin: 'http://app.localhost:5173',
          },
          payload.params,
          payload.chainId,
        )
      },
    }
    const networks = [
      withRpcUrls(anvil31337, [devnet.chains[0]!.rpcUrl]),
      withRpcUrls(anvil31338, [devnet.chains[1]!.rpcUrl]),
    ] as const
    const channel: RequestChannel = evmChannel({
      chains: ['eip155:31337', 'eip155:31338'],
      address: owner.address,
      frame: () => frame,
      networks: () => networks,
      on: () => () => {},
      ...(opts.preferred ? { preferredAccountType: opts.preferred } : {}),
    })
    const login: ConnectorProvider = {
      id: ID,
      connectors: [{ id: ID, type: 'AUTH', name: 'Email', chain: 'eip155' }],
      connect: async () => ({ channels: { eip155: channel }, wallet: { name: 'a@b.c', type: 'AUTH' } }),
      reconnect: async () => undefined,
      disconnect: async () => {},
      on: () => () => {},
    }
    portico = createPortico({
      adapters: [
        evmAdapter({
          networks: [...networks],
          discovery: false,
          smartAccount: { factory: factory(), networks: ['eip155:31337'] },
        }),
      ],
      plugins: [definePlugin({ id: 'login-stand-in', setup: (ctx) => ctx.registerConnector?.(login) })],
      apiUrl: gatewayUrl,
      projectId: opts.projectId ?? 'local',
      storage: 'memory',
      logger: quiet,
      // The site's name: the frame's card says who sponsors beside the origin it knows itself.
      metadata: { name: 'Acme Shop', url: 'http://app.localhost:5173' },
    })
    await portico.connect(ID, { caipNetworkId: 'eip155:31337' })
    const smart = await node().readContract({
      address: factory(),
      abi: [
        {
          type: 'function',
          name: 'getAddress',
          stateMutability: 'view',
          inputs: [
            { name: 'owner', type: 'address' },
            { name: 'salt', type: 'uint256' },
          ],
          outputs: [{ type: 'address' }],
        },
      ],
      functionName: 'getAddress',
      args: [owner.address, 0n],
    })
    return { p: portico, owner, smart, cards }
  }

  async function fundUsdc(to: Address, amount: bigint) {
    const funder = privateKeyToAccount(devnet.fixtures.accounts[0]!.privateKey as Hex)
    const w = createWalletClient({ account: funder, transport: http(devnet.chains[0]!.rpcUrl) })
    const hash = await w.writeContract({
      address: usdc(),
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, amount],
      chain: null,
    })
    await node().waitForTransactionReceipt({ hash })
  }
  const usdcOf = (address: Address) =>
    node().readContract({ address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [address] })

  it('by default the login opens on the counterfactual smart account its key owns (the factory’s address), the EOA beside it; smartAccountDeployed false', async () => {
    const { p, owner, smart } = await login()
    const account = p.getState().accounts.eip155!
    expect(account.address).toBe(smart)
    expect(account.allAccounts.map((a) => [a.type, a.address])).toEqual([
      ['smartAccount', smart],
      ['eoa', owner.address],
    ])
    expect(account.smartAccountDeployed).toBe(false)
    expect(await node().getCode({ address: smart })).toBeUndefined()
    // Account's switch works for the embedded user too: the address follows the type.
    p.switchAccountType('eoa')
    expect(p.getState().accounts.eip155!.address).toBe(owner.address)
    p.switchAccountType('smartAccount')
    expect(p.getState().accounts.eip155!.address).toBe(smart)
  })

  it("a site's preferredAccountType 'eoa' opens on the key's own address, with the smart account offered beside it", async () => {
    const { p, owner, smart } = await login({ preferred: 'eoa' })
    const account = p.getState().accounts.eip155!
    expect(account.address).toBe(owner.address)
    expect(account.allAccounts.map((a) => a.address)).toEqual([owner.address, smart])
  })

  it('a sponsored USDC send with zero ETH in the account: the frame is shown the call and "Sponsored by" the name in the app metadata beside its origin, signs the hash it computed, the operation deploys the account and lands', async () => {
    const { p, smart, cards } = await login()
    await fundUsdc(smart, 20_000_000n)
    expect(await node().getBalance({ address: smart })).toBe(0n)
    const token = { token: usdc(), decimals: 6, symbol: 'USDC', value: 20_000_000n }
    const before = await usdcOf(recipient)
    const hash = await p.send({ token, amount: '5', to: recipient })
    const outcome = await p.waitForTransaction({ hash, namespace: 'eip155', caipNetworkId: 'eip155:31337' })
    expect(outcome.status).toBe('succeeded')
    expect(await usdcOf(recipient)).toBe(before + 5_000_000n)
    expect(await usdcOf(smart)).toBe(15_000_000n)
    expect(await node().getBalance({ address: smart })).toBe(0n)
    expect((await node().getCode({ address: smart }))?.length ?? 0).toBeGreaterThan(2)
    await expect
      .poll(() => p.getState().accounts.eip155?.smartAccountDeployed, { timeout: 10_000 })
      .toBe(true)
    const card = cards.at(-1)!
    expect(card.lines).toContain(`From: ${smart} (smart account)`)
    expect(card.lines).toContain(`Call 1 of 1: to ${usdc()}, 0 (native token)`)
    expect(card.lines).toContain(`Token transfer: 5000000 of token ${usdc()} to ${recipient}`)
    expect(card.lines).toContain(
      'Gas: sponsored by Acme Shop, the site at app.localhost:5173 (you pay nothing)',
    )
    expect(card.lines).toContain('Network: eip155:31337')
    expect(
      card.lines.some((l) => l.startsWith('This first transaction also deploys your smart account')),
    ).toBe(true)
  }, 120_000)

  it('over the budget the paymaster refuses with its reason (over_account_budget) and nothing is signed or moved', async () => {
    const { p, smart, cards } = await login({ projectId: 'tight' })
    await fundUsdc(smart, 2_000_000n)
    const token = { token: usdc(), decimals: 6, symbol: 'USDC', value: 2_000_000n }
    const refused = await p.send({ token, amount: '1', to: recipient }).then(
      () => undefined,
      (e: unknown) => e as { name?: string; reason?: string; details?: string },
    )
    expect(refused?.name).toBe('SponsorshipRefusedError')
    expect(refused?.reason).toBe('over_account_budget')
    expect(refused?.details).toMatch(/budget/i)
    expect(cards).toHaveLength(0)
    expect(await usdcOf(smart)).toBe(2_000_000n)
  }, 120_000)
})
