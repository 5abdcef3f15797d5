import type { Portico } from '@portico/core'
import {
  connect,
  disconnect,
  getBalance,
  getConnection,
  readContract,
  reconnect,
  sendTransaction,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
  writeContract,
} from '@wagmi/core'
import { erc20Abi, parseEther, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PorticoWagmiOptionsError, porticoConnector } from '../index.js'
import {
  DEV_WALLET_ID,
  memoryStores,
  type PageOptions,
  startPage,
  startWorld,
} from '../test-helpers/world.js'

describe('porticoConnector: wagmi core actions over a real createPortico + EVM adapter on anvil', () => {
  let world: Awaited<ReturnType<typeof startWorld>>
  const opened: Portico[] = []
  const page = (opts: PageOptions = {}) => {
    const p = startPage(world, opts)
    opened.push(p.portico)
    return { ...p, connector: p.config.connectors[0]! }
  }
  beforeAll(async () => {
    world = await startWorld()
  })
  afterEach(() => {
    for (const p of opened.splice(0)) p.destroy()
  })
  afterAll(async () => {
    await world?.devnet.stop()
  })

  it('wagmi connect opens the Portico modal and resolves with the account the visitor connects there', async () => {
    const { portico, config, connector, wallet } = page()
    const pending = connect(config, { connector })
    await expect.poll(() => portico.getState().modal.open).toBe(true)
    expect(getConnection(config).status).toBe('connecting')
    // The visitor picks the dev wallet in the modal (what the Connect view's button calls).
    await portico.connect(DEV_WALLET_ID)
    const result = await pending
    expect(result).toEqual({ accounts: [wallet.address], chainId: 31337 })
    expect(getConnection(config)).toMatchObject({
      status: 'connected',
      address: wallet.address,
      chainId: 31337,
      connector: { id: 'portico', type: 'portico' },
    })
  })

  it('closing the modal without connecting rejects wagmi connect with UserRejectedRequestError', async () => {
    const { portico, config, connector } = page()
    const pending = connect(config, { connector })
    await expect.poll(() => portico.getState().modal.open).toBe(true)
    portico.close()
    await expect(pending).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    expect(getConnection(config).status).toBe('disconnected')
  })

  it('a connect made in the Portico modal alone shows in wagmi (Portico → wagmi)', async () => {
    const { portico, config, wallet } = page()
    await portico.ready
    await portico.connect(DEV_WALLET_ID)
    await expect.poll(() => getConnection(config).status).toBe('connected')
    expect(getConnection(config)).toMatchObject({ address: wallet.address, chainId: 31337 })
  })

  it('signMessage goes through portico.signMessage and verifies against the connected address', async () => {
    const { portico, config, connector, wallet } = page()
    await portico.connect(DEV_WALLET_ID)
    await expect.poll(() => getConnection(config).status).toBe('connected')
    const signature = await signMessage(config, { connector, message: 'Hello from wagmi through Portico' })
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'Hello from wagmi through Portico',
        signature,
      }),
    ).toBe(true)
    const requests = Object.values(portico.getState().requests)
    expect(requests).toEqual([
      expect.objectContaining({
        kind: 'signMessage',
        namespace: 'eip155',
        status: 'success',
        result: signature,
      }),
    ])
  })

  it('sendTransaction and writeContract (USDC transfer) are sent by Portico and mined on anvil', async () => {
    const { portico, config, connector, wallet, devnet } = page()
    await portico.connect(DEV_WALLET_ID)
    await expect.poll(() => getConnection(config).status).toBe('connected')
    const to = devnet.fixtures.accounts[5]!.address
    const before = await getBalance(config, { address: to, chainId: 31337 })
    const hash = await sendTransaction(config, { connector, to, value: parseEther('0.5') })
    expect((await waitForTransactionReceipt(config, { hash, chainId: 31337 })).status).toBe('success')
    expect((await getBalance(config, { address: to, chainId: 31337 })).value - before.value).toBe(
      parseEther('0.5'),
    )

    const usdc = devnet.fixtures.tokens.find((t) => t.symbol === 'USDC')!
    const read = () =>
      readContract(config, {
        address: usdc.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [to],
        chainId: 31337,
      })
    const usdcBefore = await read()
    const transfer = await writeContract(config, {
      connector,
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, 12_500_000n],
    })
    expect((await waitForTransactionReceipt(config, { hash: transfer, chainId: 31337 })).status).toBe(
      'success',
    )
    expect((await read()) - usdcBefore).toBe(12_500_000n)
    const kinds = Object.values(portico.getState().requests).map((r) => [r.kind, r.status, r.result])
    expect(kinds).toEqual([
      ['sendTransaction', 'success', hash],
      ['sendTransaction', 'success', transfer],
    ])
    expect(wallet.address).toBe(devnet.fixtures.accounts[0]!.address)
  })

  it('wagmi switchChain switches Portico; a Portico switch updates wagmi', async () => {
    const { portico, config, wallet } = page()
    await portico.connect(DEV_WALLET_ID)
    await expect.poll(() => getConnection(config).status).toBe('connected')
    const chain = await switchChain(config, { chainId: 31338 })
    expect(chain.id).toBe(31338)
    expect(portico.getState().networks.active.eip155).toBe('eip155:31338')
    expect(wallet.currentChainId).toBe(31338)
    expect(getConnection(config).chainId).toBe(31338)

    await portico.switchNetwork('eip155:31337')
    await expect.poll(() => getConnection(config).chainId).toBe(31337)
    // The wallet switching on its own reaches wagmi through Portico too.
    wallet.selectChain(31338)
    await expect.poll(() => getConnection(config).chainId).toBe(31338)
  })

  it('a wagmi switchChain to a chain Portico was not given fails with SwitchChainError and changes nothing', async () => {
    const { portico, config } = page({ porticoNetworks: world.networks.slice(0, 1) })
    await portico.connect(DEV_WALLET_ID)
    await expect.poll(() => getConnection(config).status).toBe('connected')
    await expect(switchChain(config, { chainId: 31338 })).rejects.toMatchObject({ name: 'SwitchChainError' })
    expect(portico.getState().networks.active.eip155).toBe('eip155:31337')
    expect(getConnection(config).chainId).toBe(31337)
  })

  it('wagmi disconnect disconnects Portico and the wallet; a Portico disconnect updates wagmi', async () => {
    const { portico, config, connector, wallet } = page()
    await portico.connect(DEV_WALLET_ID)
    await expect.poll(() => getConnection(config).status).toBe('connected')
    await disconnect(config, { connector })
    expect(portico.getState().accounts.eip155?.status).toBe('disconnected')
    expect(wallet.isConnected).toBe(false)
    expect(getConnection(config).status).toBe('disconnected')

    await portico.connect(DEV_WALLET_ID)
    await expect.poll(() => getConnection(config).status).toBe('connected')
    await portico.disconnect('eip155')
    await expect.poll(() => getConnection(config).status).toBe('disconnected')
    // And the wallet itself ending the session reaches wagmi as well.
    await portico.connect(DEV_WALLET_ID)
    await expect.poll(() => getConnection(config).status).toBe('connected')
    wallet.disconnect()
    await expect.poll(() => getConnection(config).status).toBe('disconnected')
  })

  it('the wallet selecting another account updates wagmi accounts', async () => {
    const { createDevWallet } = await import('@portico/adapter-evm/dev-wallet')
    const keys = world.devnet.fixtures.accounts.slice(0, 2).map((a) => a.privateKey)
    const wallet = createDevWallet({ networks: world.networks, privateKeys: keys })
    const { portico, config } = page({ wallet })
    await portico.connect(DEV_WALLET_ID)
    await expect.poll(() => getConnection(config).status).toBe('connected')
    wallet.selectAccount(1)
    await expect.poll(() => getConnection(config).address).toBe(world.devnet.fixtures.accounts[1]!.address)
  })

  it('a reload reconnects wagmi from its storage through Portico restoring the wallet', async () => {
    const stores = memoryStores()
    const first = page({ stores })
    await first.portico.connect(DEV_WALLET_ID)
    await expect.poll(() => getConnection(first.config).status).toBe('connected')
    expect(await first.config.storage?.getItem('recentConnectorId')).toBe('portico')
    first.portico.destroy()

    // The "reloaded page": same storages and wallet, new Portico and wagmi instances.
    const second = page({ stores, wallet: first.wallet })
    const connections = await reconnect(second.config)
    expect(connections).toHaveLength(1)
    expect(getConnection(second.config)).toMatchObject({
      status: 'connected',
      address: first.wallet.address,
      connector: { id: 'portico' },
    })
    expect(second.portico.getState().accounts.eip155?.status).toBe('connected')
  })

  it('reconnect with nothing stored in Portico leaves wagmi disconnected and opens no modal', async () => {
    const { portico, config } = page()
    expect(await reconnect(config)).toEqual([])
    expect(getConnection(config).status).toBe('disconnected')
    expect(portico.getState().modal.open).toBe(false)
  })

  it('bad options fail at configuration with PorticoWagmiOptionsError', () => {
    expect(() => porticoConnector(undefined as never)).toThrow(PorticoWagmiOptionsError)
    expect(() => porticoConnector({ portico: {} as never })).toThrow(
      'porticoConnector: `portico` must be an instance made by createPortico.',
    )
    const { portico } = page()
    expect(() => porticoConnector({ portico, id: ' ' })).toThrow('`id` must be a non-empty string')
    expect(() => porticoConnector({ portico, icon: 'javascript:alert(1)' })).toThrow(
      '`icon` must be an https:',
    )
    const bare = { ...portico, getAdapter: () => undefined } as unknown as Portico
    expect(() => porticoConnector({ portico: bare })).toThrow('has no eip155 adapter')
  })
})
