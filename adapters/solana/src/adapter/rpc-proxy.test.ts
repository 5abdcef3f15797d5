// Issue 18 "RPC through the gateway": a Solana cluster with no RPC URL of its own is read
// through a real gateway's proxy (SQLite, real HTTP) in front of the local SVM.
import { createPortico, type Portico, walletStandardConnectorId } from '@portico/core'
import { type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import { type RecordingFront, startRecordingFront } from '@portico/devnet/test-helpers'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSolanaDevWallet, type SolanaDevWallet } from '../dev-wallet/index.js'
import { solanaLocalnet } from '../networks/index.js'
import { installWindow } from '../test-helpers/context.js'
import { solanaAdapter } from './index.js'

const quiet = { debug() {}, info() {}, warn() {}, error() {} }
let uninstallWindow: () => void
let devnet: SolanaDevnet
let dev: SolanaDevWallet
let unregister: () => void
let gateway: Gateway
let front: RecordingFront
let connectorId: string
let portico: Portico | undefined

beforeAll(async () => {
  uninstallWindow = installWindow()
  devnet = await startSolanaDevnet()
  dev = await createSolanaDevWallet({
    secretKeys: [devnet.fixtures.devKeypairs[0]!.secretKey],
    rpcUrls: { 'solana:localnet': devnet.rpcUrl },
  })
  connectorId = walletStandardConnectorId(dev.wallet)
  unregister = dev.register()
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
      rpc: { upstreams: [{ chainId: devnet.caipNetworkId, url: devnet.rpcUrl }] },
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
  unregister?.()
  await devnet?.stop()
  uninstallWindow?.()
})

async function connected(network: ReturnType<typeof solanaLocalnet>, projectId = 'local') {
  portico = createPortico({
    adapters: [solanaAdapter({ networks: [network], discover: true })],
    apiUrl: front.url,
    projectId,
    storage: 'memory',
    logger: quiet,
  })
  await portico.ready
  await vi.waitFor(() => expect(portico!.getState().connectors.some((c) => c.id === connectorId)).toBe(true))
  await portico.connect(connectorId, { namespace: 'solana' })
  const p = portico
  await vi.waitFor(() => expect(p.getState().accounts.solana?.balance).toBe('1000.000'), { timeout: 15_000 })
  return p
}

describe('Solana adapter reads through the gateway RPC proxy when a cluster has no RPC URL (issue 18, SPEC §7 RPC)', () => {
  it('no RPC URL + apiUrl: the connected SOL balance is read through POST /v1?chainId=<the cluster>', async () => {
    await connected(solanaLocalnet({ genesisHash: devnet.genesisHash }))
    const methods = front.calls.filter((c) => c.chainId === devnet.caipNetworkId).flatMap((c) => c.methods)
    expect(methods).toContain('getBalance')
  })

  it('a cluster WITH its own RPC URL does not use the proxy, even with apiUrl set', async () => {
    await connected(solanaLocalnet({ rpcUrl: devnet.rpcUrl, genesisHash: devnet.genesisHash }), 'own')
    expect(front.calls.filter((c) => c.projectId === 'own')).toEqual([])
  })

  it('no RPC URL and no apiUrl: a read refuses with a typed error naming the cluster', async () => {
    portico = createPortico({
      adapters: [solanaAdapter({ networks: [solanaLocalnet({ genesisHash: devnet.genesisHash })] })],
      storage: 'memory',
      logger: quiet,
    })
    const address = devnet.fixtures.devKeypairs[0]!.address
    await expect(
      portico.getAdapter('solana')!.getBalance({ address, caipNetworkId: devnet.caipNetworkId }),
    ).rejects.toMatchObject({
      code: 'NETWORK_NOT_FOUND',
      details: `${devnet.caipNetworkId} has no RPC URL and no apiUrl is set`,
    })
  })
})
