import {
  createDevWcWallet,
  createMemoryKeyValueStorage,
  type DevWcWallet,
  startWalletConnectRelay,
  type WalletConnectRelay,
  watchOutboundConnections,
} from '@portico/devnet'
import type { SignClient as SignClientClass } from '@walletconnect/sign-client'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

type SignClient = InstanceType<typeof SignClientClass>

describe('loopback WalletConnect relay with real sign-client 2.25 clients', () => {
  const guard = watchOutboundConnections()
  let relay: WalletConnectRelay
  let dapp: SignClient
  let wallet: DevWcWallet

  beforeAll(async () => {
    relay = await startWalletConnectRelay()
    const { SignClient } = await import('@walletconnect/sign-client')
    dapp = await SignClient.init({
      projectId: 'local',
      relayUrl: relay.url,
      telemetryEnabled: false,
      customStoragePrefix: 'relay-test-dapp',
      storage: createMemoryKeyValueStorage() as never,
      logger: 'silent',
      metadata: { name: 'test dapp', description: '', url: 'http://127.0.0.1', icons: [] },
    })
    wallet = await createDevWcWallet({ relayUrl: relay.url })
  })

  afterAll(async () => {
    dapp?.core.heartbeat.stop()
    await dapp?.core.relayer.transportClose()
    await wallet?.stop()
    await relay?.stop()
    guard.restore()
  })

  it('binds 127.0.0.1 on a free port', () => {
    expect(relay.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    expect(relay.port).toBeGreaterThan(0)
  })

  it('pairs, settles a session, answers personal_sign, and delivers the wallet’s session delete', async () => {
    const started = performance.now()
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:31337'],
          methods: ['personal_sign'],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
    })
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    const [walletSession, session] = await Promise.all([wallet.pair(uri!), approval()])
    const settleMs = performance.now() - started
    expect(walletSession?.topic).toBe(session.topic)
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${wallet.address}`])

    const message = '0x48656c6c6f' // "Hello"
    const signature = await dapp.request<Hex>({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: [message, wallet.address] },
    })
    expect(await verifyMessage({ address: wallet.address, message: { raw: message }, signature })).toBe(true)

    const deleted = new Promise<string>((resolve) => dapp.on('session_delete', (e) => resolve(e.topic)))
    await wallet.disconnect()
    expect(await deleted).toBe(session.topic)
    expect(relay.methods).toContain('wc_proposeSession')
    expect(relay.methods).toContain('wc_approveSession')
    console.info(`[wc relay] connect→session ${settleMs.toFixed(0)} ms`)
  })

  it('a rejected request reaches the dApp as error 4001', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } },
    })
    const [, session] = await Promise.all([wallet.pair(uri!), approval()])
    wallet.rejectNext()
    await expect(
      dapp.request({
        topic: session.topic,
        chainId: 'eip155:31337',
        request: { method: 'personal_sign', params: ['0x00', wallet.address] },
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(wallet.requests.at(-1)?.outcome).toBe('rejected')
  })

  it('no socket left 127.0.0.1', () => {
    expect(guard.destinations.length).toBeGreaterThan(0)
    expect(guard.nonLoopback()).toEqual([])
  })
})
