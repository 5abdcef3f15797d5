// Integration: loopback relay + this connector (dApp side, real universal-provider)
// + the dev WalletConnect wallet (real sign-client) + two anvil nodes.
// Node environment on purpose: jsdom's WebSocket breaks these clients.
import { createPublicKey, verify } from 'node:crypto'
import {
  type ChannelNamespaceRequest,
  MethodNotSupportedError,
  type Network,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_TTL_MS,
  ProviderDisconnectedError,
  UnsupportedChainError,
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
  sessionError,
  startEvmDevnet,
  startWalletConnectRelay,
  type WalletConnectRelay,
  watchOutboundConnections,
} from '@portico/devnet'
import { until } from '@portico/devnet/test-helpers'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { createPublicClient, http, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWalletConnectConnector, isLoopbackRelay, type WalletConnectConnector } from './connector.js'
import { ProjectIdNotConfiguredError, toWalletConnectError } from './errors.js'
import { peerFromMetadata } from './peer.js'

/** What core asks for when the EVM adapter is installed (its `channel` capabilities). */
const EIP155: ChannelNamespaceRequest = {
  namespace: 'eip155',
  chains: ['eip155:31337'],
  methods: [
    'personal_sign',
    'eth_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'wallet_switchEthereumChain',
  ],
  events: ['accountsChanged', 'chainChanged'],
}

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
      relayUrl: relay.url,
      networks,
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

  it('pairs and hands core one channel per approved namespace; the channel carries personal_sign and eth_sendTransaction, keeps wallet error codes, and relays wallet events', async () => {
    const c = makeConnector()
    const started = performance.now()
    const connecting = c.connect({ connectorId: 'walletConnect', namespaces: [EIP155] })
    const uri = await c.getUri()
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*symKey=/)
    expect(c.getState()).toMatchObject({ status: 'pairing', uri })
    timings.loadAndPairingUri = Math.round(performance.now() - started)
    const scanned = performance.now()
    await wallet.pair(uri)
    const session = await connecting
    timings.scanToSession = Math.round(performance.now() - scanned)
    const channel = session.channels.eip155!
    expect(Object.keys(session.channels)).toEqual(['eip155'])
    expect(channel.accounts()).toEqual([`eip155:31337:${wallet.address}`])
    expect(channel.chains()).toEqual(['eip155:31337'])
    // The proposal listed only the adapter's methods: the session has nothing the wallet was not asked for beyond its own.
    const proposed = c.getProvider()!.session!.optionalNamespaces?.eip155?.methods ?? []
    expect(proposed).toEqual(EIP155.methods.filter((m) => m !== 'eth_sign'))
    // The connected wallet's own metadata, validated.
    expect(session.wallet).toEqual({ name: 'Portico Dev Wallet', type: 'WALLET_CONNECT' })
    expect(c.getState()).toMatchObject({ status: 'connected', peer: { name: 'Portico Dev Wallet' } })

    const t0 = performance.now()
    const signature = await channel.request<`0x${string}`>({
      method: 'personal_sign',
      params: ['0x48656c6c6f', wallet.address],
      chainId: 'eip155:31337',
    })
    timings.personalSign = Math.round(performance.now() - t0)
    expect(await verifyMessage({ address: wallet.address, message: 'Hello', signature })).toBe(true)

    const [, bob] = getDevAccounts()
    const hash = await channel.request<`0x${string}`>({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to: bob!.address, value: '0x38d7ea4c68000' }],
      chainId: 'eip155:31337',
    })
    const rpc = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    expect((await rpc.getTransactionReceipt({ hash })).status).toBe('success')

    // Wallet errors keep their code for the adapter to map (4001 rejection, 5002 refused method).
    wallet.rejectNext()
    await expect(
      channel.request({ method: 'personal_sign', params: ['0x01', wallet.address], chainId: 'eip155:31337' }),
    ).rejects.toMatchObject({ code: 4001 })
    wallet.rejectNext(sessionError(5002))
    await expect(
      channel.request({ method: 'personal_sign', params: ['0x01', wallet.address], chainId: 'eip155:31337' }),
    ).rejects.toMatchObject({ code: 5002 })
    // A chain outside the session is refused before anything is sent.
    await expect(
      channel.request({ method: 'personal_sign', params: ['0x01', wallet.address], chainId: 'eip155:1' }),
    ).rejects.toBeInstanceOf(UnsupportedChainError)

    // Wallet-side events reach the namespace's channel, untouched (the adapter validates them).
    const chains: unknown[] = []
    const offChain = channel.on('chainChanged', (e) => chains.push(e))
    await wallet.switchChain('eip155:31338')
    await until(() => chains.includes(31338))
    offChain()
    expect(channel.chains()).toContain('eip155:31338')
    const accounts: unknown[] = []
    const offAccounts = channel.on('accountsChanged', (e) => accounts.push(e))
    await wallet.switchAccount(bob!.privateKey)
    await until(() => accounts.some((a) => JSON.stringify(a).includes(bob!.address)))
    offAccounts()

    // The wallet deletes the session → disconnect on the provider and on the channel.
    const disconnected = new Promise<unknown>((resolve) => c.on('disconnect', resolve))
    const channelClosed = new Promise<unknown>((resolve) => channel.on('disconnect', resolve))
    await wallet.disconnect()
    await Promise.all([disconnected, channelClosed])
    expect(c.getState().status).toBe('idle')
    await expect(
      channel.request({ method: 'personal_sign', params: ['0x01', wallet.address], chainId: 'eip155:31337' }),
    ).rejects.toBeInstanceOf(ProviderDisconnectedError)
    await wallet.switchAccount(getDevAccounts()[0]!.privateKey)
  })

  it('a rejected proposal fails as UserRejectedRequestError; "Try again" reuses the cached URI over the same pairing', async () => {
    const c = makeConnector()
    wallet.rejectNext()
    const first = c.connect({ connectorId: 'walletConnect', namespaces: [EIP155] })
    const uri = await c.getUri()
    await wallet.pair(uri)
    await expect(first).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(c.getState().status).toBe('error')

    const retry = c.connect({ connectorId: 'walletConnect', namespaces: [EIP155] })
    expect(await c.getUri()).toBe(uri)
    const { channels } = await retry
    expect(channels.eip155?.accounts()).toEqual([`eip155:31337:${wallet.address}`])
    await c.disconnect({ connectorId: 'walletConnect' })
    await until(() => wallet.sessions().length === 0)
  })

  it('session errors 5001–5003 on a proposal are not a user rejection (unsupported chain / method)', async () => {
    const c = makeConnector()
    wallet.rejectNext(sessionError(5001))
    const chainsRefused = c.connect({ connectorId: 'walletConnect', namespaces: [EIP155] })
    await wallet.pair(await c.getUri())
    await expect(chainsRefused).rejects.toBeInstanceOf(UnsupportedChainError)
    wallet.rejectNext(sessionError(5002))
    const methodsRefused = c.connect({ connectorId: 'walletConnect', namespaces: [EIP155] })
    await c.getUri()
    await expect(methodsRefused).rejects.toBeInstanceOf(MethodNotSupportedError)
    expect(toWalletConnectError({ code: 5003 })).toBeInstanceOf(MethodNotSupportedError)
    expect(toWalletConnectError({ code: 5000 })).toBeInstanceOf(UserRejectedRequestError)
  })

  it('accounts the wallet sends malformed never reach the adapter as CAIP-10 of another chain', async () => {
    const c = makeConnector()
    wallet.tamperNext('accounts')
    const connecting = c.connect({ connectorId: 'walletConnect', namespaces: [EIP155] })
    await wallet.pair(await c.getUri())
    const { channels } = await connecting
    // The shape is CAIP-10 (the address itself is the adapter's to reject), on a chain of the session only.
    for (const a of channels.eip155!.accounts()) expect(a).toMatch(/^eip155:31337:/)
    expect(channels.eip155!.accounts()).not.toContain(`eip155:31337:${wallet.address}`)
    await c.disconnect({ connectorId: 'walletConnect' })
    await until(() => wallet.sessions().length === 0)
  })

  it('SPEC §4: a pairing is kept while more than 10 s remain and refreshed before being shown again when ≤ 10 s remain (shortened clock)', async () => {
    let clock = 1_000_000
    const c = makeConnector({ now: () => clock })
    const connecting = c.connect({ connectorId: 'walletConnect', namespaces: [EIP155] })
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
    const { channels } = await connecting
    expect(channels.eip155?.accounts()).toEqual([`eip155:31337:${wallet.address}`])
    await c.disconnect({ connectorId: 'walletConnect' })
  })

  it('restores the session on reload (same storage) and disconnect deletes it on the wallet too', async () => {
    const storage = createMemoryKeyValueStorage()
    const before = makeConnector({ storage })
    const connecting = before.connect({ connectorId: 'walletConnect', namespaces: [EIP155] })
    await wallet.pair(await before.getUri())
    await connecting
    await before.destroy()

    // "Reload": a new connector over the same storage and prefix.
    const after = createWalletConnectConnector({
      relayUrl: relay.url,
      networks,
      storage,
      customStoragePrefix: `portico-test-${connectors.indexOf(before)}`,
    })
    connectors.push(after)
    const restored = await after.reconnect!({ connectorId: 'walletConnect', namespaces: [EIP155] })
    const channel = restored!.channels.eip155!
    expect(channel.accounts()).toEqual([`eip155:31337:${wallet.address}`])
    const signature = await channel.request<`0x${string}`>({
      method: 'personal_sign',
      params: ['0x6166746572', wallet.address],
      chainId: 'eip155:31337',
    })
    expect(await verifyMessage({ address: wallet.address, message: 'after', signature })).toBe(true)

    const walletSessions = wallet.sessions().length
    await after.disconnect({ connectorId: 'walletConnect' })
    await until(() => wallet.sessions().length === walletSessions - 1)
    expect(await after.reconnect!({ connectorId: 'walletConnect', namespaces: [EIP155] })).toBeUndefined()
  })

  it('one session spans eip155 and solana (only the namespaces asked for); solana_signMessage is answered with the Solana key', async () => {
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
        relayUrl: relay.url,
        networks: [networks[0]!, solanaNet],
        storage: createMemoryKeyValueStorage(),
        customStoragePrefix: 'portico-test-multi',
      })
      connectors.push(c)
      expect(c.connectors.map((x) => x.chain)).toEqual(['eip155', 'solana'])
      const SOLANA = {
        namespace: 'solana' as const,
        chains: [SOLANA_LOCAL_CAIP_NETWORK_ID],
        methods: ['solana_signMessage', 'solana_signAndSendTransaction'],
        events: [],
      }
      const connecting = c.connect({
        connectorId: 'walletConnect',
        namespace: 'solana',
        namespaces: [EIP155, SOLANA],
      })
      await multi.pair(await c.getUri())
      const { channels } = await connecting
      expect(Object.keys(c.getProvider()!.session!.optionalNamespaces ?? {}).sort()).toEqual([
        'eip155',
        'solana',
      ])
      expect(c.getProvider()!.session!.optionalNamespaces?.solana?.methods).toEqual(SOLANA.methods)
      expect(channels.eip155?.accounts()).toEqual([`eip155:31337:${multi.address}`])
      expect(channels.solana?.accounts()).toEqual([`${SOLANA_LOCAL_CAIP_NETWORK_ID}:${key.address}`])
      const { signature } = await channels.solana!.request<{ signature: string }>({
        method: 'solana_signMessage',
        params: {
          message: getBase58Decoder().decode(new TextEncoder().encode('Hello Solana')),
          pubkey: key.address,
        },
        chainId: SOLANA_LOCAL_CAIP_NETWORK_ID,
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

  it('SPEC §8: without a projectId a relay that is not on loopback fails with "Project ID Not Configured" (and loads nothing)', async () => {
    const c = createWalletConnectConnector({ relayUrl: 'wss://relay.example.com', networks })
    await expect(c.connect({ connectorId: 'walletConnect', namespaces: [EIP155] })).rejects.toBeInstanceOf(
      ProjectIdNotConfiguredError,
    )
    expect(c.getState().error?.shortMessage).toBe('Project ID Not Configured')
    expect(c.getProvider()).toBeUndefined()
    expect(isLoopbackRelay(relay.url)).toBe(true)
    expect(isLoopbackRelay('wss://relay.walletconnect.org')).toBe(false)
  })

  it('peer metadata is validated like an injected wallet: text name, data: icons only, http(s) URL only', () => {
    expect(
      peerFromMetadata({
        name: '  Evil\u202e Wallet\u0007 ',
        icons: ['https://tracker.example/i.png', 'data:image/png;base64,iVBORw0KGgo='],
        url: 'javascript:alert(1)',
      }),
    ).toEqual({ name: 'Evil Wallet', icon: 'data:image/png;base64,iVBORw0KGgo=' })
    expect(peerFromMetadata({ name: '\u200b', icons: [] })).toBeUndefined()
    expect(peerFromMetadata('Rainbow')).toBeUndefined()
  })

  it('no socket left 127.0.0.1 (relay, RPC and nothing hosted)', () => {
    expect(guard.destinations.some((d) => d.endsWith(`:${relay.port}`))).toBe(true)
    expect(guard.nonLoopback()).toEqual([])
  })
})
