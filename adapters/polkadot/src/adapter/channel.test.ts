import { ApiPromise, WsProvider } from '@polkadot/api'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import type { CaipAddress, RequestChannel } from '@portico/core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { wrapBytes } from '../chain/index.js'
import { createPolkadotDevExtension } from '../dev-wallet/index.js'
import { InvalidExtensionResponseError } from '../errors/index.js'
import { polkadotLocal } from '../networks/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { polkadotAdapter } from './index.js'

// The channel's far end is a real wallet (the dev extension's keys answering the
// WalletConnect `polkadot_*` methods) on a real chain; only the transport is
// in-process here — the WalletConnect plugin provides the real one (issue 10).
const devnet = inject('polkadotDevnet')
const local = polkadotLocal({ wsUrl: devnet.wsUrl })
const eve = devnet.fixtures.devAccounts.find((a) => a.name === 'Eve')!
const dave = devnet.fixtures.devAccounts.find((a) => a.name === 'Dave')!
let api: ApiPromise
const methods: string[] = []

async function walletChannel(answer?: (method: string) => unknown): Promise<RequestChannel> {
  const dev = await createPolkadotDevExtension({ uris: ['//Eve'] })
  const wallet = await dev.enable('walletconnect')
  return {
    namespace: 'polkadot',
    async request<T>({ method, params }: { method: string; params?: unknown }) {
      methods.push(method)
      if (answer) return answer(method) as T
      const p = params as { address: string; message?: `0x${string}`; transactionPayload?: never }
      if (method === 'polkadot_signMessage')
        return (await wallet.signer.signRaw!({ address: p.address, data: p.message!, type: 'bytes' })) as T
      if (method === 'polkadot_signTransaction')
        return (await wallet.signer.signPayload!(p.transactionPayload!)) as T
      throw Object.assign(new Error('Unsupported method'), { code: 5101 })
    },
    accounts: () => [`${local.caipNetworkId}:${eve.address}` as CaipAddress, 'eip155:1:0xabc' as CaipAddress],
    chains: () => [local.caipNetworkId],
    on: () => () => {},
  }
}

beforeAll(async () => {
  await cryptoWaitReady()
  api = await ApiPromise.create({ provider: new WsProvider(devnet.wsUrl), noInitWarn: true })
})
afterAll(async () => {
  await api?.disconnect()
})

describe('polkadotAdapter over a request channel (WalletConnect polkadot namespace)', () => {
  it('declares the methods it drives; connects with the granted accounts of the network; signs and sends through polkadot_* methods', async () => {
    const adapter = polkadotAdapter({ appName: 'Portico tests', networks: [local] })
    await adapter.setup(createTestContext().ctx)
    try {
      expect(adapter.channel?.methods).toEqual(['polkadot_signMessage', 'polkadot_signTransaction'])
      const channel = await walletChannel()
      const result = await adapter.connect({ connectorId: 'walletConnect', channel })
      expect(result.accounts.map((a) => a.caipAddress)).toEqual([`${local.caipNetworkId}:${eve.address}`])
      const signed = await adapter.signMessage({
        connectorId: 'walletConnect',
        address: eve.address,
        message: 'hi',
      })
      expect(
        signatureVerify(wrapBytes(new TextEncoder().encode('hi')), signed.signature, eve.address).isValid,
      ).toBe(true)
      const before = (
        (await api.query.system!.account!(dave.address)) as unknown as {
          data: { free: { toBigInt(): bigint } }
        }
      ).data.free.toBigInt()
      const hash = await adapter.sendTransaction({
        connectorId: 'walletConnect',
        request: { to: dave.address, value: 3n * 10n ** 12n },
      })
      expect((await adapter.waitForTransaction({ hash, caipNetworkId: local.caipNetworkId })).status).toBe(
        'succeeded',
      )
      const after = (
        (await api.query.system!.account!(dave.address)) as unknown as {
          data: { free: { toBigInt(): bigint } }
        }
      ).data.free.toBigInt()
      expect(after - before).toBe(3n * 10n ** 12n)
      expect(methods).toEqual(['polkadot_signMessage', 'polkadot_signTransaction'])
    } finally {
      adapter.destroy?.()
    }
  })

  it('a remote wallet answering garbage gives InvalidExtensionResponseError', async () => {
    const adapter = polkadotAdapter({ appName: 'Portico tests', networks: [local] })
    await adapter.setup(createTestContext().ctx)
    try {
      const channel = await walletChannel(() => ({ signature: 'not hex' }))
      await adapter.connect({ connectorId: 'walletConnect', channel })
      await expect(
        adapter.signMessage({ connectorId: 'walletConnect', address: eve.address, message: 'x' }),
      ).rejects.toBeInstanceOf(InvalidExtensionResponseError)
    } finally {
      adapter.destroy?.()
    }
  })
})
