import type { Portico } from '@portico/core'
// wagmi 2's core, installed beside wagmi 3 under an npm alias: the same connector must work with both majors.
import {
  connect,
  createConfig,
  createStorage,
  disconnect,
  getAccount,
  reconnect,
  sendTransaction,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
} from '@wagmi/core-v2'
import { parseEther, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { porticoConnector } from '../index.js'
import {
  DEV_WALLET_ID,
  memoryStores,
  type PageOptions,
  startPortico,
  startWorld,
  transportsOf,
  type World,
} from '../test-helpers/world.js'

describe('porticoConnector with wagmi 2 (@wagmi/core 2.x) on a real createPortico + anvil', () => {
  let world: World
  const opened: Portico[] = []
  const page = (opts: PageOptions & { backing?: ReturnType<typeof memoryStores>['backing'] } = {}) => {
    const { portico, wallet } = startPortico(world, opts)
    opened.push(portico)
    const config = createConfig({
      chains: world.chains,
      // No cast: porticoConnector's type asks only for what wagmi 2's createConfig hands a connector.
      connectors: [porticoConnector({ portico })],
      transports: transportsOf(world),
      storage: opts.backing ? createStorage({ storage: opts.backing }) : null,
    })
    return { portico, wallet, config, connector: config.connectors[0]! }
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

  it('wagmi 2 connect opens the modal and resolves with the account connected there', async () => {
    const { portico, config, connector, wallet } = page()
    const pending = connect(config, { connector })
    await expect.poll(() => portico.getState().modal.open).toBe(true)
    await portico.connect(DEV_WALLET_ID)
    expect(await pending).toEqual({ accounts: [wallet.address], chainId: 31337 })
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: wallet.address, chainId: 31337 })
  })

  it('wagmi 2: a modal connect, chain switches and disconnects flow both ways; sign and send go through Portico', async () => {
    const { portico, config, connector, wallet } = page()
    await portico.connect(DEV_WALLET_ID)
    await expect.poll(() => getAccount(config).status).toBe('connected')

    const signature = await signMessage(config, { connector, message: 'wagmi 2' })
    expect(await verifyMessage({ address: wallet.address, message: 'wagmi 2', signature })).toBe(true)
    const hash = await sendTransaction(config, {
      connector,
      to: world.devnet.fixtures.accounts[6]!.address,
      value: parseEther('0.1'),
    })
    expect((await waitForTransactionReceipt(config, { hash, chainId: 31337 })).status).toBe('success')

    await switchChain(config, { chainId: 31338 })
    expect(portico.getState().networks.active.eip155).toBe('eip155:31338')
    await portico.switchNetwork('eip155:31337')
    await expect.poll(() => getAccount(config).chainId).toBe(31337)

    await disconnect(config, { connector })
    expect(portico.getState().accounts.eip155?.status).toBe('disconnected')
    await portico.connect(DEV_WALLET_ID)
    await expect.poll(() => getAccount(config).status).toBe('connected')
    await portico.disconnect('eip155')
    await expect.poll(() => getAccount(config).status).toBe('disconnected')
  })

  it('wagmi 2: a reload reconnects from wagmi storage through Portico restoring the wallet', async () => {
    const stores = memoryStores()
    const first = page({ stores, backing: stores.backing })
    await first.portico.connect(DEV_WALLET_ID)
    await expect.poll(() => getAccount(first.config).status).toBe('connected')
    first.portico.destroy()
    const second = page({ stores, backing: stores.backing, wallet: first.wallet })
    expect(await reconnect(second.config)).toHaveLength(1)
    expect(getAccount(second.config)).toMatchObject({ status: 'connected', address: first.wallet.address })
  })
})
