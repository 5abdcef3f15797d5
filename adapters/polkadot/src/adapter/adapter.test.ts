import { ApiPromise, WsProvider } from '@polkadot/api'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import type { AdapterEvents } from '@portico/core'
import { formatUnits, TokenBalanceUnavailableError, UserRejectedRequestError } from '@portico/core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { decodeSs58, encodeSs58 } from '../address/index.js'
import { wrapBytes } from '../chain/index.js'
import type { PolkadotChainAdapter } from '../contract/index.js'
import { createPolkadotDevExtension, type PolkadotDevExtension } from '../dev-wallet/index.js'
import { InvalidExtensionResponseError, InvalidPolkadotAddressError } from '../errors/index.js'
import { extensionConnectorId } from '../extensions/index.js'
import { polkadotLocal, polkadotMainnet } from '../networks/index.js'
import { createTestContext, installWindow, until } from '../test-helpers/context.js'
import { polkadotAdapter } from './index.js'

const devnet = inject('polkadotDevnet')
const local = polkadotLocal({ wsUrl: devnet.wsUrl })
const DEV_ID = extensionConnectorId('portico-dev')
const account = (name: string) => devnet.fixtures.devAccounts.find((a) => a.name === name)!

let removeWindow: () => void
let dev: PolkadotDevExtension
let adapter: PolkadotChainAdapter
let test: ReturnType<typeof createTestContext>
let api: ApiPromise
let uninject: () => void

async function free(address: string): Promise<bigint> {
  const info = (await api.query.system!.account!(address)) as unknown as {
    data: { free: { toBigInt(): bigint } }
  }
  return info.data.free.toBigInt()
}

beforeAll(async () => {
  await cryptoWaitReady()
  removeWindow = installWindow()
  // Bob first: he sends in these tests (Alice's balance moved when she created the asset).
  dev = await createPolkadotDevExtension({ uris: ['//Bob', '//Alice', '//Charlie'] })
  uninject = dev.inject()
  test = createTestContext()
  adapter = polkadotAdapter({ appName: 'Portico tests', networks: [local, polkadotMainnet], discover: true })
  await adapter.setup(test.ctx)
  api = await ApiPromise.create({ provider: new WsProvider(devnet.wsUrl), noInitWarn: true })
})

afterAll(async () => {
  adapter?.destroy?.()
  await api?.disconnect()
  uninject?.()
  removeWindow?.()
})

describe('polkadotAdapter against chopsticks with the Portico Dev Extension', () => {
  it('discovers the dev extension in window.injectedWeb3 as a connector', () => {
    expect(test.latest().map((c) => [c.id, c.name, c.chain, c.type])).toEqual([
      [DEV_ID, 'Portico Dev Extension', 'polkadot', 'INJECTED'],
    ])
  })

  it('connect gives SS58 accounts with the network prefix (2) and CAIP-10 polkadot:<genesis>:<address>', async () => {
    const result = await adapter.connect({ connectorId: DEV_ID })
    expect(result.caipNetworkId).toBe('polkadot:45454545454545454545454545454545')
    expect(dev.enabledOrigins).toEqual(['Portico tests'])
    const bob = account('Bob')
    expect(result.accounts[0]).toEqual({
      namespace: 'polkadot',
      address: bob.address,
      caipAddress: `polkadot:45454545454545454545454545454545:${bob.address}`,
      type: 'eoa',
      publicKey: bob.publicKey,
      addressType: 'sr25519',
    })
    expect(decodeSs58(result.accounts[0]!.address).prefix).toBe(2)
    expect(result.wallet?.name).toBe('Portico Dev Extension')
  })

  it('balance: transferable ROC (12 decimals, symbol from system.properties) of a funded account', async () => {
    const balance = await adapter.getBalance({
      address: account('Charlie').address,
      caipNetworkId: local.caipNetworkId,
    })
    expect(balance).toEqual({ value: 100n * 10n ** 12n, decimals: 12, symbol: 'ROC', formatted: '100.000' })
    const empty = await adapter.getBalance({
      address: account('Ferdie').address,
      caipNetworkId: local.caipNetworkId,
    })
    expect(empty.value).toBe(0n)
  })

  it('token balances: the configured Assets token with on-chain metadata (PDUSD 1234.5)', async () => {
    const tokens = await adapter.getTokenBalances({
      address: account('Alice').address,
      caipNetworkId: local.caipNetworkId,
    })
    expect(tokens).toEqual([
      {
        token: '1984',
        value: 1_234_500_000n,
        decimals: 6,
        symbol: 'PDUSD',
        name: 'Portico Dot USD',
        formatted: '1234.500',
      },
    ])
  })

  it('signMessage: signRaw over <Bytes>-wrapped bytes, verified with signatureVerify', async () => {
    const bob = account('Bob')
    const signed = await adapter.signMessage({
      connectorId: DEV_ID,
      address: bob.address,
      message: 'Sign in to Portico',
    })
    const wrapped = wrapBytes(new TextEncoder().encode('Sign in to Portico'))
    expect(signed.publicKey).toBe(bob.publicKey)
    expect([...(signed.signedMessage ?? [])]).toEqual([...wrapped])
    expect(signatureVerify(wrapped, signed.signature, bob.address).isValid).toBe(true)
  })

  it('transfer: the receiver gains the amount, the sender pays amount + the estimated fee', async () => {
    const bob = account('Bob')
    const dave = account('Dave')
    const value = 12n * 10n ** 12n
    const request = { to: dave.address, value }
    const fee = await adapter.estimateFee({
      address: bob.address,
      caipNetworkId: local.caipNetworkId,
      request,
    })
    expect(fee.symbol).toBe('ROC')
    expect(fee.value).toBeGreaterThan(0n)
    const [bobBefore, daveBefore] = [await free(bob.address), await free(dave.address)]
    const hash = await adapter.sendTransaction({ connectorId: DEV_ID, address: bob.address, request })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const outcome = await adapter.waitForTransaction({ hash, caipNetworkId: local.caipNetworkId })
    expect(outcome).toMatchObject({ status: 'succeeded', hash, block: expect.stringMatching(/^\d+$/) })
    expect(await free(dave.address)).toBe(daveBefore + value)
    expect(await free(bob.address)).toBe(bobBefore - value - fee.value)
  })

  it('after a reload: getAccounts restores the authorised extension without a prompt; waitForTransaction finds a hash it did not send', async () => {
    const bob = account('Bob')
    const hash = await adapter.sendTransaction({
      connectorId: DEV_ID,
      address: bob.address,
      request: { to: account('Eve').address, value: 10n ** 12n },
    })
    const reloaded = polkadotAdapter({ appName: 'Portico tests', networks: [local], discover: true })
    const fresh = createTestContext()
    await reloaded.setup(fresh.ctx)
    try {
      dev.setBehaviour('reject-next') // a prompt would fail: restoring must not prompt an enabled origin
      const restored = await reloaded.getAccounts({ connectorId: DEV_ID })
      expect(restored.accounts.map((a) => a.address)).toContain(bob.address)
      expect(restored.caipNetworkId).toBe(local.caipNetworkId)
      dev.setBehaviour('approve')
      const found = await reloaded.waitForTransaction({ hash, caipNetworkId: local.caipNetworkId })
      expect(found).toMatchObject({ status: 'succeeded', hash })
    } finally {
      dev.setBehaviour('approve')
      reloaded.destroy?.()
    }
  })

  it('a transfer that fails dispatch is failed with the error by module name (Balances.InsufficientBalance); the fee is paid', async () => {
    // Charlie holds 100 ROC: sending 1000 passes the pool (the fee is payable) and fails in balances.
    const charlie = account('Charlie')
    const before = await free(charlie.address)
    const hash = await adapter.sendTransaction({
      connectorId: DEV_ID,
      address: charlie.address,
      request: { to: account('Eve').address, value: 1_000n * 10n ** 12n },
    })
    const outcome = await adapter.waitForTransaction({ hash, caipNetworkId: local.caipNetworkId })
    expect(outcome).toMatchObject({
      status: 'failed',
      hash,
      reason: {
        code: 'Balances.InsufficientBalance',
        message: expect.stringMatching(/^Balances\.InsufficientBalance/),
      },
    })
    const after = await free(charlie.address)
    expect(after).toBeLessThan(before)
    expect(after).toBeGreaterThan(before - 10n ** 12n)
  })

  it('a cancelled signature is UserRejectedRequestError and nothing is sent', async () => {
    const bob = account('Bob')
    const before = await free(bob.address)
    dev.setBehaviour('reject-next')
    await expect(
      adapter.sendTransaction({
        connectorId: DEV_ID,
        address: bob.address,
        request: { to: account('Dave').address, value: 1n },
      }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    dev.setBehaviour('reject-next')
    await expect(
      adapter.signMessage({ connectorId: DEV_ID, address: bob.address, message: 'x' }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(await free(bob.address)).toBe(before)
  })

  it('a held request stays pending until the extension releases it (cancel → UserRejectedRequestError)', async () => {
    dev.setBehaviour('hold')
    const signing = adapter.signMessage({
      connectorId: DEV_ID,
      address: account('Bob').address,
      message: 'held',
    })
    await until(() => dev.pending.length === 1)
    dev.release('reject')
    dev.setBehaviour('approve')
    await expect(signing).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('bad input: malformed and wrong-prefix addresses give InvalidPolkadotAddressError', async () => {
    const bob = account('Bob')
    const onPolkadot = encodeSs58(decodeSs58(account('Dave').address).publicKey, 0)
    for (const to of ['not-an-address', `${bob.address.slice(0, -1)}1`, onPolkadot]) {
      await expect(
        adapter.sendTransaction({ connectorId: DEV_ID, address: bob.address, request: { to, value: 1n } }),
      ).rejects.toBeInstanceOf(InvalidPolkadotAddressError)
    }
    await expect(
      adapter.getBalance({ address: onPolkadot, caipNetworkId: local.caipNetworkId }),
    ).rejects.toBeInstanceOf(InvalidPolkadotAddressError)
  })

  it('accountsChanged follows the extension account picker; switching network re-encodes with the new prefix', async () => {
    const changed: AdapterEvents['accountsChanged'][] = []
    const chains: AdapterEvents['chainChanged'][] = []
    const offA = adapter.on('accountsChanged', (e) => changed.push(e))
    const offC = adapter.on('chainChanged', (e) => chains.push(e))
    dev.selectAccounts([dev.addresses[1]!])
    await until(() => changed.length === 1)
    expect(changed[0]!.accounts.map((a) => a.address)).toEqual([account('Alice').address])

    const switched = await adapter.switchNetwork({
      connectorId: DEV_ID,
      caipNetworkId: polkadotMainnet.caipNetworkId,
    })
    const aliceOnPolkadot = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
    expect(switched).toEqual({
      status: 'switched',
      accounts: [expect.objectContaining({ address: aliceOnPolkadot })],
    })
    expect(chains.at(-1)).toMatchObject({
      connectorId: DEV_ID,
      caipNetworkId: polkadotMainnet.caipNetworkId,
      accounts: [{ caipAddress: `${polkadotMainnet.caipNetworkId}:${aliceOnPolkadot}` }],
    })
    await adapter.switchNetwork({ connectorId: DEV_ID, caipNetworkId: local.caipNetworkId })
    dev.selectAccounts([...dev.addresses])
    await until(() => changed.length === 2)
    offA()
    offC()
  })

  it('the extension removing every account disconnects', async () => {
    const events: AdapterEvents['disconnect'][] = []
    const off = adapter.on('disconnect', (e) => events.push(e))
    dev.selectAccounts([])
    await until(() => events.length === 1)
    expect(events[0]!.connectorId).toBe(DEV_ID)
    await expect(
      adapter.signMessage({ connectorId: DEV_ID, address: account('Bob').address, message: 'x' }),
    ).rejects.toThrow(/Address or auth connector not found/)
    dev.selectAccounts([...dev.addresses])
    off()
  })

  it('an extension answering garbage gives typed errors and no crash', async () => {
    const web3 = (globalThis as unknown as { window: { injectedWeb3: Record<string, unknown> } }).window
      .injectedWeb3
    const bob = account('Bob')
    web3.hostile = {
      version: '1',
      enable: async () => ({
        accounts: {
          get: async () => [{ address: 'garbage' }, { address: bob.address, type: 'ethereum' }, 42],
        },
        signer: {},
      }),
    }
    web3.liar = {
      enable: async () => ({
        accounts: { get: async () => [{ address: bob.address }] },
        signer: { signRaw: async () => ({ id: 1, signature: `0x${'ab'.repeat(64)}` }) },
      }),
    }
    web3['<img src=x>'] = { enable: async () => ({}) }
    try {
      // A malformed account entry is the extension's fault, named, never skipped in silence (issue 35).
      const refused = await adapter.connect({ connectorId: extensionConnectorId('hostile') }).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(refused).toBeInstanceOf(InvalidExtensionResponseError)
      expect((refused as Error).message).toMatch(/^hostile returned an invalid response/)
      expect((refused as Error).message).toMatch(/wrong length for an SS58 account address/)
      expect(adapter.getConnectors().map((c) => c.id)).not.toContain(extensionConnectorId('<img src=x>'))
      await adapter.connect({ connectorId: extensionConnectorId('liar') })
      await expect(
        adapter.signMessage({
          connectorId: extensionConnectorId('liar'),
          address: bob.address,
          message: 'x',
        }),
      ).rejects.toBeInstanceOf(InvalidExtensionResponseError)
    } finally {
      delete web3.hostile
      delete web3.liar
      delete web3['<img src=x>']
    }
  })

  it('existential deposit: getReserve keeps it; a new receiver below it and a sender keeping less are refused (BelowMinimumBalanceError); Max lands and leaves it', async () => {
    const charlie = account('Charlie')
    const caipNetworkId = local.caipNetworkId
    // A test above ended the session (the extension dropped every account): connect again.
    await adapter.connect({ connectorId: DEV_ID, caipNetworkId })
    const ed = (api.consts.balances!.existentialDeposit as unknown as { toBigInt(): bigint }).toBigInt()
    expect(ed).toBeGreaterThan(0n)
    const edText = `${formatUnits(ed, 12)} ROC`
    const reserve = (await adapter.getReserve({ address: charlie.address, caipNetworkId }))!
    expect(reserve).toMatchObject({ kind: 'existential-deposit', keep: { value: ed, symbol: 'ROC' } })
    expect(reserve.reason).toContain(`keeps ${edText} in every account (existential deposit)`)
    const fresh = encodeSs58(new Uint8Array(32).fill(0x5a), devnet.ss58Prefix)
    await expect(
      adapter.transferRequest!({ from: charlie.address, to: fresh, caipNetworkId, amount: ed - 1n }),
    ).rejects.toMatchObject({ name: 'BelowMinimumBalanceError', account: 'receiver', minimum: edText })
    const balance = await adapter.getBalance({ address: charlie.address, caipNetworkId })
    // The fee depends on the call's length: priced for an amount of the same size as the ones sent.
    const fee = await adapter.estimateFee({
      address: charlie.address,
      caipNetworkId,
      request: { to: fresh, value: balance.value },
    })
    await expect(
      adapter.transferRequest!({
        from: charlie.address,
        to: fresh,
        caipNetworkId,
        amount: balance.value - fee.value - 1n,
      }),
    ).rejects.toMatchObject({ name: 'BelowMinimumBalanceError', account: 'sender', minimum: edText })
    const max = balance.value - fee.value - reserve.keep.value
    const request = await adapter.transferRequest!({
      from: charlie.address,
      to: fresh,
      caipNetworkId,
      amount: max,
    })
    const hash = await adapter.sendTransaction({ connectorId: DEV_ID, address: charlie.address, request })
    expect((await adapter.waitForTransaction({ hash, caipNetworkId })).status).toBe('succeeded')
    expect(await free(charlie.address)).toBe(ed)
    expect(await free(fresh)).toBe(max)
  })

  it('an unreachable network gives TokenBalanceUnavailableError, not a hang', async () => {
    const dead = polkadotLocal({ wsUrl: 'ws://127.0.0.1:9', name: 'Dead' })
    const lonely = polkadotAdapter({ appName: 't', networks: [{ ...dead }] })
    try {
      await expect(
        lonely.getBalance({ address: account('Bob').address, caipNetworkId: dead.caipNetworkId }),
      ).rejects.toBeInstanceOf(TokenBalanceUnavailableError)
    } finally {
      lonely.destroy?.()
    }
  })
})
