// The existential deposit as the runtime itself computes it, on the shared
// chopsticks devnet (the 2021 Asset Hub "statemine" runtime, pallet-balances
// before `frozen`). Its keep-alive rule is `free + reserved ≥ ED` after the
// transfer: reserved funds count. So an account holding a deposit of at least
// the ED keeps nothing more (this is why Alice, who reserved the asset
// deposits, has a keep of 0), while one with nothing reserved keeps the ED.
// Keys of this file's own, funded with chopsticks' `dev_setStorage`.
import { ApiPromise, WsProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { BelowMinimumBalanceError, formatUnits } from '@portico/core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { polkadotAdapter } from '../adapter/index.js'
import type { PolkadotChainAdapter } from '../contract/index.js'
import { createPolkadotDevExtension } from '../dev-wallet/index.js'
import { extensionConnectorId } from '../extensions/index.js'
import { polkadotLocal } from '../networks/index.js'
import { createTestContext, installWindow } from '../test-helpers/context.js'

const devnet = inject('polkadotDevnet')
const local = polkadotLocal({ wsUrl: devnet.wsUrl })
const caipNetworkId = local.caipNetworkId
const DEV_ID = extensionConnectorId('portico-dev')
const ROC = 10n ** 12n

let api: ApiPromise
let adapter: PolkadotChainAdapter
let removeWindow: () => void
let uninject: () => void
let ed: bigint
const pairs = new Map<string, KeyringPair>()
const addr = (name: string) => pairs.get(name)!.address

async function accountData(address: string): Promise<{ free: bigint; reserved: bigint }> {
  const { data } = (await api.query.system!.account!(address)) as unknown as {
    data: { free: { toBigInt(): bigint }; reserved: { toBigInt(): bigint } }
  }
  return { free: data.free.toBigInt(), reserved: data.reserved.toBigInt() }
}

beforeAll(async () => {
  await cryptoWaitReady()
  removeWindow = installWindow()
  const keyring = new Keyring({ type: 'sr25519', ss58Format: devnet.ss58Prefix })
  for (const name of ['held', 'plain', 'direct', 'to'])
    pairs.set(name, keyring.addFromUri(`//PorticoReserve/${name}`))
  const provider = new WsProvider(devnet.wsUrl)
  api = await ApiPromise.create({ provider, noInitWarn: true })
  ed = (api.consts.balances!.existentialDeposit as unknown as { toBigInt(): bigint }).toBigInt()
  // held: 1 ROC free and 1 ROC reserved (a deposit, as Alice's asset deposits); plain and direct: 1 ROC, nothing reserved.
  await provider.send('dev_setStorage', [
    {
      System: {
        Account: [
          [[addr('held')], { providers: 1, data: { free: String(ROC), reserved: String(ROC) } }],
          [[addr('plain')], { providers: 1, data: { free: String(ROC) } }],
          [[addr('direct')], { providers: 1, data: { free: String(ROC) } }],
          [[addr('to')], { providers: 1, data: { free: String(ROC) } }],
        ],
      },
    },
  ])
  const dev = await createPolkadotDevExtension({ uris: ['//PorticoReserve/held', '//PorticoReserve/plain'] })
  uninject = dev.inject()
  adapter = polkadotAdapter({ appName: 'Portico reserve tests', networks: [local], discover: true })
  await adapter.setup(createTestContext().ctx)
  await adapter.connect({ connectorId: DEV_ID, caipNetworkId })
})

afterAll(async () => {
  adapter?.destroy?.()
  await api?.disconnect()
  uninject?.()
  removeWindow?.()
})

/** Max as core computes it without its fee margin: transferable − fee − keep. */
async function maxOf(from: string) {
  const balance = await adapter.getBalance({ address: from, caipNetworkId })
  const reserve = (await adapter.getReserve({ address: from, caipNetworkId }))!
  const fee = await adapter.estimateFee({
    address: from,
    caipNetworkId,
    request: { to: addr('to'), value: balance.value },
  })
  return { max: balance.value - fee.value - reserve.keep.value, reserve, fee: fee.value }
}

describe('Polkadot existential deposit as the runtime computes it (keep-alive: free + reserved ≥ ED on this runtime)', () => {
  it('an account whose reserved funds cover the ED keeps nothing more: getReserve says 0 and why, and Max (balance − fee) lands, leaving 0 free', async () => {
    const { max, reserve } = await maxOf(addr('held'))
    expect(ed).toBeGreaterThan(0n)
    expect(reserve.kind).toBe('existential-deposit')
    expect(reserve.keep.value).toBe(0n)
    expect(reserve.reason).toContain(
      `keeps ${formatUnits(ed, 12)} ROC in every account (existential deposit)`,
    )
    expect(reserve.reason).toContain('your reserved balance already covers it')
    const request = await adapter.transferRequest!({
      from: addr('held'),
      to: addr('to'),
      caipNetworkId,
      amount: max,
    })
    const hash = await adapter.sendTransaction({ connectorId: DEV_ID, address: addr('held'), request })
    expect((await adapter.waitForTransaction({ hash, caipNetworkId })).status).toBe('succeeded')
    expect(await accountData(addr('held'))).toEqual({ free: 0n, reserved: ROC })
  })

  it('an account with nothing reserved keeps the ED: one planck past Max is refused before signing, and the runtime itself refuses it (balances.KeepAlive)', async () => {
    const { max, reserve } = await maxOf(addr('plain'))
    expect(reserve.keep.value).toBe(ed)
    expect(reserve.reason).not.toContain('covers it')
    const refused = adapter.transferRequest!({
      from: addr('plain'),
      to: addr('to'),
      caipNetworkId,
      amount: max + 1n,
    })
    await expect(refused).rejects.toBeInstanceOf(BelowMinimumBalanceError)
    await expect(refused).rejects.toMatchObject({ account: 'sender', minimum: `${formatUnits(ed, 12)} ROC` })

    // The same amount signed directly (no adapter check) from a twin account: the runtime refuses it on dispatch.
    const direct = (await maxOf(addr('direct'))).max + 1n
    const hash = (
      await api.tx.balances!.transferKeepAlive!(addr('to'), direct).signAndSend(pairs.get('direct')!)
    ).toHex()
    const outcome = await adapter.waitForTransaction({ hash, caipNetworkId })
    expect(outcome).toMatchObject({ status: 'failed', reason: { code: 'Balances.KeepAlive' } })
  })
})
