import type { EvmDevnet } from '@portico/devnet'
import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter.js'
import { anvil31337, type EvmNetwork, withRpcUrls } from '../networks/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { startDevnetNetworks } from '../test-helpers/devnet.js'
import { closedPortUrl, startCountingProxy, startHangingServer } from '../test-helpers/servers.js'
import { resolveTransportOptions } from './options.js'
import { createEvmPublicClient } from './transport.js'

describe('RPC transport settings (SPEC §9)', () => {
  it('defaults: time-out 10 s, batch 1000, polling 4 s, rank 10 samples, 0.7 stability / 0.3 latency, 1 s ping', () => {
    expect(resolveTransportOptions()).toEqual({
      timeout: 10_000,
      batchSize: 1_000,
      pollingInterval: 4_000,
      rank: true,
      retryCount: 0,
      rankOptions: { sampleCount: 10, timeout: 1_000, weights: { stability: 0.7, latency: 0.3 } },
    })
  })

  it('the client polls every 4 s and its fallback transport carries every URL', () => {
    const network = withRpcUrls(anvil31337, ['http://127.0.0.1:1', 'http://127.0.0.1:2'])
    const client = createEvmPublicClient(network, { rank: false })
    expect(client.pollingInterval).toBe(4_000)
    expect(client.transport.type).toBe('fallback')
    const inner = (client.transport as unknown as { transports: { value?: { url?: string } }[] }).transports
    expect(inner.map((t) => t.value?.url)).toEqual(['http://127.0.0.1:1', 'http://127.0.0.1:2'])
  })
})

describe('RPC fallback between URLs (real sockets, real anvil)', () => {
  let devnet: EvmDevnet
  let live: EvmNetwork
  let hanging: Awaited<ReturnType<typeof startHangingServer>>
  const owner = () => devnet.fixtures.accounts[0]!.address

  beforeAll(async () => {
    const started = await startDevnetNetworks()
    devnet = started.devnet
    live = started.networks[0]
    hanging = await startHangingServer()
  })
  afterAll(async () => {
    await hanging?.close()
    await devnet?.stop()
  })

  function adapterWith(urls: string[], timeout?: number) {
    const adapter = evmAdapter({
      networks: [withRpcUrls(live, urls)],
      tokens: { 'eip155:31337': devnet.fixtures.tokens },
      transport: { rank: false, ...(timeout ? { timeout } : {}) },
    })
    adapter.setup(createTestContext({ isBrowser: false }).ctx)
    return adapter
  }

  it('a first URL that refuses connections does not break reads: the next URL answers', async () => {
    const adapter = adapterWith([await closedPortUrl(), live.rpcUrls.default.http[0]!])
    const balance = await adapter.getBalance({ address: owner(), caipNetworkId: 'eip155:31337' })
    expect(balance.value).toBe(parseEther('10000'))
    const all = await adapter.getBalances({ address: owner(), caipNetworkId: 'eip155:31337' })
    expect(all.tokens.map((t) => t.formatted)).toEqual(['1000000.000', '1000000.000'])
  })

  it('a first URL that hangs past the time-out falls back to the next one', async () => {
    const adapter = adapterWith([hanging.url, live.rpcUrls.default.http[0]!], 300)
    const started = performance.now()
    const balance = await adapter.getBalance({ address: owner(), caipNetworkId: 'eip155:31337' })
    const elapsed = performance.now() - started
    expect(balance.value).toBe(parseEther('10000'))
    expect(hanging.hits).toBeGreaterThanOrEqual(1)
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(elapsed).toBeLessThan(5_000)
  })

  it('with every URL down the read fails (no silent zero balance)', async () => {
    const adapter = adapterWith([await closedPortUrl(), await closedPortUrl()])
    await expect(adapter.getBalance({ address: owner(), caipNetworkId: 'eip155:31337' })).rejects.toThrow()
  })

  it('ranking pings every URL in the background and stops when the adapter is destroyed', async () => {
    const proxy = await startCountingProxy(live.rpcUrls.default.http[0]!)
    try {
      const adapter = evmAdapter({
        networks: [withRpcUrls(live, [await closedPortUrl(), proxy.url])],
        transport: { pollingInterval: 50 },
      })
      adapter.setup(createTestContext({ isBrowser: false }).ctx)
      expect((await adapter.getBalance({ address: owner(), caipNetworkId: 'eip155:31337' })).value).toBe(
        parseEther('10000'),
      )
      await expect
        .poll(() => proxy.requests.filter((r) => r.methods.includes('eth_chainId')).length)
        .toBeGreaterThan(2)
      adapter.destroy?.()
      await new Promise((r) => setTimeout(r, 120)) // a ping already in flight may land
      const after = proxy.requests.length
      await new Promise((r) => setTimeout(r, 300))
      expect(proxy.requests.length).toBe(after)
    } finally {
      await proxy.close()
    }
  })

  it('ranking on (the default) still serves reads while a URL is dead', async () => {
    const network = withRpcUrls(live, [await closedPortUrl(), live.rpcUrls.default.http[0]!])
    const lifetime = new AbortController()
    const client = createEvmPublicClient(network, { pollingInterval: 100, signal: lifetime.signal })
    expect(await client.getChainId()).toBe(31337)
    await new Promise((r) => setTimeout(r, 300))
    expect(await client.getBalance({ address: owner() })).toBe(parseEther('10000'))
    lifetime.abort()
  })
})
