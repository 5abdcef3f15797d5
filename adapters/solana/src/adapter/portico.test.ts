import {
  createMemoryStorage,
  createPortico,
  type Portico,
  UserRejectedRequestError,
  walletStandardConnectorId,
} from '@portico/core'
import { type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaDevWallet, type SolanaDevWallet } from '../dev-wallet/index.js'
import { solanaLocalnet } from '../networks/index.js'
import { installWindow } from '../test-helpers/context.js'
import { solanaAdapter } from './index.js'

// Its connector id: core's Wallet Standard rule (name + icon digest).
let DEV_CONNECTOR: string

let uninstallWindow: () => void
let devnet: SolanaDevnet
let dev: SolanaDevWallet
let unregister: () => void
let portico: Portico
const storage = createMemoryStorage()
let local: ReturnType<typeof solanaLocalnet>

function makePortico() {
  return createPortico({
    adapters: [solanaAdapter({ networks: [local], discover: true })],
    storage,
    logger: { debug() {}, info() {}, warn() {}, error() {} },
  })
}

beforeAll(async () => {
  uninstallWindow = installWindow()
  devnet = await startSolanaDevnet()
  dev = await createSolanaDevWallet({
    secretKeys: [devnet.fixtures.devKeypairs[0]!.secretKey],
    rpcUrls: { 'solana:localnet': devnet.rpcUrl },
  })
  DEV_CONNECTOR = walletStandardConnectorId(dev.wallet)
  local = solanaLocalnet({ rpcUrl: devnet.rpcUrl, genesisHash: devnet.genesisHash })
  portico = makePortico()
  await portico.ready
  unregister = dev.register()
})

afterAll(async () => {
  portico?.destroy()
  unregister?.()
  await devnet?.stop()
  uninstallWindow?.()
})

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('the Solana adapter inside a Portico instance (core runtime, no EVM)', () => {
  it('a wallet registered after start shows up in state.connectors', async () => {
    await until(() => portico.getState().connectors.some((c) => c.id === DEV_CONNECTOR))
    expect(portico.getState().connectors.find((c) => c.id === DEV_CONNECTOR)?.chain).toBe('solana')
  })

  it('a rejected connect leaves the namespace disconnected with a typed error', async () => {
    dev.setBehaviour('reject-next')
    await expect(portico.connect(DEV_CONNECTOR, { namespace: 'solana' })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
    expect(portico.getState().accounts.solana?.status ?? 'disconnected').toBe('disconnected')
  })

  it('connect fills the solana account state: address, CAIP-10 address, SOL balance', async () => {
    await portico.connect(DEV_CONNECTOR, { namespace: 'solana' })
    const address = devnet.fixtures.devKeypairs[0]!.address
    const state = portico.getState()
    expect(state.activeNamespace).toBe('solana')
    expect(state.networks.active.solana).toBe(devnet.caipNetworkId)
    expect(state.accounts.solana).toMatchObject({
      status: 'connected',
      address,
      caipAddress: `${devnet.caipNetworkId}:${address}`,
      connectorId: DEV_CONNECTOR,
    })
    await until(() => portico.getState().accounts.solana?.balance !== undefined)
    expect(portico.getState().accounts.solana).toMatchObject({ balance: '1000.000', balanceSymbol: 'SOL' })
  })

  it('a new instance (page reload) restores the recent Solana connection silently and can sign', async () => {
    portico.destroy()
    dev.setBehaviour('reject-next') // a prompt now would fail: restoring must not prompt
    portico = makePortico()
    await portico.ready
    const state = portico.getState().accounts.solana
    expect(state).toMatchObject({ status: 'connected', address: devnet.fixtures.devKeypairs[0]!.address })
    dev.setBehaviour('approve')
    await expect(portico.signMessage!({ message: 'again', namespace: 'solana' })).resolves.toMatch(
      /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
    )
  })

  it('disconnect returns the namespace to disconnected and the wallet forgets the app', async () => {
    await portico.disconnect('solana')
    expect(portico.getState().accounts.solana?.status).toBe('disconnected')
    expect(dev.wallet.accounts).toEqual([])
  })
})
