// Assets-pallet transfers against the shared chopsticks devnet. The fixture
// asset 1984 (PDUSD, 6 decimals, min balance 1000, not sufficient) is held by
// Alice, whom other files read and send from; so this file gives keys of its
// own their ROC and PDUSD with chopsticks' `dev_setStorage` and moves only
// those.
import { ApiPromise, WsProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { AmountExceedsBalanceError } from '@portico/core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { polkadotAdapter } from '../adapter/index.js'
import type { PolkadotChainAdapter } from '../contract/index.js'
import { createPolkadotDevExtension, type PolkadotDevExtension } from '../dev-wallet/index.js'
import { extensionConnectorId } from '../extensions/index.js'
import { polkadotLocal } from '../networks/index.js'
import { createTestContext, installWindow } from '../test-helpers/context.js'
import { InsufficientNativeForFeeError, UnknownAssetError } from './assets.js'

const devnet = inject('polkadotDevnet')
const local = polkadotLocal({ wsUrl: devnet.wsUrl })
const DEV_ID = extensionConnectorId('portico-dev')
const ASSET = 1984
const ROC = 10n ** 12n
const PDUSD = 10n ** 6n

let api: ApiPromise
let adapter: PolkadotChainAdapter
let dev: PolkadotDevExtension
let removeWindow: () => void
let uninject: () => void
const keys = new Map<string, string>()
const addr = (name: string) => keys.get(name)!

async function assetOf(address: string): Promise<bigint> {
  const held = (await api.query.assets!.account!(ASSET, address)) as unknown as {
    isSome?: boolean
    unwrap?(): { balance: { toBigInt(): bigint } }
    balance?: { toBigInt(): bigint }
  }
  if (typeof held.isSome === 'boolean') return held.isSome ? held.unwrap!().balance.toBigInt() : 0n
  return held.balance!.toBigInt()
}

async function free(address: string): Promise<bigint> {
  const info = (await api.query.system!.account!(address)) as unknown as {
    data: { free: { toBigInt(): bigint } }
  }
  return info.data.free.toBigInt()
}

beforeAll(async () => {
  await cryptoWaitReady()
  removeWindow = installWindow()
  const keyring = new Keyring({ type: 'sr25519', ss58Format: devnet.ss58Prefix })
  for (const name of ['holder', 'receiver', 'nobody', 'broke', 'fresh'])
    keys.set(name, keyring.addFromUri(`//PorticoAssets/${name}`).address)
  const provider = new WsProvider(devnet.wsUrl)
  api = await ApiPromise.create({ provider, noInitWarn: true })
  // holder: 50 ROC and 500 PDUSD; receiver and fresh: 1 ROC (an account, no PDUSD); broke: PDUSD, no ROC;
  // nobody: nothing. fresh stays without PDUSD (the minimum-balance test's new holder).
  // Amounts as decimal text: JSON has no bigint.
  await provider.send('dev_setStorage', [
    {
      System: {
        Account: [
          [[addr('holder')], { providers: 1, consumers: 1, data: { free: String(50n * ROC) } }],
          [[addr('receiver')], { providers: 1, data: { free: String(ROC) } }],
          [[addr('fresh')], { providers: 1, data: { free: String(ROC) } }],
          [[addr('broke')], { providers: 1, consumers: 1, data: { free: 0 } }],
        ],
      },
      Assets: {
        Account: [
          [[ASSET, addr('holder')], { balance: String(500n * PDUSD) }],
          [[ASSET, addr('broke')], { balance: String(5n * PDUSD) }],
        ],
      },
    },
  ])
  dev = await createPolkadotDevExtension({ uris: ['//PorticoAssets/holder'] })
  uninject = dev.inject()
  adapter = polkadotAdapter({ appName: 'Portico asset tests', networks: [local], discover: true })
  await adapter.setup(createTestContext().ctx)
  await adapter.connect({ connectorId: DEV_ID })
})

afterAll(async () => {
  adapter?.destroy?.()
  await api?.disconnect()
  uninject?.()
  removeWindow?.()
})

describe('Assets-pallet send on chopsticks', () => {
  it('assets.transferKeepAlive: the receiver gains the amount, the sender loses it and pays the estimated fee in ROC', async () => {
    const [holder, receiver] = [addr('holder'), addr('receiver')]
    const request = await adapter.transferRequest!({
      from: holder,
      to: receiver,
      caipNetworkId: local.caipNetworkId,
      token: String(ASSET),
      amount: 120n * PDUSD,
    })
    expect(request).toEqual({ to: receiver, value: 120n * PDUSD, asset: ASSET, keepAlive: true })
    const fee = await adapter.estimateFee({ address: holder, caipNetworkId: local.caipNetworkId, request })
    expect(fee.symbol).toBe('ROC')
    expect(fee.value).toBeGreaterThan(0n)
    const [rocBefore, sentBefore] = [await free(holder), await assetOf(holder)]
    const hash = await adapter.sendTransaction({ connectorId: DEV_ID, address: holder, request })
    expect((await adapter.waitForTransaction({ hash, caipNetworkId: local.caipNetworkId })).status).toBe(
      'succeeded',
    )
    expect(await assetOf(receiver)).toBe(120n * PDUSD)
    expect(await assetOf(holder)).toBe(sentBefore - 120n * PDUSD)
    expect(await free(holder)).toBe(rocBefore - fee.value)
  })

  it('an unconfigured or missing asset is refused (UnknownAssetError)', async () => {
    const params = {
      from: addr('holder'),
      to: addr('receiver'),
      caipNetworkId: local.caipNetworkId,
      amount: 1n,
    }
    await expect(adapter.transferRequest!({ ...params, token: '77' })).rejects.toBeInstanceOf(
      UnknownAssetError,
    )
    const ghost = polkadotLocal({
      wsUrl: devnet.wsUrl,
      assetTokens: [{ id: 4242, symbol: 'GHOST', decimals: 0 }],
    })
    const other = polkadotAdapter({ appName: 't', networks: [ghost] })
    await other.setup(createTestContext().ctx)
    try {
      await expect(other.transferRequest!({ ...params, token: '4242' })).rejects.toMatchObject({
        code: 'UNKNOWN_ASSET',
        shortMessage: 'Unknown asset',
      })
    } finally {
      other.destroy?.()
    }
  })

  it('a receiver with no account and an asset that is not sufficient: refused with a clear error, nothing sent', async () => {
    const before = await assetOf(addr('holder'))
    await expect(
      adapter.transferRequest!({
        from: addr('holder'),
        to: addr('nobody'),
        caipNetworkId: local.caipNetworkId,
        token: String(ASSET),
        amount: 10n * PDUSD,
      }),
    ).rejects.toMatchObject({
      name: 'AssetMinimumBalanceError',
      shortMessage: 'The receiver has no account on this network',
    })
    expect(await assetOf(addr('holder'))).toBe(before)
  })

  it('minimum balance (1000 units): a first transfer below it, or one leaving less than it behind, is refused', async () => {
    const params = { from: addr('holder'), caipNetworkId: local.caipNetworkId, token: String(ASSET) }
    // A new holder (fresh has an account, no PDUSD) must get at least the minimum.
    await expect(
      adapter.transferRequest!({ ...params, to: addr('fresh'), amount: 999n }),
    ).rejects.toMatchObject({
      name: 'AssetMinimumBalanceError',
      shortMessage: 'The amount is below the minimum balance',
    })
    const held = await assetOf(addr('holder'))
    await expect(
      adapter.transferRequest!({ ...params, to: addr('receiver'), amount: held - 500n }),
    ).rejects.toMatchObject({ shortMessage: 'The amount would leave less than the minimum balance' })
    await expect(
      adapter.transferRequest!({ ...params, to: addr('receiver'), amount: held + 1n }),
    ).rejects.toBeInstanceOf(AmountExceedsBalanceError)
  })

  it('no ROC for the fee: InsufficientNativeForFeeError before the wallet is asked', async () => {
    await expect(
      adapter.transferRequest!({
        from: addr('broke'),
        to: addr('receiver'),
        caipNetworkId: local.caipNetworkId,
        token: String(ASSET),
        amount: PDUSD,
      }),
    ).rejects.toBeInstanceOf(InsufficientNativeForFeeError)
    expect(await assetOf(addr('broke'))).toBe(5n * PDUSD)
  })

  it('Max: the whole asset balance goes (assets.transfer, the sender’s asset account closes)', async () => {
    const [holder, receiver] = [addr('holder'), addr('receiver')]
    const [held, receivedBefore] = [await assetOf(holder), await assetOf(receiver)]
    const request = await adapter.transferRequest!({
      from: holder,
      to: receiver,
      caipNetworkId: local.caipNetworkId,
      token: String(ASSET),
      amount: held,
    })
    expect(request).toMatchObject({ asset: ASSET, keepAlive: false, value: held })
    const hash = await adapter.sendTransaction({ connectorId: DEV_ID, address: holder, request })
    expect((await adapter.waitForTransaction({ hash, caipNetworkId: local.caipNetworkId })).status).toBe(
      'succeeded',
    )
    expect(await assetOf(holder)).toBe(0n)
    expect(await assetOf(receiver)).toBe(receivedBefore + held)
  })
})
