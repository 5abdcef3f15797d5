import { NetworkNotFoundError, UserRejectedRequestError } from '@portico/core'
import type { EvmDevnet } from '@portico/devnet'
import { erc20Abi, parseEther, parseUnits, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from './adapter.js'
import { createDevWallet } from './dev-wallet/index.js'
import { type EvmNetwork, withRpcUrls } from './networks/index.js'
import { createTestContext } from './test-helpers/context.js'
import { startDevnetNetworks } from './test-helpers/devnet.js'
import { startCountingProxy } from './test-helpers/servers.js'

const ID = 'dev.portico.wallet'

describe('evmAdapter against anvil (dev wallet, real RPC)', () => {
  let devnet: EvmDevnet
  let networks: [EvmNetwork, EvmNetwork]
  let proxy: Awaited<ReturnType<typeof startCountingProxy>>

  beforeAll(async () => {
    ;({ devnet, networks } = await startDevnetNetworks())
    proxy = await startCountingProxy(devnet.chains[0]!.rpcUrl)
  })
  afterAll(async () => {
    await proxy?.close()
    await devnet?.stop()
  })

  /** A dev wallet holding one devnet key, and an adapter whose 31337 reads go through the counting proxy. */
  function setup(accountIndex: number, walletNetworks: readonly EvmNetwork[] = networks) {
    const key = devnet.fixtures.accounts[accountIndex]!.privateKey
    const wallet = createDevWallet({ networks: walletNetworks, privateKeys: [key] })
    const adapter = evmAdapter({
      networks: [withRpcUrls(networks[0], [proxy.url]), networks[1]],
      connectors: [{ id: ID, name: 'Portico Dev Wallet', provider: wallet.provider }],
      tokens: { 'eip155:31337': devnet.fixtures.tokens, 'eip155:31338': devnet.fixtures.tokens },
    })
    const t = createTestContext({ isBrowser: false })
    adapter.setup(t.ctx)
    return { wallet, adapter, ...t }
  }

  it('connect returns the account and chain; ETH + both tokens are read in ONE RPC request', async () => {
    const { adapter, wallet } = setup(3)
    const result = await adapter.connect({ connectorId: ID })
    expect(result).toEqual({
      accounts: [
        {
          namespace: 'eip155',
          address: wallet.address,
          caipAddress: `eip155:31337:${wallet.address}`,
          type: 'eoa',
        },
      ],
      caipNetworkId: 'eip155:31337',
    })

    proxy.reset()
    const balances = await adapter.getBalances({ address: wallet.address, caipNetworkId: 'eip155:31337' })
    expect(proxy.requests).toEqual([{ methods: ['eth_call'] }])
    expect(balances.native).toEqual({
      value: parseEther('10000'),
      decimals: 18,
      symbol: 'ETH',
      formatted: '10000.000',
    })
    expect(balances.tokens.map((t) => [t.symbol, t.decimals, t.value, t.formatted, t.ok])).toEqual([
      ['USDC', 6, parseUnits('1000000', 6), '1000000.000', true],
      ['DAI', 18, parseUnits('1000000', 18), '1000000.000', true],
    ])
  })

  it('getTokenBalances reads an unlisted token by address (symbol/decimals on-chain) in the same single call', async () => {
    const { adapter, wallet } = setup(3)
    proxy.reset()
    const [dai] = await adapter.getTokenBalances({
      address: wallet.address,
      caipNetworkId: 'eip155:31337',
      tokens: [devnet.fixtures.tokens[1]!.address.toLowerCase()],
    })
    expect(proxy.requests).toHaveLength(1)
    expect(dai).toMatchObject({
      symbol: 'DAI',
      decimals: 18,
      name: 'Dai Stablecoin',
      formatted: '1000000.000',
    })
  })

  it('without Multicall3 on the network, the same reads still go in one HTTP round trip (JSON-RPC batch)', async () => {
    const adapter = evmAdapter({
      networks: [{ ...withRpcUrls(networks[0], [proxy.url]), contracts: {} }],
      tokens: { 'eip155:31337': devnet.fixtures.tokens },
    })
    adapter.setup(createTestContext({ isBrowser: false }).ctx)
    proxy.reset()
    const owner = devnet.fixtures.accounts[3]!.address
    const balances = await adapter.getBalances({ address: owner, caipNetworkId: 'eip155:31337' })
    expect(proxy.requests).toEqual([{ methods: ['eth_getBalance', 'eth_call', 'eth_call'] }])
    expect([balances.native.formatted, ...balances.tokens.map((t) => t.formatted)]).toEqual([
      '10000.000',
      '1000000.000',
      '1000000.000',
    ])
  })

  it('switchNetwork to 31338: an unknown chain (4902) is added with wallet_addEthereumChain, then switched', async () => {
    const { adapter, wallet } = setup(4, [networks[0]])
    await adapter.connect({ connectorId: ID })
    const changes: string[] = []
    adapter.on('chainChanged', ({ caipNetworkId }) => changes.push(caipNetworkId))
    wallet.requests.length = 0

    await adapter.switchNetwork({ connectorId: ID, caipNetworkId: 'eip155:31338' })

    expect(wallet.requests).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(wallet.currentChainId).toBe(31338)
    expect(changes).toEqual(['eip155:31338'])
    expect((await adapter.getAccounts({ connectorId: ID })).caipNetworkId).toBe('eip155:31338')
    // The wallet now reads 31338 through the RPC URL it was given by the add request.
    expect(
      await wallet.provider.request({ method: 'eth_getBalance', params: [wallet.address, 'latest'] }),
    ).toBe(`0x${parseEther('10000').toString(16)}`)
  })

  it('switchNetwork: a network outside `networks` and a rejected switch give typed errors', async () => {
    const { adapter, wallet } = setup(4)
    await adapter.connect({ connectorId: ID })
    await expect(
      adapter.switchNetwork({ connectorId: ID, caipNetworkId: 'eip155:999' }),
    ).rejects.toBeInstanceOf(NetworkNotFoundError)
    wallet.rejectNext()
    await expect(
      adapter.switchNetwork({ connectorId: ID, caipNetworkId: 'eip155:31338' }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(wallet.currentChainId).toBe(31337)
  })

  it('a rejected connect (4001) is a UserRejectedRequestError and leaves the wallet unconnected', async () => {
    const { adapter, wallet } = setup(5)
    wallet.rejectNext()
    const error = await adapter.connect({ connectorId: ID }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect((error as UserRejectedRequestError).code).toBe(4001)
    expect(await adapter.getAccounts({ connectorId: ID })).toEqual({
      accounts: [],
      caipNetworkId: 'eip155:31337',
    })
  })

  it('signs a message and typed data (EIP-712 v4) that verify against the account', async () => {
    const { adapter, wallet } = setup(6)
    await adapter.connect({ connectorId: ID })
    const message = 'Sign in to Portico\nnonce: 42'
    const { signature } = await adapter.signMessage({ connectorId: ID, address: wallet.address, message })
    expect(
      await verifyMessage({ address: wallet.address, message, signature: signature as `0x${string}` }),
    ).toBe(true)

    const typedData = {
      domain: {
        name: 'Portico',
        version: '1',
        chainId: 31337,
        verifyingContract: devnet.fixtures.tokens[0]!.address,
      },
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'contents', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Mail',
      message: { from: { name: 'Alice', wallet: wallet.address }, contents: 'Hello', amount: 10n ** 20n },
    } as const
    const typedSig = await adapter.signTypedData({ connectorId: ID, address: wallet.address, typedData })
    expect(
      await verifyTypedData({ address: wallet.address, ...typedData, signature: typedSig as `0x${string}` }),
    ).toBe(true)
  })

  it('sends ETH and an ERC-20 transfer; balances change by exactly the amounts', async () => {
    const { adapter, wallet } = setup(7)
    await adapter.connect({ connectorId: ID })
    const to = devnet.fixtures.accounts[8]!.address
    const caipNetworkId = 'eip155:31337' as const
    const before = await adapter.getBalances({ address: to, caipNetworkId })

    expect(
      await adapter.estimateGas({ request: { from: wallet.address, to, value: 1n, caipNetworkId } }),
    ).toBe(21_000n)
    expect(await adapter.getGasPrice({ caipNetworkId })).toBeGreaterThan(0n)

    const ethHash = await adapter.sendTransaction({
      connectorId: ID,
      request: { to, value: parseEther('1.5') },
    })
    expect(await adapter.waitForTransaction({ hash: ethHash as `0x${string}`, caipNetworkId })).toMatchObject(
      { status: 'succeeded' },
    )
    const usdc = devnet.fixtures.tokens[0]!
    const tokenHash = await adapter.writeContract({
      connectorId: ID,
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, parseUnits('250', 6)],
    })
    expect(await adapter.waitForTransaction({ hash: tokenHash, caipNetworkId })).toMatchObject({
      status: 'succeeded',
    })

    const after = await adapter.getBalances({ address: to, caipNetworkId })
    expect(after.native.value - before.native.value).toBe(parseEther('1.5'))
    expect(after.tokens[0]!.value - before.tokens[0]!.value).toBe(parseUnits('250', 6))
    expect(after.tokens[1]!.value).toBe(before.tokens[1]!.value)
    const sender = await adapter.getBalances({ address: wallet.address, caipNetworkId })
    expect(sender.tokens[0]!.formatted).toBe('999750.000')
    expect(sender.native.value < parseEther('9998.5')).toBe(true)
  })

  it('sendTransaction with another caipNetworkId switches the wallet first', async () => {
    const { adapter, wallet } = setup(7)
    await adapter.connect({ connectorId: ID })
    const hash = await adapter.sendTransaction({
      connectorId: ID,
      request: { to: devnet.fixtures.accounts[8]!.address, value: 1n, caipNetworkId: 'eip155:31338' },
    })
    expect(wallet.currentChainId).toBe(31338)
    expect(
      await adapter.waitForTransaction({ hash: hash as `0x${string}`, caipNetworkId: 'eip155:31338' }),
    ).toMatchObject({ status: 'succeeded' })
  })

  it('wallet accountsChanged / chainChanged / disconnect become adapter events', async () => {
    const wallet = createDevWallet({
      networks,
      privateKeys: devnet.fixtures.accounts.slice(0, 2).map((a) => a.privateKey),
    })
    const adapter = evmAdapter({ networks, connectors: [{ id: ID, name: 'Dev', provider: wallet.provider }] })
    adapter.setup(createTestContext({ isBrowser: false }).ctx)
    await adapter.connect({ connectorId: ID })
    const seen: unknown[] = []
    adapter.on('accountsChanged', (p) => seen.push(['accounts', p.accounts.map((a) => a.address)]))
    adapter.on('chainChanged', (p) => seen.push(['chain', p.caipNetworkId]))
    const off = adapter.on('disconnect', () => seen.push(['disconnect']))
    wallet.selectAccount(1)
    wallet.selectChain(31338)
    wallet.disconnect()
    off()
    expect(seen).toEqual([
      ['accounts', [devnet.fixtures.accounts[1]!.address]],
      ['chain', 'eip155:31338'],
      ['accounts', []],
      ['disconnect'],
    ])
  })

  it('disconnect revokes the permission (wallet_revokePermissions) without echoing a disconnect event', async () => {
    const { adapter, wallet } = setup(2)
    await adapter.connect({ connectorId: ID })
    const events: unknown[] = []
    adapter.on('accountsChanged', (p) => events.push(p))
    adapter.on('disconnect', (p) => events.push(p))
    await adapter.disconnect({ connectorId: ID })
    expect(wallet.requests).toContain('wallet_revokePermissions')
    expect(wallet.isConnected).toBe(false)
    expect(events).toEqual([])
  })
})
