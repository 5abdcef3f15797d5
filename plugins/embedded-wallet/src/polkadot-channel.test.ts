import type { CaipAddress, CaipNetworkId, Network, RequestChannel } from '@portico/core'
import { ChainWireError, polkadotKeys } from '@portico/signer/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelInjected } from '../../../adapters/polkadot/src/adapter/channel.js'
// Both real sides, joined without postMessage: the Polkadot adapter (its request-channel driver and its own
// signature check) and the frame's Polkadot module, on the chopsticks devnet the adapter's tests use.
import { polkadotAdapter } from '../../../adapters/polkadot/src/adapter/index.js'
import { signRawMessage } from '../../../adapters/polkadot/src/chain/sign.js'
import { createPolkadotDevExtension } from '../../../adapters/polkadot/src/dev-wallet/index.js'
import {
  type PolkadotNetwork,
  polkadotLocal,
  polkadotMainnet,
} from '../../../adapters/polkadot/src/networks/index.js'
import { createTestContext } from '../../../adapters/polkadot/src/test-helpers/context.js'
import { spawnPolkadotDevnet } from '../../../devnet/src/polkadot/service.js'
import { getFreePort } from '../../../devnet/src/ports.js'
import { stopPid } from '../../../devnet/src/process-service.js'
import { EmbeddedFrameError, type FrameClient } from './controller/frame-client.js'
import { openPolkadotChannel } from './controller/polkadot.js'
import { parsePolkadotAccount, parsePolkadotSignature, polkadotSigningParams } from './polkadot-protocol.js'

const secret = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const ROC = 10n ** 12n

/**
 * A FrameClient whose `request()` runs the frame's real Polkadot module as the
 * frame does (parse, then the public answer, or the card's checks and the
 * signature on Approve); a wire error is the frame's -32602 refusal. `sent`
 * records what reached the frame.
 */
function frameOf(answer?: (payload: Record<string, unknown>) => unknown) {
  const sent: Record<string, unknown>[] = []
  const frame: FrameClient = {
    async request(payload) {
      const p = payload as unknown as Record<string, unknown>
      sent.push(p)
      if (answer) return answer(p)
      const r = polkadotKeys.parse(p)
      if (!r) throw new Error('the frame ignores this request')
      const own = await polkadotKeys.publicKey(secret)
      try {
        if (polkadotKeys.publicMethods.includes(r.method)) return polkadotKeys.answerPublic(r, own)
        await polkadotKeys.describe(r, own)
        return await polkadotKeys.sign(secret, r)
      } catch (error) {
        if (error instanceof ChainWireError)
          throw new EmbeddedFrameError({ code: -32602, message: `Invalid request: ${error.message}` })
        throw error
      }
    },
    destroy() {},
  }
  return { frame, sent }
}

async function open(networks: readonly Network[], chains: readonly CaipNetworkId[], frame: FrameClient) {
  return openPolkadotChannel({
    chains,
    frame: () => frame,
    networks: () => networks,
    rpc: {},
    on: () => () => {},
  })
}

describe('the embedded wallet’s polkadot channel under the real Polkadot adapter, on chopsticks', () => {
  let devnet: Awaited<ReturnType<typeof spawnPolkadotDevnet>>
  let local: PolkadotNetwork

  beforeAll(async () => {
    devnet = await spawnPolkadotDevnet({ port: await getFreePort(), detached: false })
    local = polkadotLocal({ wsUrl: devnet.wsUrl })
  }, 180_000)
  afterAll(async () => {
    if (devnet) await Promise.all(devnet.pids.map((pid) => stopPid(pid)))
  })

  /** Alice's dev extension behind a request channel: funds the embedded wallet's account. */
  async function aliceChannel(): Promise<RequestChannel> {
    const wallet = await (await createPolkadotDevExtension({ uris: ['//Alice'] })).enable('funding')
    const alice = devnet.fixtures.devAccounts.find((a) => a.name === 'Alice')!
    return {
      namespace: 'polkadot',
      async request<T>({ params }: { method: string; params?: unknown }) {
        const p = params as { transactionPayload: never }
        return (await wallet.signer.signPayload!(p.transactionPayload)) as T
      },
      accounts: () => [`${local.caipNetworkId}:${alice.address}` as CaipAddress],
      chains: () => [local.caipNetworkId],
      on: () => () => {},
    }
  }

  it('connects with the frame’s account in the network’s prefix, its signMessage passes the adapter’s own check, and its transfer is included', async () => {
    const { frame, sent } = frameOf()
    const channel = await open([local, polkadotMainnet], [local.caipNetworkId], frame)
    if (!channel) throw new Error('no channel')
    expect(sent[0]).toEqual({
      type: 'polkadot',
      method: 'polkadot_getAccounts',
      params: { ss58Prefix: 2 },
      chainId: local.caipNetworkId,
    })
    const adapter = polkadotAdapter({ appName: 'Portico tests', networks: [local] })
    const funder = polkadotAdapter({ appName: 'Portico tests', networks: [local] })
    await adapter.setup(createTestContext().ctx)
    await funder.setup(createTestContext().ctx)
    try {
      const { accounts } = await adapter.connect({ connectorId: 'walletConnect', channel })
      const address = accounts[0]!.address
      expect(accounts.map((a) => a.caipAddress)).toEqual(channel.accounts())
      // The adapter's signMessage verifies the signature (signatureVerify over the <Bytes>-wrapped bytes).
      const signed = await adapter.signMessage({
        connectorId: 'walletConnect',
        address,
        message: 'Sign in to Portico',
      })
      expect(signed.signedMessage).toEqual(new TextEncoder().encode('<Bytes>Sign in to Portico</Bytes>'))

      await funder.connect({ connectorId: 'walletConnect', channel: await aliceChannel() })
      const funding = await funder.sendTransaction({
        connectorId: 'walletConnect',
        request: { to: address, value: 20n * ROC },
      })
      await funder.waitForTransaction({ hash: funding, caipNetworkId: local.caipNetworkId })

      const ferdie = devnet.fixtures.devAccounts.find((a) => a.name === 'Ferdie')!.address
      const before = (await adapter.getBalance({ address: ferdie, caipNetworkId: local.caipNetworkId })).value
      const hash = await adapter.sendTransaction({
        connectorId: 'walletConnect',
        request: { to: ferdie, value: 4n * ROC },
      })
      await adapter.waitForTransaction({ hash, caipNetworkId: local.caipNetworkId })
      const after = (await adapter.getBalance({ address: ferdie, caipNetworkId: local.caipNetworkId })).value
      expect(after - before).toBe(4n * ROC)
      expect(sent.map((s) => s.method)).toEqual([
        'polkadot_getAccounts',
        'polkadot_signMessage',
        'polkadot_signTransaction',
      ])
    } finally {
      adapter.destroy?.()
      funder.destroy?.()
    }
  })
})

describe('openPolkadotChannel: the channel contract and the checks on both sides', () => {
  const chain = polkadotMainnet.caipNetworkId
  const dev = polkadotLocal({ wsUrl: 'ws://127.0.0.1:1' })

  it('serves only the configured chains with a prefix: one CAIP-10 account each, none at all gives no channel', async () => {
    const { frame, sent } = frameOf()
    const channel = await open(
      [polkadotMainnet, dev],
      [chain, dev.caipNetworkId, 'polkadot:00000000000000000000000000000000'],
      frame,
    )
    expect(channel?.chains()).toEqual([chain, dev.caipNetworkId])
    const accounts = channel!.accounts()
    expect(accounts).toHaveLength(2)
    expect(accounts[0]).toMatch(new RegExp(`^${chain}:1`))
    expect(sent.map((s) => (s.params as { ss58Prefix: number }).ss58Prefix)).toEqual([0, 2])
    expect(
      await open([polkadotMainnet], ['polkadot:00000000000000000000000000000000'], frame),
    ).toBeUndefined()
  })

  it('an unknown chain is 5100, any other method 5101, malformed params -32602 before the frame is asked', async () => {
    const { frame, sent } = frameOf()
    const channel = (await open([polkadotMainnet], [chain], frame))!
    const address = channel.accounts()[0]!.slice(chain.length + 1)
    const ask = (method: string, params: unknown, chainId = chain) =>
      channel.request({ method, params, chainId })
    await expect(
      ask('polkadot_signMessage', { address, message: '0x00' }, dev.caipNetworkId),
    ).rejects.toMatchObject({ code: 5100 })
    await expect(ask('polkadot_sendTransaction', { address })).rejects.toMatchObject({ code: 5101 })
    await expect(ask('polkadot_getAccounts', { ss58Prefix: 0 })).rejects.toMatchObject({ code: 5101 })
    const asked = sent.length
    for (const params of [
      {},
      { address: 'x', message: '0x00' },
      { address, message: 42 },
      { address, message: `0x${'00'.repeat(4097)}` },
    ])
      await expect(ask('polkadot_signMessage', params)).rejects.toMatchObject({ code: -32602 })
    await expect(
      ask('polkadot_signTransaction', { address, transactionPayload: { address } }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(sent.length).toBe(asked)
    // What passes here the frame parses too, and its refusal (another account) reaches the adapter as { code }.
    const other = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
    await expect(ask('polkadot_signMessage', { address: other, message: '0x00' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/is not this wallet's/),
    })
  })

  it('the dApp-side params check refuses what the frame’s parse would ignore (so no request waits forever)', () => {
    const address = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
    const good = {
      address,
      blockHash: `0x${'11'.repeat(32)}`,
      blockNumber: '0x00000064',
      era: '0x5500',
      genesisHash: polkadotMainnet.genesisHash,
      method: '0x0a03',
      nonce: '0x00000005',
      signedExtensions: ['CheckNonce'],
      specVersion: '0x00000384',
      tip: '0x00',
      transactionVersion: '0x00000003',
      version: 4,
    }
    const variants: Record<string, unknown>[] = [
      good,
      { ...good, method: '0x' },
      { ...good, method: `0x${'00'.repeat(65_537)}` },
      { ...good, era: '0x123456' },
      { ...good, nonce: '5' },
      { ...good, tip: -1 },
      { ...good, blockHash: '0x11' },
      { ...good, signedExtensions: ['Check Nonce'] },
      { ...good, assetId: 7 },
      { ...good, metadataHash: '0x12' },
      { ...good, version: 'four' },
    ]
    for (const transactionPayload of variants) {
      const params = { address, transactionPayload }
      const frameReads = polkadotKeys.parse({
        type: 'polkadot',
        method: 'polkadot_signTransaction',
        params,
        chainId: polkadotMainnet.caipNetworkId,
      })
      expect(
        polkadotSigningParams('polkadot_signTransaction', params) !== undefined,
        JSON.stringify(transactionPayload).slice(0, 80),
      ).toBe(frameReads !== undefined)
    }
  })

  it('answer validators: refuse accounts and signatures of the wrong shape; an answer that fails them is INVALID_FRAME_ANSWER', async () => {
    const key = `0x${'ab'.repeat(32)}`
    const addr = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
    expect(parsePolkadotAccount([{ address: addr, publicKey: key, type: 'ed25519' }])).toEqual({
      address: addr,
      publicKey: key,
    })
    for (const bad of [
      [],
      [{ address: addr, publicKey: key, type: 'sr25519' }],
      [{ address: '<b>x</b>', publicKey: key, type: 'ed25519' }],
      [{ address: addr, publicKey: '0x12', type: 'ed25519' }],
      [
        { address: addr, publicKey: key, type: 'ed25519' },
        { address: addr, publicKey: key, type: 'ed25519' },
      ],
      { address: addr },
    ])
      expect(parsePolkadotAccount(bad)).toBeUndefined()
    const sig = `0x00${'cd'.repeat(64)}`
    expect(parsePolkadotSignature({ signature: sig })).toBe(sig)
    for (const bad of [
      { signature: `0x01${'cd'.repeat(64)}` },
      { signature: `0x${'cd'.repeat(64)}` },
      { signature: 1 },
      sig,
      null,
    ])
      expect(parsePolkadotSignature(bad)).toBeUndefined()

    // Two chains answered with different keys: not one wallet.
    let n = 0
    const twoKeys = frameOf(() => [
      { address: addr, publicKey: `0x${(n++ ? 'ab' : 'cd').repeat(32)}`, type: 'ed25519' },
    ])
    const dev2 = polkadotLocal({ wsUrl: 'ws://127.0.0.1:1' })
    await expect(
      open([polkadotMainnet, dev2], [chain, dev2.caipNetworkId], twoKeys.frame),
    ).rejects.toMatchObject({ code: 'INVALID_FRAME_ANSWER' })
    // A garbage signature never reaches the adapter.
    const garbage = frameOf((p) =>
      p.method === 'polkadot_getAccounts'
        ? [{ address: addr, publicKey: key, type: 'ed25519' }]
        : { signature: '0xzz' },
    )
    const channel = (await open([polkadotMainnet], [chain], garbage.frame))!
    await expect(
      channel.request({
        method: 'polkadot_signMessage',
        params: { address: addr, message: 'hi' },
        chainId: chain,
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_FRAME_ANSWER',
    })
  })

  it('channelInjected over the channel: signRaw gives a signature the adapter’s signRawMessage accepts for the account', async () => {
    const { frame } = frameOf()
    const channel = (await open([polkadotMainnet], [chain], frame))!
    const injected = channelInjected(channel, polkadotMainnet)
    const [account] = (await injected.accounts.get()) as { address: string }[]
    const signed = await signRawMessage({
      signer: injected.signer,
      address: account!.address,
      ss58Prefix: 0,
      message: new Uint8Array([1, 2, 3]),
    })
    expect(signed.signature).toMatch(/^0x00[0-9a-f]{128}$/)
  })
})
