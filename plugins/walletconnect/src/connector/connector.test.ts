// Integration: loopback relay + this connector (dApp side, real universal-provider)
// + the dev WalletConnect wallet (real sign-client) + two anvil nodes.
// Node environment on purpose: jsdom's WebSocket breaks these clients.
import { createPublicKey, verify } from 'node:crypto'
import {
  type Network,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_TTL_MS,
  UserRejectedRequestError,
} from '@portico/core'
import {
  createDevWcWallet,
  createMemoryKeyValueStorage,
  type DevWcWallet,
  deterministicKeypair,
  type EvmDevnet,
  getDevAccounts,
  SOLANA_LOCAL_CAIP_NETWORK_ID,
  startEvmDevnet,
  startWalletConnectRelay,
  type WalletConnectRelay,
  watchOutboundConnections,
} from '@portico/devnet'
import { getBase58Encoder } from '@solana/kit'
import { createPublicClient, http, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { until } from '../test-helpers/until.js'
import { createWalletConnectConnector, type WalletConnectConnector } from './connector.js'

function evmNetwork(chainId: number, rpcUrl: string): Network {
  return {
    id: chainId,
    name: `Devnet ${chainId}`,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }
}

describe('WalletConnect connector against the loopback relay and the dev WC wallet', () => {
  const guard = watchOutboundConnections()
  let relay: WalletConnectRelay
  let devnet: EvmDevnet
  let wallet: DevWcWallet
  let networks: Network[]
  const connectors: WalletConnectConnector[] = []
  const timings: Record<string, number> = {}

  const makeConnector = (
    opts: { storage?: ReturnType<typeof createMemoryKeyValueStorage>; now?: () => number } = {},
  ) => {
    const c = createWalletConnectConnector({
      projectId: 'local',
      relayUrl: relay.url,
      networks,
      defaultNetwork: 'eip155:31337',
      metadata: { name: 'Portico test', url: 'http://127.0.0.1' },
      storage: opts.storage ?? createMemoryKeyValueStorage(),
      customStoragePrefix: `portico-test-${connectors.length}`,
      now: opts.now,
    })
    connectors.push(c)
    return c
  }

  beforeAll(async () => {
    ;[relay, devnet] = await Promise.all([startWalletConnectRelay(), startEvmDevnet()])
    networks = devnet.chains.map((c) => evmNetwork(c.chainId, c.rpcUrl))
    wallet = await createDevWcWallet({
      relayUrl: relay.url,
      rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    })
  }, 60_000)

  afterAll(async () => {
    // Shutdown order: clients (heartbeat, then transport) before the relay.
    for (const c of connectors) await c.destroy()
    await wallet?.stop()
    await relay?.stop()
    await devnet?.stop()
    guard.restore()
    console.info('[walletconnect timings ms]', timings)
  })

  it('is lazy: nothing loads or connects before the first connect', () => {
    const c = makeConnector()
    expect(c.getProvider()).toBeUndefined()
    expect(c.getState().status).toBe('idle')
    expect(c.connectors.map((x) => [x.id, x.type, x.chain])).toEqual([
      ['walletConnect', 'WALLET_CONNECT', 'eip155'],
    ])
  })

  it('pairs, settles, signs personal_sign, sends a transaction, follows wallet events, and the wallet deleting the session disconnects', async () => {
    const c = makeConnector()
    const started = performance.now()
    const connecting = c.connect({ connectorId: 'walletConnect' })
    const uri = await c.getUri()
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*symKey=/)
    expect(c.getState()).toMatchObject({ status: 'pairing', uri })
    timings.loadAndPairingUri = Math.round(performance.now() - started)
    const scanned = performance.now()
    await wallet.pair(uri)
    const { sessions } = await connecting
    timings.scanToSession = Math.round(performance.now() - scanned)
    timings.connectToSession = Math.round(performance.now() - started)
    expect(sessions.eip155).toEqual({
      caipNetworkId: 'eip155:31337',
      accounts: [{ namespace: 'eip155', address: wallet.address, type: 'eoa' }],
    })
    expect(c.getState()).toMatchObject({ status: 'connected', peer: { name: 'Portico Dev Wallet' } })

    // personal_sign through the session, answered with the devnet key.
    const t0 = performance.now()
    const signature = await c.signMessage({
      connectorId: 'walletConnect',
      namespace: 'eip155',
      address: wallet.address,
      message: 'Hello Portico',
    })
    timings.personalSign = Math.round(performance.now() - t0)
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'Hello Portico',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)

    // eth_sendTransaction: the wallet sends it on anvil.
    const [, bob] = getDevAccounts()
    const hash = await c.sendTransaction!({
      connectorId: 'walletConnect',
      namespace: 'eip155',
      request: { to: bob!.address, value: 10n ** 15n },
    })
    const rpc = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const receipt = await rpc.getTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())

    // Wallet-side events reach the connector.
    const chains: string[] = []
    const offChain = c.on('chainChanged', (e) => chains.push(e.caipNetworkId))
    await wallet.switchChain('eip155:31338')
    await until(() => chains.includes('eip155:31338'))
    offChain()
    const accounts: string[] = []
    const offAccounts = c.on('accountsChanged', (e) => accounts.push(e.accounts[0]!.address))
    await wallet.switchAccount(bob!.privateKey)
    await until(() => accounts.includes(bob!.address))
    offAccounts()

    // The wallet deletes the session → disconnect.
    const disconnected = new Promise<unknown>((resolve) => c.on('disconnect', resolve))
    await wallet.disconnect()
    await disconnected
    expect(c.getState().status).toBe('idle')
    await wallet.switchAccount(getDevAccounts()[0]!.privateKey)
  })

  it('a rejected proposal fails as UserRejectedRequestError; "Try again" reuses the cached URI over the same pairing', async () => {
    const c = makeConnector()
    wallet.setBehaviour({ proposals: 'reject' })
    const first = c.connect({ connectorId: 'walletConnect' })
    const uri = await c.getUri()
    await wallet.pair(uri)
    await expect(first).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(c.getState().status).toBe('error')

    wallet.setBehaviour({ proposals: 'approve' })
    const retry = c.connect({ connectorId: 'walletConnect' })
    expect(await c.getUri()).toBe(uri)
    const { sessions } = await retry
    expect(sessions.eip155?.accounts[0]?.address).toBe(wallet.address)
    await c.disconnect({ connectorId: 'walletConnect' })
    await until(() => wallet.sessions().length === 0)
  })

  it('SPEC §4: a pairing is kept while more than 10 s remain and refreshed before being shown again when ≤ 10 s remain (shortened clock)', async () => {
    let clock = 1_000_000
    const c = makeConnector({ now: () => clock })
    const connecting = c.connect({ connectorId: 'walletConnect' })
    const uri1 = await c.getUri()
    expect(c.getState().expiresAt).toBe(1_000_000 + PAIRING_TTL_MS)

    clock += PAIRING_TTL_MS - PAIRING_EXPIRY_MARGIN_MS - 1 // 10.001 s left: still valid
    expect(await c.getUri()).toBe(uri1)

    clock += 1 // exactly 10 s left: expired
    const uri2 = await c.getUri()
    expect(uri2).not.toBe(uri1)
    expect(c.getState()).toMatchObject({ uri: uri2, expiresAt: clock + PAIRING_TTL_MS })

    // The caller of connect() gets the session made over the refreshed pairing.
    await wallet.pair(uri2)
    const { sessions } = await connecting
    expect(sessions.eip155?.accounts[0]?.address).toBe(wallet.address)
    await c.disconnect({ connectorId: 'walletConnect' })
  })

  it('restores the session on reload (same storage) and disconnect deletes it on the wallet too', async () => {
    const storage = createMemoryKeyValueStorage()
    const before = makeConnector({ storage })
    const connecting = before.connect({ connectorId: 'walletConnect' })
    await wallet.pair(await before.getUri())
    await connecting
    await before.destroy()

    // "Reload": a new connector over the same storage and prefix.
    const after = createWalletConnectConnector({
      projectId: 'local',
      relayUrl: relay.url,
      networks,
      storage,
      customStoragePrefix: `portico-test-${connectors.indexOf(before)}`,
    })
    connectors.push(after)
    const restored = await after.reconnect!({ connectorId: 'walletConnect' })
    expect(restored?.sessions.eip155?.accounts[0]?.address).toBe(wallet.address)
    const signature = await after.signMessage({
      connectorId: 'walletConnect',
      namespace: 'eip155',
      address: wallet.address,
      message: 'after reload',
    })
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'after reload',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)

    const walletSessions = wallet.sessions().length
    await after.disconnect({ connectorId: 'walletConnect' })
    await until(() => wallet.sessions().length === walletSessions - 1)
    expect(await after.reconnect!({ connectorId: 'walletConnect' })).toBeUndefined()
  })

  it('one session spans eip155 and solana; solana_signMessage is answered with the Solana key', async () => {
    const key = deterministicKeypair('walletconnect-test')
    const multi = await createDevWcWallet({
      relayUrl: relay.url,
      rpcUrls: { 'eip155:31337': devnet.chains[0]!.rpcUrl },
      solana: { address: key.address, secretKey: key.secretKey },
    })
    try {
      const solanaNet: Network = {
        id: SOLANA_LOCAL_CAIP_NETWORK_ID.split(':')[1]!,
        name: 'Solana local',
        chainNamespace: 'solana',
        caipNetworkId: SOLANA_LOCAL_CAIP_NETWORK_ID,
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
        rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
      }
      const c = createWalletConnectConnector({
        projectId: 'local',
        relayUrl: relay.url,
        networks: [networks[0]!, solanaNet],
        storage: createMemoryKeyValueStorage(),
        customStoragePrefix: 'portico-test-multi',
      })
      connectors.push(c)
      expect(c.connectors.map((x) => x.chain)).toEqual(['eip155', 'solana'])
      const connecting = c.connect({ connectorId: 'walletConnect', namespace: 'solana' })
      await multi.pair(await c.getUri())
      const { sessions } = await connecting
      expect(sessions.eip155?.accounts[0]?.address).toBe(multi.address)
      expect(sessions.solana).toEqual({
        caipNetworkId: SOLANA_LOCAL_CAIP_NETWORK_ID,
        accounts: [{ namespace: 'solana', address: key.address, type: 'eoa' }],
      })
      const signature = await c.signMessage({
        connectorId: 'walletConnect',
        namespace: 'solana',
        address: key.address,
        message: 'Hello Solana',
      })
      const publicKey = createPublicKey({
        key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key.publicKey).toString('base64url') },
        format: 'jwk',
      })
      const raw = getBase58Encoder().encode(signature) as Uint8Array
      expect(verify(null, Buffer.from('Hello Solana'), publicKey, raw)).toBe(true)
      await c.disconnect({ connectorId: 'walletConnect' })
    } finally {
      await multi.stop()
    }
  })

  it('no socket left 127.0.0.1 (relay, RPC and nothing hosted)', () => {
    expect(guard.destinations.some((d) => d.endsWith(`:${relay.port}`))).toBe(true)
    expect(guard.nonLoopback()).toEqual([])
  })
})
