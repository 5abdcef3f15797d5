// Issue 30: smart accounts (ERC-4337) through core + evmAdapter, on real anvil with the devnet's
// EntryPoint v0.7 / SimpleAccountFactory / VerifyingPaymaster, a real @pimlico/alto bundler, and a
// real gateway (SQLite, real HTTP) whose paymaster sponsors and whose proxy carries the bundler methods.
import { AccountTypeUnavailableError, createPortico, type Portico, rpcProxyUrl } from '@portico/core'
import {
  type BundlerProcess,
  type EvmDevnet,
  startBundler,
  stopBundler,
  toDevnetSimpleAccount,
} from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  parseEther,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type EvmAdapter, evmAdapter } from '../adapter.js'
import { AtomicBatchUnsupportedError } from '../calls/index.js'
import { createDevWallet } from '../dev-wallet/index.js'
import type { EvmNetwork } from '../networks/index.js'
import { startDevnetNetworks } from '../test-helpers/devnet.js'
import { SponsorshipRefusedError } from './options.js'

const ID = 'dev.portico.wallet'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

describe('smart accounts through core + evmAdapter: counterfactual address, sponsored user operations, outcome, account type (issue 30; SPEC §3)', () => {
  let devnet: EvmDevnet
  let networks: [EvmNetwork, EvmNetwork]
  let bundler: BundlerProcess
  let gateway: Gateway
  let gatewayUrl: string
  let portico: Portico | undefined
  let ownerSeed = 0xc0ffee00n

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
        projects: [
          { id: 'local', name: 'Local', allowedOrigins: [] },
          { id: 'tight', name: 'Tight', allowedOrigins: [] },
        ],
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
            {
              projectId: 'tight',
              chains: ['eip155:31337'],
              targets: 'any',
              perAccountPerDay: '0.000000001',
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
  const paymaster = () => devnet.fixtures.accountAbstraction.verifyingPaymaster as Address
  const depositOf = (address: Address) =>
    node().readContract({
      address: devnet.fixtures.accountAbstraction.entryPoint as Address,
      abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
      functionName: 'balanceOf',
      args: [address],
    })
  const usdcOf = (address: Address) =>
    node().readContract({ address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [address] })

  /** A fresh owner key (holding no ETH) behind the dev wallet; Portico with smart accounts on. */
  async function start(
    opts: { projectId?: string; smart?: boolean; preferred?: 'eoa' | 'smartAccount'; calls?: false } = {},
  ) {
    ownerSeed += 1n
    const ownerKey = toHex(ownerSeed, { size: 32 })
    const wallet = createDevWallet({
      networks,
      privateKeys: [ownerKey],
      ...(opts.calls === false ? { dialect: { calls: false } } : {}),
    })
    portico = createPortico({
      adapters: [
        evmAdapter({
          networks,
          connectors: [{ id: ID, name: 'Portico Dev Wallet', provider: wallet.provider }],
          ...(opts.smart === false
            ? {}
            : {
                smartAccount: {
                  factory: devnet.fixtures.accountAbstraction.simpleAccountFactory as Address,
                  networks: ['eip155:31337'],
                  ...(opts.preferred ? { preferred: opts.preferred } : {}),
                },
              }),
        }),
      ],
      apiUrl: gatewayUrl,
      projectId: opts.projectId ?? 'local',
      storage: 'memory',
      logger: quiet,
    })
    await portico.connect(ID, { caipNetworkId: 'eip155:31337' })
    const owner = privateKeyToAccount(ownerKey)
    // Independent of the adapter: the devnet's own SimpleAccount helper asks the factory.
    const expected = await (await toDevnetSimpleAccount({ client: node(), owner })).getAddress()
    return { p: portico, owner, smart: expected as Address }
  }

  /** Gives `to` USDC from the devnet's funded account 0 (a plain EOA transfer). */
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

  it("connect reports the counterfactual smart account (the factory's address for the owner) as the active account, the EOA beside it; smartAccountDeployed false", async () => {
    const { p, owner, smart } = await start()
    const account = p.getState().accounts.eip155!
    expect(account.address).toBe(smart)
    expect(account.caipAddress).toBe(`eip155:31337:${smart}`)
    expect(account.allAccounts.map((a) => [a.type, a.address])).toEqual([
      ['smartAccount', smart],
      ['eoa', owner.address],
    ])
    expect(account.smartAccountDeployed).toBe(false)
    expect(account.preferredAccountTypes).toEqual({ eip155: 'smartAccount' })
    expect(await node().getCode({ address: smart })).toBeUndefined()
  })

  it('a sponsored USDC send from a smart account holding zero ETH: fee 0, the user operation lands, the account is deployed, the paymaster paid', async () => {
    const { p, smart } = await start()
    await fundUsdc(smart, 50_000_000n)
    expect(await node().getBalance({ address: smart })).toBe(0n)
    const token = { token: usdc(), decimals: 6, symbol: 'USDC', value: 50_000_000n }
    const prepared = await p.prepareSend({ token, amount: '5', to: recipient })
    expect(prepared.from).toBe(smart)
    expect(prepared.fee?.value).toBe(0n) // sponsored: the account pays nothing
    const before = await usdcOf(recipient)
    const paymasterBefore = await depositOf(paymaster())
    const hash = await p.send({ token, amount: '5', to: recipient })
    const outcome = await p.waitForTransaction({ hash, namespace: 'eip155', caipNetworkId: 'eip155:31337' })
    expect(outcome.status).toBe('succeeded')
    // The paymaster's deposit at the EntryPoint paid exactly the charged fee.
    expect(outcome.status === 'succeeded' && outcome.fee!.value).toBeGreaterThan(0n)
    expect(await depositOf(paymaster())).toBe(
      paymasterBefore - (outcome as { fee: { value: bigint } }).fee.value,
    )
    expect(await usdcOf(recipient)).toBe(before + 5_000_000n)
    expect(await usdcOf(smart)).toBe(45_000_000n)
    expect(await node().getBalance({ address: smart })).toBe(0n)
    expect((await node().getCode({ address: smart }))?.length ?? 0).toBeGreaterThan(2)
    await expect
      .poll(() => p.getState().accounts.eip155?.smartAccountDeployed, { timeout: 10_000 })
      .toBe(true)
    // Followed to the end by core too: the send's history entry is confirmed.
    await expect
      .poll(() => p.getState().pendingSends?.find((s) => s.hash === hash)?.status, { timeout: 10_000 })
      .toBe('confirmed')
  }, 60_000)

  it('a user operation whose call reverts is refused by the bundler with the reason, and nothing moves', async () => {
    const { p, smart } = await start()
    await fundUsdc(smart, 1_000_000n)
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 2_000_000n],
    })
    const error = await p
      .sendTransaction({ namespace: 'eip155', request: { to: usdc(), data, caipNetworkId: 'eip155:31337' } })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      )
    expect(error?.name).toBe('UserOperationRejectedError')
    expect(error?.message).toContain('The bundler rejected the user operation.')
    expect(await usdcOf(smart)).toBe(1_000_000n)
  }, 60_000)

  it('over the per-account budget the paymaster refuses with its reason (over_account_budget); with sponsored: false the account pays its own gas', async () => {
    const { p, smart } = await start({ projectId: 'tight' })
    await fundUsdc(smart, 10_000_000n)
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 1_000_000n],
    })
    const request = { to: usdc(), data, caipNetworkId: 'eip155:31337' as const }
    const refused = await p.sendTransaction({ namespace: 'eip155', request }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(refused).toBeInstanceOf(SponsorshipRefusedError)
    expect((refused as SponsorshipRefusedError).reason).toBe('over_account_budget')
    expect((refused as SponsorshipRefusedError).details).toMatch(/budget/i)
    // Paying itself: the account needs ETH for the prefund.
    const funder = privateKeyToAccount(devnet.fixtures.accounts[0]!.privateKey as Hex)
    const w = createWalletClient({ account: funder, transport: http(devnet.chains[0]!.rpcUrl) })
    await node().waitForTransactionReceipt({
      hash: await w.sendTransaction({ to: smart, value: parseEther('0.1'), chain: null }),
    })
    const hash = await p.sendTransaction({ namespace: 'eip155', request: { ...request, sponsored: false } })
    const outcome = await p.waitForTransaction({ hash, namespace: 'eip155', caipNetworkId: 'eip155:31337' })
    expect(outcome.status).toBe('succeeded')
    // The account prefunded the gas itself; the EntryPoint kept the charged fee and credited the rest to its deposit.
    const left = await node().getBalance({ address: smart })
    expect(left).toBeLessThan(parseEther('0.1'))
    expect(parseEther('0.1') - left).toBe(
      (outcome as { fee: { value: bigint } }).fee.value + (await depositOf(smart)),
    )
    expect(await usdcOf(smart)).toBe(9_000_000n)
  }, 60_000)

  it("switchAccountType: the EOA and back; the address follows and preferredAccountTypes records the choice; a wallet without a smart account refuses 'smartAccount'", async () => {
    const { p, owner, smart } = await start()
    p.switchAccountType('eoa')
    let account = p.getState().accounts.eip155!
    expect(account.address).toBe(owner.address)
    expect(account.caipAddress).toBe(`eip155:31337:${owner.address}`)
    expect(account.smartAccountDeployed).toBeUndefined()
    expect(account.preferredAccountTypes).toEqual({ eip155: 'eoa' })
    p.switchAccountType('smartAccount')
    account = p.getState().accounts.eip155!
    expect(account.address).toBe(smart)
    expect(account.preferredAccountTypes).toEqual({ eip155: 'smartAccount' })
    portico?.destroy()
    const plain = await start({ smart: false })
    expect(plain.p.getState().accounts.eip155!.allAccounts.map((a) => a.type)).toEqual(['eoa'])
    expect(() => plain.p.switchAccountType('smartAccount')).toThrow(AccountTypeUnavailableError)
    expect(() => plain.p.switchAccountType('smartAccount')).toThrow(
      'This wallet has no smart account on this network.',
    )
  })

  it("preferred: 'eoa' connects on the EOA with the smart account offered beside it", async () => {
    const { p, owner, smart } = await start({ preferred: 'eoa' })
    const account = p.getState().accounts.eip155!
    expect(account.address).toBe(owner.address)
    expect(account.allAccounts.map((a) => a.address)).toEqual([owner.address, smart])
    expect(rpcProxyUrl(gatewayUrl, 'eip155:31337', 'local')).toContain('/v1?')
  })

  it('EIP-5792 on a smart account: atomic + paymaster capabilities; approve + transfer as one batch land in one user operation, and a batch whose second call reverts moves nothing', async () => {
    const { p, smart } = await start()
    const adapter = p.getAdapter('eip155') as EvmAdapter
    expect(
      await adapter.getCallsCapabilities({ connectorId: ID, address: smart, caipNetworkId: 'eip155:31337' }),
    ).toEqual({
      atomic: 'supported',
      paymasterService: true,
    })
    await fundUsdc(smart, 3_000_000n)
    const spender = privateKeyToAccount(toHex(0x5badn, { size: 32 })).address
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 777n] })
    const transfer = (amount: bigint) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] })
    const before = await usdcOf(recipient)
    const { id } = await adapter.sendCalls({
      connectorId: ID,
      address: smart,
      caipNetworkId: 'eip155:31337',
      calls: [
        { to: usdc(), data: approve },
        { to: usdc(), data: transfer(1_000_000n) },
      ],
    })
    await expect
      .poll(async () => (await adapter.getCallsStatus({ connectorId: ID, id })).status, { timeout: 20_000 })
      .toBe(200)
    const status = await adapter.getCallsStatus({ connectorId: ID, id })
    expect(status.atomic).toBe(true)
    expect(status.outcome?.status).toBe('succeeded')
    const allowance = () =>
      node().readContract({
        address: usdc(),
        abi: erc20Abi,
        functionName: 'allowance',
        args: [smart, spender],
      })
    expect(await allowance()).toBe(777n)
    expect(await usdcOf(recipient)).toBe(before + 1_000_000n)
    // Atomic: the approve of a batch whose transfer cannot succeed does not land either.
    const approveMore = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 999n] })
    await expect(
      adapter.sendCalls({
        connectorId: ID,
        address: smart,
        caipNetworkId: 'eip155:31337',
        calls: [
          { to: usdc(), data: approveMore },
          { to: usdc(), data: transfer(50_000_000n) },
        ],
      }),
    ).rejects.toThrow('The bundler rejected the user operation.')
    expect(await allowance()).toBe(777n)
    expect(await usdcOf(smart)).toBe(2_000_000n)
  }, 60_000)

  it('EIP-5792 on a wallet without wallet_getCapabilities (the dev wallet EOA with EIP-5792 off: -32601): no atomic support, and a batch that must be atomic is refused before any prompt', async () => {
    const { p, owner } = await start({ preferred: 'eoa', calls: false })
    const adapter = p.getAdapter('eip155') as EvmAdapter
    expect(
      await adapter.getCallsCapabilities({
        connectorId: ID,
        address: owner.address,
        caipNetworkId: 'eip155:31337',
      }),
    ).toEqual({ atomic: 'unsupported', paymasterService: false })
    await expect(
      adapter.sendCalls({
        connectorId: ID,
        address: owner.address,
        caipNetworkId: 'eip155:31337',
        calls: [{ to: recipient, value: 1n }],
      }),
    ).rejects.toBeInstanceOf(AtomicBatchUnsupportedError)
  })
})
