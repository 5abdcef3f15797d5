// Spending from each payment address kind wallets give, on the bcoin regtest
// devnet: p2sh-p2wpkh (nested segwit, Xverse's default payment address) and
// p2wpkh end to end through the WBIP004 (sats-connect) family, every input
// signalling replace-by-fee, and Max through core leaving no dust change.
// p2tr is signed and finalized here but not broadcast: bcoin 1.0.2 does not
// validate taproot (devnet/src/bitcoin/README.md).
import { createPortico, formatUnits, type Logger } from '@portico/core'
import { deriveBitcoinKeys, signPsbtInputs } from '@portico/dev-wallets/bitcoin'
import { BITCOIN_DEV_MNEMONIC, type BitcoinDevnet, startBitcoinDevnet } from '@portico/devnet'
import { verifyBitcoinMessage } from '@portico/devnet/conformance'
import { Psbt, Transaction } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseBitcoinAddress } from '../address/index.js'
import { createBitcoinDevWallet, type DevPaymentType } from '../dev-wallet/index.js'
import { EsploraResponseError } from '../errors/index.js'
import { EsploraClient } from '../esplora/index.js'
import { addressParams, bitcoinRegtest } from '../networks/index.js'
import { buildPayment, DUST_LIMITS, finalizeAndExtract, RBF_SEQUENCE } from '../psbt/index.js'
import { createTestContext, installWindow } from '../test-helpers/context.js'
import { bitcoinAdapter } from './index.js'
import { buildPaymentFor } from './payment.js'

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} }
let btc: BitcoinDevnet
let uninstall: () => void
const cleanups: (() => void)[] = []

beforeAll(async () => {
  uninstall = installWindow()
  btc = await startBitcoinDevnet()
}, 120_000)
afterAll(async () => {
  for (const c of cleanups.splice(0)) c()
  await btc?.stop()
  uninstall?.()
})

const win = () => (globalThis as unknown as { window: EventTarget & Record<string, unknown> }).window
const sats = async (address: string) => {
  const utxos = (await (await fetch(`${btc.esploraUrl}/address/${address}/utxo`)).json()) as {
    value: number
  }[]
  return BigInt(utxos.reduce((s, u) => s + u.value, 0))
}
const rawTx = async (txid: string) =>
  Transaction.fromHex(await (await fetch(`${btc.esploraUrl}/tx/${txid}/hex`)).text())

/** A WBIP004 dev wallet (the sats-connect family, as Xverse) of dev account `account` with `paymentType`, connected. */
async function connectedWallet(account: number, paymentType: DevPaymentType, name: string) {
  const dev = createBitcoinDevWallet({ mnemonic: BITCOIN_DEV_MNEMONIC, account, paymentType, name })
  cleanups.push(dev.registerRequestProvider(win()))
  const adapter = bitcoinAdapter({
    networks: [bitcoinRegtest({ esploraUrl: btc.esploraUrl })],
    discover: true,
    providersTarget: win(),
  })
  await adapter.setup(createTestContext().ctx)
  cleanups.push(() => adapter.destroy?.())
  const connectorId = adapter.getConnectors().find((c) => c.name === name)!.id
  const { accounts } = await adapter.connect({ connectorId })
  return { dev, adapter, connectorId, accounts }
}

describe('sending from each payment address kind on bcoin', () => {
  it('p2sh-p2wpkh (Xverse’s default payment address): the send lands, every input signals RBF, the fee is the estimate', async () => {
    const { dev, adapter, connectorId, accounts } = await connectedWallet(0, 'p2sh-p2wpkh', 'Nested Dev')
    const from = dev.addresses.payment
    expect(from).toBe(btc.fixtures.devAccounts[0]!.nested.address)
    expect(parseBitcoinAddress(from, addressParams(REGTEST)).type).toBe('p2sh')
    expect(accounts[0]).toMatchObject({ address: from, purpose: 'payment', addressType: 'p2sh' })
    const to = btc.fixtures.devAccounts[2]!.payment.address
    const [fromBefore, toBefore] = [await sats(from), await sats(to)]
    expect(fromBefore).toBe(BigInt(btc.fixtures.devAccounts[0]!.funded.nested))
    const request = { to, value: 2_500_000n, feeRate: 4 }
    const estimate = await adapter.estimateFee!({ address: from, caipNetworkId: REGTEST, request })

    const txid = await adapter.sendTransaction({ connectorId, request })
    const tx = await rawTx(txid)
    // BIP-125: nSequence ≤ 0xfffffffd on every input.
    for (const input of tx.ins) expect(input.sequence).toBeLessThanOrEqual(0xfffffffd)
    // Nested segwit: the redeem script in scriptSig, the signature and key in the witness.
    for (const input of tx.ins) {
      expect(input.script.length).toBe(23)
      expect(input.witness.length).toBe(2)
    }
    const fee = fromBefore - 2_500_000n - (await sats(from))
    expect(estimate.value).toBe(fee)
    expect(fee).toBeGreaterThanOrEqual(BigInt(tx.virtualSize() * 4))
    expect(await sats(to)).toBe(toBefore + 2_500_000n)
    await btc.mine(1)
    expect((await (await fetch(`${btc.esploraUrl}/tx/${txid}/status`)).json()).confirmed).toBe(true)
  })

  it('p2sh-p2wpkh signs messages the kit’s verifier (bip322-js) accepts: BIP-137 ECDSA and BIP-322', async () => {
    const { dev, adapter, connectorId } = await connectedWallet(0, 'p2sh-p2wpkh', 'Nested Signer')
    const address = dev.addresses.payment
    for (const protocol of ['ecdsa', 'bip322'] as const) {
      const message = `Portico nested segwit ${protocol}`
      const signed = await adapter.signMessage({ connectorId, address, message, options: { protocol } })
      expect(await verifyBitcoinMessage({ address, message, signed })).toBe(true)
      expect(await verifyBitcoinMessage({ address, message: `${message}!`, signed })).toBe(false)
    }
  })

  it('p2wpkh: the send lands and every input signals RBF (nSequence 0xfffffffd)', async () => {
    const { dev, adapter, connectorId } = await connectedWallet(1, 'p2wpkh', 'Native Dev')
    const txid = await adapter.sendTransaction({
      connectorId,
      request: { to: btc.fixtures.devAccounts[2]!.payment.address, value: 700_000n },
    })
    const tx = await rawTx(txid)
    expect(tx.ins.length).toBeGreaterThan(0)
    for (const input of tx.ins) expect(input.sequence).toBe(RBF_SEQUENCE)
    expect(await sats(dev.addresses.payment)).toBeLessThan(
      BigInt(btc.fixtures.devAccounts[1]!.funded.payment),
    )
    await btc.mine(1)
  })

  it('p2tr (key path): the payment PSBT carries the internal key, signs with Schnorr, finalizes, and signals RBF', () => {
    const params = addressParams(REGTEST)
    const [, ordinals] = deriveBitcoinKeys(BITCOIN_DEV_MNEMONIC, params, 0)
    const source = { ...parseBitcoinAddress(ordinals!.address, params), publicKey: ordinals!.publicKey }
    const to = parseBitcoinAddress(btc.fixtures.devAccounts[2]!.payment.address, params)
    const utxos = [{ txid: '11'.repeat(32), vout: 0, value: 100_000n, confirmed: true }]
    const built = buildPayment({ utxos, source, to, value: 40_000n, feeRate: 2, params })
    const psbt = Psbt.fromBuffer(built.psbt.toBuffer(), { network: params })
    signPsbtInputs(
      psbt,
      [ordinals!],
      built.inputIndexes.map((index) => ({ index })),
    )
    const tx = finalizeAndExtract(psbt)
    expect(tx.ins[0]!.sequence).toBe(RBF_SEQUENCE)
    expect(tx.ins[0]!.witness[0]!.length).toBe(64) // one Schnorr signature, default sighash
    // The estimate covers the signed size at the rate.
    expect(built.fee).toBeGreaterThanOrEqual(BigInt(tx.virtualSize() * 2))
  })

  it('Max through core leaves the dust limit and makes no dust change output', async () => {
    const dev = createBitcoinDevWallet({ mnemonic: BITCOIN_DEV_MNEMONIC, account: 2, name: 'Max Dev' })
    cleanups.push(dev.registerRequestProvider(win()))
    const portico = createPortico({
      adapters: [
        bitcoinAdapter({
          networks: [bitcoinRegtest({ esploraUrl: btc.esploraUrl })],
          discover: true,
          providersTarget: win(),
        }),
      ],
      storage: 'memory',
      logger: quiet,
    })
    cleanups.push(() => portico.destroy())
    await portico.ready
    const connector = portico.getState().connectors.find((c) => c.name === 'Max Dev')!
    await portico.connect(connector.id, { namespace: 'bip122' })
    const from = dev.addresses.payment
    const balance = await sats(from)
    const token = { decimals: 8, symbol: 'BTC', value: balance }
    const to = btc.fixtures.devAccounts[1]!.payment.address
    const reserve = await portico.getSendReserve({ token, namespace: 'bip122' })
    expect(reserve).toMatchObject({ kind: 'dust-limit', keep: { value: DUST_LIMITS.p2wpkh } })
    const max = await portico.getMaxSendAmount({ token, to, namespace: 'bip122' })
    const prepared = await portico.prepareSend({
      token,
      amount: formatUnits(max, 8),
      to,
      namespace: 'bip122',
    })
    expect(max + prepared.fee!.value + DUST_LIMITS.p2wpkh).toBeLessThanOrEqual(balance)
    const txid = await portico.send({ token, amount: formatUnits(max, 8), to, namespace: 'bip122' })
    const tx = await rawTx(txid)
    // Every output is at least its dust limit: the change is either kept (≥ 294 sats) or paid to the fee.
    for (const out of tx.outs) expect(BigInt(out.value)).toBeGreaterThanOrEqual(DUST_LIMITS.p2wpkh)
    expect(tx.outs[0]!.value).toBe(max)
    await btc.mine(1)
  })
})

describe('segwit v0 inputs carry their previous transaction (non_witness_utxo)', () => {
  const request = (to: string) => ({ to, value: 1_000_000n, feeRate: 2 })

  it.each([
    ['p2wpkh', 'payment'],
    ['p2sh-p2wpkh', 'nested'],
  ] as const)(
    '%s: every input of the PSBT to sign holds the whole transaction that created it',
    async (_, kind) => {
      const account = btc.fixtures.devAccounts[0]!
      const from = account[kind]
      const api = new EsploraClient(btc.esploraUrl)
      const { built } = await buildPaymentFor({
        api,
        from: { address: from.address, publicKey: from.publicKey },
        caipNetworkId: REGTEST,
        request: request(btc.fixtures.devAccounts[2]!.payment.address),
        feeTarget: 1,
      })
      expect(built.psbt.inputCount).toBeGreaterThan(0)
      built.psbt.txInputs.forEach((input, i) => {
        const previous = Transaction.fromBuffer(built.psbt.data.inputs[i]!.nonWitnessUtxo!)
        expect(previous.getId()).toBe(Buffer.from(input.hash).reverse().toString('hex'))
        expect(previous.outs[input.index]!.value).toBe(built.psbt.data.inputs[i]!.witnessUtxo!.value)
      })
    },
  )

  it('an API answering another transaction than the input spends is refused (EsploraResponseError), nothing built', async () => {
    const account = btc.fixtures.devAccounts[0]!
    const real = new EsploraClient(btc.esploraUrl)
    // The API's answer is another transaction: the real one with its lock time changed (another txid).
    const lying = Object.assign(Object.create(real) as EsploraClient, {
      txHex: async (txid: string) => {
        const tx = Transaction.fromHex(await real.txHex(txid))
        tx.locktime += 1
        return tx.toHex()
      },
    })
    await expect(
      buildPaymentFor({
        api: lying,
        from: { address: account.payment.address, publicKey: account.payment.publicKey },
        caipNetworkId: REGTEST,
        request: request(btc.fixtures.devAccounts[2]!.payment.address),
        feeTarget: 1,
      }),
    ).rejects.toBeInstanceOf(EsploraResponseError)
  })
})
