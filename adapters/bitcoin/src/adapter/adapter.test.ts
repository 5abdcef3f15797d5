import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  TokenBalanceUnavailableError,
  type TransactionOutcome,
  UserRejectedRequestError,
} from '@portico/core'
import { BITCOIN_DEV_MNEMONIC, type BitcoinDevnet, startBitcoinDevnet } from '@portico/devnet'
import { until } from '@portico/devnet/test-helpers'
import type { Wallet } from '@wallet-standard/base'
import { Psbt } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseBitcoinAddress } from '../address/index.js'
import { type BitcoinDevWallet, createBitcoinDevWallet } from '../dev-wallet/index.js'
import { EsploraResponseError, InvalidBitcoinAddressError, PsbtMismatchError } from '../errors/index.js'
import { verifyBitcoinMessage } from '../message/index.js'
import { addressParams, bitcoinRegtest, bitcoinTestnet } from '../networks/index.js'
import { createTestContext, installWindow } from '../test-helpers/context.js'
import type { BitcoinSignTransactionInput, BitcoinStandardFeatures } from '../wallets/index.js'
import { bitcoinAdapter } from './index.js'

let btc: BitcoinDevnet
let uninstall: () => void
const cleanups: (() => void)[] = []
let garbage: Server
let garbageUrl: string

beforeAll(async () => {
  uninstall = installWindow()
  btc = await startBitcoinDevnet()
  // An "Esplora" that answers nonsense: 200 with a UTXO of negative value, fee estimates as text.
  garbage = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      req.url?.endsWith('/utxo')
        ? JSON.stringify([{ txid: 'zz', vout: 0, value: -5, status: {} }])
        : 'not json',
    )
  })
  await new Promise<void>((r) => garbage.listen(0, '127.0.0.1', () => r()))
  garbageUrl = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}`
}, 120_000)
afterAll(async () => {
  for (const c of cleanups.splice(0)) c()
  garbage?.close()
  await btc?.stop()
  uninstall?.()
})

const regtest = () => bitcoinRegtest({ esploraUrl: btc.esploraUrl })
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const win = () => (globalThis as unknown as { window: EventTarget & Record<string, unknown> }).window

async function setupAdapter(extraNetworks: ReturnType<typeof regtest>[] = []) {
  const adapter = bitcoinAdapter({
    networks: [regtest(), ...extraNetworks],
    discover: true,
    providersTarget: win(),
  })
  const t = createTestContext()
  await adapter.setup(t.ctx)
  cleanups.push(() => adapter.destroy?.())
  return { adapter, ...t }
}

function devWallet(account: number, name?: string): BitcoinDevWallet {
  return createBitcoinDevWallet({
    mnemonic: BITCOIN_DEV_MNEMONIC,
    account,
    esploraUrl: btc.esploraUrl,
    ...(name ? { name } : {}),
  })
}

const sats = async (address: string) => {
  const utxos = (await (await fetch(`${btc.esploraUrl}/address/${address}/utxo`)).json()) as {
    value: number
  }[]
  return BigInt(utxos.reduce((s, u) => s + u.value, 0))
}
const txOf = async (txid: string) =>
  (await (await fetch(`${btc.esploraUrl}/tx/${txid}`)).json()) as { fee: number; weight: number }

/** Connects a fresh dev wallet (dev account `account`) through one family; returns what a test needs. */
async function connected(account: number, family: 'wallet-standard' | 'btc-providers', name: string) {
  const dev = devWallet(account, name)
  cleanups.push(
    family === 'wallet-standard' ? dev.registerWalletStandard(win()) : dev.registerRequestProvider(win()),
  )
  const { adapter } = await setupAdapter()
  const connector = adapter.getConnectors().find((c) => c.name === name)!
  expect(connector.id.startsWith(family)).toBe(true)
  const result = await adapter.connect({ connectorId: connector.id })
  return { dev, adapter, connectorId: connector.id, result }
}

describe('bitcoinAdapter on the bcoin regtest devnet', () => {
  it('discovers both wallet families, one connector per wallet even when a wallet offers both', async () => {
    const both = devWallet(0, 'Both Faces Wallet')
    const onlyRequest = devWallet(1, 'Request Only Wallet')
    const offBoth = both.register(win())
    const offRequest = onlyRequest.registerRequestProvider(win())
    // Two wallets cannot share one global id: give the second its own.
    offRequest()
    win().OtherBtcProvider = onlyRequest.provider
    win().btc_providers = [
      ...((win().btc_providers as object[]) ?? []),
      { ...onlyRequest.providerInfo, id: 'OtherBtcProvider' },
    ]
    try {
      const { adapter, latest } = await setupAdapter()
      const names = adapter.getConnectors().map((c) => [c.name, c.id.split(':')[0]])
      expect(names.filter(([n]) => n === 'Both Faces Wallet')).toEqual([
        ['Both Faces Wallet', 'wallet-standard'],
      ])
      expect(names.filter(([n]) => n === 'Request Only Wallet')).toEqual([
        ['Request Only Wallet', 'btc-providers'],
      ])
      expect(latest().every((c) => c.chain === 'bip122')).toBe(true)
    } finally {
      offBoth()
      delete win().OtherBtcProvider
      win().btc_providers = []
    }
  })

  for (const family of ['wallet-standard', 'btc-providers'] as const) {
    describe(`through ${family}`, () => {
      it('connects with the payment (p2wpkh) and ordinals (p2tr) accounts, CAIP-10 on the regtest CAIP-2 id', async () => {
        const { result, dev } = await connected(0, family, `Connect ${family}`)
        expect(result.caipNetworkId).toBe(REGTEST)
        expect(result.accounts.map((a) => [a.purpose, a.addressType, a.address])).toEqual([
          ['payment', 'p2wpkh', dev.addresses.payment],
          ['ordinals', 'p2tr', dev.addresses.ordinals],
        ])
        expect(result.accounts[0]!.caipAddress).toBe(
          `${REGTEST}:${btc.fixtures.devAccounts[0]!.payment.address}`,
        )
        expect(result.accounts[0]!.publicKey).toMatch(/^0x0[23][0-9a-f]{64}$/)
      })

      it('signs messages with ECDSA and BIP-322 that verify for the address', async () => {
        const { adapter, connectorId, dev } = await connected(0, family, `Sign ${family}`)
        const params = addressParams(REGTEST)
        for (const [address, protocol] of [
          [dev.addresses.payment, 'ecdsa'],
          [dev.addresses.payment, 'bip322'],
          [dev.addresses.ordinals, 'bip322'],
        ] as const) {
          const { signature } = await adapter.signMessage({
            connectorId,
            address,
            message: 'Sign in to Portico',
            options: { protocol },
          })
          expect(
            verifyBitcoinMessage({ message: 'Sign in to Portico', address, signature, protocol, params }),
          ).toBe(true)
        }
      })

      it('a rejection in the wallet is UserRejectedRequestError; a held request waits, then can be rejected', async () => {
        const { adapter, connectorId, dev } = await connected(1, family, `Reject ${family}`)
        dev.rejectNext()
        await expect(
          adapter.signMessage({ connectorId, address: dev.addresses.payment, message: 'x' }),
        ).rejects.toBeInstanceOf(UserRejectedRequestError)
        const before = await sats(dev.addresses.payment)
        dev.setBehaviour('hold')
        const sending = adapter.sendTransaction({
          connectorId,
          request: { to: btc.fixtures.devAccounts[2]!.payment.address, value: 10_000n },
        })
        await expect.poll(() => dev.pending.length, { timeout: 10_000 }).toBe(1)
        dev.rejectAll()
        await expect(sending).rejects.toBeInstanceOf(UserRejectedRequestError)
        expect(await sats(dev.addresses.payment)).toBe(before)
      })
    })
  }

  it('sends at a chosen fee rate: receiver +amount, sender −(amount + fee), fee ≥ vsize × rate (both families)', async () => {
    for (const [account, family] of [
      [0, 'wallet-standard'],
      [1, 'btc-providers'],
    ] as const) {
      const { adapter, connectorId, dev } = await connected(account, family, `Send ${family}`)
      const to = btc.fixtures.devAccounts[2]!.payment.address
      const [fromBefore, toBefore] = [await sats(dev.addresses.payment), await sats(to)]
      const request = { to, value: 1_234_567n, feeRate: 7 }
      const estimate = await adapter.estimateFee!({
        address: dev.addresses.payment,
        caipNetworkId: REGTEST,
        request,
      })
      const txid = await adapter.sendTransaction({ connectorId, request })
      expect(txid).toMatch(/^[0-9a-f]{64}$/)
      const { fee, weight } = await txOf(txid)
      const vsize = Math.ceil(weight / 4)
      expect(fee).toBeGreaterThanOrEqual(vsize * 7)
      expect(fee).toBeLessThanOrEqual((vsize + 2) * 7)
      expect(estimate).toMatchObject({ value: BigInt(fee), decimals: 8, symbol: 'BTC' })
      expect(await sats(to)).toBe(toBefore + 1_234_567n)
      expect(await sats(dev.addresses.payment)).toBe(fromBefore - 1_234_567n - BigInt(fee))
      // Unconfirmed until a block is mined, then confirmed.
      const pending = (await adapter.getBalance({ address: to, caipNetworkId: REGTEST })) as {
        unconfirmed: bigint
      }
      expect(pending.unconfirmed).toBeGreaterThanOrEqual(1_234_567n)
      await btc.mine(1)
      const mined = (await adapter.getBalance({ address: to, caipNetworkId: REGTEST })) as {
        unconfirmed: bigint
        confirmed: bigint
      }
      expect(mined.unconfirmed).toBe(0n)
      expect(mined.confirmed).toBe(toBefore + 1_234_567n)
    }
  })

  it('waitForTransaction: "in the mempool" first, then confirmations; succeeded at 1 confirmation (2 with the option), with the fee paid', async () => {
    const { adapter, connectorId } = await connected(0, 'wallet-standard', 'Outcome wallet')
    const to = btc.fixtures.devAccounts[2]!.payment.address
    const txid = await adapter.sendTransaction({ connectorId, request: { to, value: 50_000n, feeRate: 3 } })
    const updates: TransactionOutcome[] = []
    const first = adapter.waitForTransaction!({
      hash: txid,
      caipNetworkId: REGTEST,
      onUpdate: (o) => updates.push(o),
    })
    await until(() => updates.length > 0, 20_000, 'the mempool update')
    expect(updates[0]).toEqual({ status: 'pending', hash: txid, stage: 'mempool', confirmations: 0 })
    await btc.mine(1)
    const outcome = await first
    expect(outcome).toMatchObject({
      status: 'succeeded',
      hash: txid,
      confirmations: 1,
      fee: { value: BigInt((await txOf(txid)).fee), symbol: 'BTC' },
    })
    // Two confirmations asked: one more block is needed, and the update says 1 until then.
    const twice = bitcoinAdapter({ networks: [regtest()], confirmations: 2 })
    await twice.setup(createTestContext().ctx)
    const more: TransactionOutcome[] = []
    const second = twice.waitForTransaction!({
      hash: txid,
      caipNetworkId: REGTEST,
      onUpdate: (o) => more.push(o),
    })
    await until(() => more.length > 0, 20_000, 'the first confirmation update')
    expect(more[0]).toMatchObject({ status: 'pending', stage: 'mempool', confirmations: 1 })
    await btc.mine(1)
    expect(await second).toMatchObject({ status: 'succeeded', confirmations: 2 })
    twice.destroy?.()
  })

  it('waitForTransaction: a txid the API never saw is pending at the time-out', async () => {
    const { adapter } = await setupAdapter()
    const hash = 'ab'.repeat(32)
    expect(await adapter.waitForTransaction!({ hash, caipNetworkId: REGTEST, timeoutMs: 1500 })).toEqual({
      status: 'pending',
      hash,
      stage: 'submitted',
    })
  })

  it('uses the /fee-estimates rate for the target when the request names none', async () => {
    const { adapter, connectorId } = await connected(0, 'wallet-standard', 'Default Fee Wallet')
    const txid = await adapter.sendTransaction({
      connectorId,
      request: { to: btc.fixtures.devAccounts[2]!.payment.address, value: 50_000n },
    })
    const { fee, weight } = await txOf(txid)
    // Target 3 blocks → 3 sat/vB in the devnet's table.
    expect(fee / Math.ceil(weight / 4)).toBeGreaterThanOrEqual(3)
    expect(fee / Math.ceil(weight / 4)).toBeLessThan(3.2)
  })

  it('reads balances as a Balance in BTC (SPEC §5: 3 decimals, truncated)', async () => {
    const { adapter } = await setupAdapter()
    const balance = await adapter.getBalance({
      address: btc.fixtures.devAccounts[0]!.ordinals.address,
      caipNetworkId: REGTEST,
    })
    expect(balance).toMatchObject({ value: 100_000n, decimals: 8, symbol: 'BTC', formatted: '0.001' })
  })

  it('a wallet that changes the payment is caught before broadcast: PsbtMismatchError, nothing sent', async () => {
    const dev = devWallet(0)
    const attacker = btc.fixtures.devAccounts[1]!.ordinals.address
    const attackerScript = parseBitcoinAddress(attacker, addressParams(REGTEST)).script
    const features = dev.wallet.features as unknown as BitcoinStandardFeatures
    const evil: Wallet = {
      ...dev.wallet,
      name: 'Evil Wallet',
      get accounts() {
        return dev.wallet.accounts
      },
      features: {
        ...dev.wallet.features,
        'bitcoin:signTransaction': {
          version: '1.0.0',
          async signTransaction(...inputs: BitcoinSignTransactionInput[]) {
            // Redirect the payment to the attacker, then let the real key sign the changed transaction.
            const original = Psbt.fromBuffer(inputs[0]!.psbt)
            const swapped = new Psbt({ network: addressParams(REGTEST) })
            original.txInputs.forEach((input, i) => {
              swapped.addInput({
                hash: input.hash,
                index: input.index,
                witnessUtxo: original.data.inputs[i]!.witnessUtxo!,
              })
            })
            original.txOutputs.forEach((o, i) => {
              swapped.addOutput({ script: i === 0 ? attackerScript : o.script, value: o.value })
            })
            return features['bitcoin:signTransaction'].signTransaction({
              ...inputs[0]!,
              psbt: swapped.toBuffer(),
            })
          },
        },
      },
    }
    let unregister: (() => void) | undefined
    win().dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: ({ register }: { register: (w: Wallet) => () => void }) => {
          unregister = register(evil)
        },
      }),
    )
    cleanups.push(() => unregister?.())
    const { adapter } = await setupAdapter()
    const connectorId = adapter.getConnectors().find((c) => c.name === 'Evil Wallet')!.id
    await adapter.connect({ connectorId })
    const before = await sats(attacker)
    await expect(
      adapter.sendTransaction({
        connectorId,
        request: { to: btc.fixtures.devAccounts[2]!.payment.address, value: 20_000n },
      }),
    ).rejects.toBeInstanceOf(PsbtMismatchError)
    expect(await sats(attacker)).toBe(before)
  })

  it('refuses invalid and wrong-network addresses: from the app and from the wallet', async () => {
    const { adapter, connectorId } = await connected(0, 'wallet-standard', 'Address Check Wallet')
    for (const to of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'nonsense',
    ]) {
      await expect(
        adapter.sendTransaction({ connectorId, request: { to, value: 10_000n } }),
      ).rejects.toBeInstanceOf(InvalidBitcoinAddressError)
    }
    await expect(
      adapter.getBalance({ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', caipNetworkId: REGTEST }),
    ).rejects.toBeInstanceOf(InvalidBitcoinAddressError)
    // A wallet on mainnet answers mainnet addresses to a regtest connect.
    const mainnetWallet = createBitcoinDevWallet({
      mnemonic: BITCOIN_DEV_MNEMONIC,
      network: 'mainnet',
      name: 'Mainnet Wallet',
    })
    cleanups.push(mainnetWallet.registerWalletStandard(win()))
    const again = await setupAdapter()
    const id = again.adapter.getConnectors().find((c) => c.name === 'Mainnet Wallet')!.id
    await expect(again.adapter.connect({ connectorId: id })).rejects.toBeInstanceOf(
      InvalidBitcoinAddressError,
    )
  })

  it('garbage from the Esplora API is a typed error, and nothing is signed', async () => {
    const broken = bitcoinRegtest({ esploraUrl: garbageUrl, name: 'Broken' })
    const dev = devWallet(0, 'Garbage Api Wallet')
    cleanups.push(dev.registerWalletStandard(win()))
    const adapter = bitcoinAdapter({ networks: [broken], discover: true, providersTarget: win() })
    await adapter.setup(createTestContext().ctx)
    cleanups.push(() => adapter.destroy?.())
    const balance = adapter.getBalance({ address: dev.addresses.payment, caipNetworkId: REGTEST })
    await expect(balance).rejects.toBeInstanceOf(TokenBalanceUnavailableError)
    await expect(balance.catch((e) => e.cause)).resolves.toBeInstanceOf(EsploraResponseError)
    const connectorId = adapter.getConnectors().find((c) => c.name === 'Garbage Api Wallet')!.id
    await adapter.connect({ connectorId })
    dev.setBehaviour('hold')
    await expect(
      adapter.sendTransaction({
        connectorId,
        request: { to: btc.fixtures.devAccounts[2]!.payment.address, value: 10_000n },
      }),
    ).rejects.toBeInstanceOf(EsploraResponseError)
    expect(dev.pending).toHaveLength(0)
  })

  it('the network is fixed at connect: switching answers reconnect-needed', async () => {
    const dev = devWallet(0, 'Switch Wallet')
    cleanups.push(dev.registerWalletStandard(win()))
    const { adapter } = await setupAdapter([bitcoinTestnet])
    const connectorId = adapter.getConnectors().find((c) => c.name === 'Switch Wallet')!.id
    await adapter.connect({ connectorId, caipNetworkId: REGTEST })
    expect(
      await adapter.switchNetwork!({ connectorId, caipNetworkId: bitcoinTestnet.caipNetworkId }),
    ).toEqual({
      status: 'reconnect-needed',
    })
    expect(await adapter.switchNetwork!({ connectorId, caipNetworkId: REGTEST })).toEqual({
      status: 'switched',
    })
  })

  it('signs a dApp’s own PSBT for the inputs asked, refuses one the wallet alters, and broadcasts on request', async () => {
    const { adapter, connectorId, dev } = await connected(0, 'btc-providers', 'Psbt Wallet')
    const params = addressParams(REGTEST)
    const utxos = (await (await fetch(`${btc.esploraUrl}/address/${dev.addresses.payment}/utxo`)).json()) as {
      txid: string
      vout: number
      value: number
    }[]
    const utxo = utxos.find((u) => u.value > 100_000)!
    const script = parseBitcoinAddress(dev.addresses.payment, params).script
    const psbt = new Psbt({ network: params })
    psbt.addInput({ hash: utxo.txid, index: utxo.vout, witnessUtxo: { script, value: BigInt(utxo.value) } })
    psbt.addOutput({ address: btc.fixtures.devAccounts[2]!.payment.address, value: 30_000n })
    psbt.addOutput({ script, value: BigInt(utxo.value) - 30_000n - 2_000n })
    const { psbt: signed, txid } = await adapter.signTransaction!({
      connectorId,
      address: dev.addresses.payment,
      request: {
        psbt: psbt.toBuffer(),
        inputsToSign: [{ address: dev.addresses.payment, index: [0] }],
        broadcast: true,
      },
    })
    expect(
      Psbt.fromBuffer(signed).data.inputs[0]!.finalScriptWitness ??
        Psbt.fromBuffer(signed).data.inputs[0]!.partialSig,
    ).toBeTruthy()
    expect((await txOf(txid!)).fee).toBe(2_000)
    await expect(
      adapter.signTransaction!({
        connectorId,
        address: dev.addresses.payment,
        request: { psbt: psbt.toBuffer(), inputsToSign: [{ address: dev.addresses.payment, index: [5] }] },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_PSBT_REQUEST' })
  })
})
