import * as ecc from '@bitcoinerlab/secp256k1'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { initEccLib, networks, Psbt } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EsploraTx, EsploraUtxo } from './esplora.js'
import { BITCOIN_DEV_FUNDING, BITCOIN_DEVNET_FEE_ESTIMATES } from './fixtures.js'
import { type BitcoinDevnet, startBitcoinDevnet } from './server.js'

let btc: BitcoinDevnet
beforeAll(async () => {
  initEccLib(ecc)
  btc = await startBitcoinDevnet()
}, 120_000)
afterAll(async () => {
  await btc?.stop()
})

const get = async (path: string) => {
  const res = await fetch(`${btc.esploraUrl}${path}`)
  const text = await res.text()
  return { status: res.status, text, json: () => JSON.parse(text) }
}
const post = (path: string, body: string) =>
  fetch(`${btc.esploraUrl}${path}`, { method: 'POST', body }).then(async (r) => ({
    status: r.status,
    text: await r.text(),
  }))

/** Spends dev 0's funding output to `to` with the dev mnemonic's key (what a wallet does). */
function spendDev0(utxo: EsploraUtxo, to: string, amount: number, fee: number): string {
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(btc.fixtures.mnemonic)).derive("m/84'/1'/0'/0/0")
  const dev0 = btc.fixtures.devAccounts[0]!
  const psbt = new Psbt({ network: networks.regtest })
  psbt.addInput({
    hash: utxo.txid,
    index: utxo.vout,
    witnessUtxo: { script: btc.node.outputScript(dev0.payment.address), value: BigInt(utxo.value) },
  })
  psbt.addOutput({ address: to, value: BigInt(amount) })
  psbt.addOutput({ address: dev0.payment.address, value: BigInt(utxo.value - amount - fee) })
  psbt.signInput(0, {
    publicKey: key.publicKey!,
    sign: (hash: Uint8Array) => ecc.sign(hash, key.privateKey!),
  })
  psbt.finalizeAllInputs()
  return psbt.extractTransaction().toHex()
}

describe('bitcoin devnet (bcoin regtest behind the Esplora facade)', () => {
  it('is mined past segwit activation and funds every dev account with one confirmed transaction', async () => {
    expect(Number((await get('/blocks/tip/height')).text)).toBeGreaterThan(432)
    for (const [i, account] of btc.fixtures.devAccounts.entries()) {
      const utxos: EsploraUtxo[] = (await get(`/address/${account.payment.address}/utxo`)).json()
      expect(utxos.reduce((s, u) => s + u.value, 0)).toBe(BITCOIN_DEV_FUNDING[i]!.payment)
      expect(utxos.every((u) => u.status.confirmed && u.txid === btc.fixtures.fundingTxid)).toBe(true)
    }
    expect(btc.fixtures.devAccounts[0]!.payment.address).toMatch(/^bcrt1q/)
    expect(btc.fixtures.devAccounts[0]!.ordinals.address).toMatch(/^bcrt1p/)
  })

  it('indexes p2tr (bech32m) addresses: the ordinals address shows its UTXO and transaction', async () => {
    const ordinals = btc.fixtures.devAccounts[0]!.ordinals.address
    const utxos: EsploraUtxo[] = (await get(`/address/${ordinals}/utxo`)).json()
    expect(utxos.map((u) => u.value)).toEqual([BITCOIN_DEV_FUNDING[0]!.ordinals])
    const txs: EsploraTx[] = (await get(`/address/${ordinals}/txs`)).json()
    expect(txs[0]!.txid).toBe(btc.fixtures.fundingTxid)
    const out = txs[0]!.vout.find((o) => o.scriptpubkey_address === ordinals)
    expect(out?.scriptpubkey_type).toBe('v1_p2tr')
  })

  it('broadcasts a signed segwit spend: unconfirmed in the mempool, confirmed after POST /devnet/mine', async () => {
    const dev0 = btc.fixtures.devAccounts[0]!
    const dev2 = btc.fixtures.devAccounts[2]!
    const [utxo] = (await get(`/address/${dev0.payment.address}/utxo`)).json() as EsploraUtxo[]
    const hex = spendDev0(utxo!, dev2.payment.address, 25_000, 1_000)
    const sent = await post('/tx', hex)
    expect(sent.status).toBe(200)
    const txid = sent.text
    expect((await get(`/tx/${txid}/hex`)).text).toBe(hex)
    expect((await get(`/tx/${txid}/status`)).json()).toEqual({ confirmed: false })
    const pending: EsploraUtxo[] = (await get(`/address/${dev2.payment.address}/utxo`)).json()
    expect(pending.find((u) => u.txid === txid)).toMatchObject({
      value: 25_000,
      status: { confirmed: false },
    })
    const tx: EsploraTx = (await get(`/tx/${txid}`)).json()
    expect(tx.fee).toBe(1_000)
    expect(tx.vin[0]!.prevout?.scriptpubkey_address).toBe(dev0.payment.address)
    const txs: EsploraTx[] = (await get(`/address/${dev2.payment.address}/txs`)).json()
    expect(txs[0]!.txid).toBe(txid)

    const before = Number((await get('/blocks/tip/height')).text)
    const mined = await fetch(`${btc.esploraUrl}/devnet/mine`, { method: 'POST', body: '{"blocks":2}' })
    expect((await mined.json()).height).toBe(before + 2)
    const status = (await get(`/tx/${txid}/status`)).json()
    expect(status).toMatchObject({ confirmed: true, block_height: before + 1 })
  })

  it('refuses a double spend and garbage with 400 and the reason, as Esplora does', async () => {
    const garbage = await post('/tx', 'zz-not-hex')
    expect(garbage.status).toBe(400)
    expect(garbage.text).toMatch(/^sendrawtransaction RPC error: /)
    const fundingHex = (await get(`/tx/${btc.fixtures.fundingTxid}/hex`)).text
    const again = await post('/tx', fundingHex)
    expect(again.status).toBe(400)
  })

  it('answers 400 for a malformed or foreign-network address, 404 for an unknown transaction', async () => {
    expect((await get('/address/not-an-address/utxo')).status).toBe(400)
    // A mainnet address is valid bech32 but not for regtest.
    expect((await get('/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/utxo')).status).toBe(400)
    expect((await get(`/tx/${'ab'.repeat(32)}/hex`)).status).toBe(404)
    expect((await get('/tx/xyz/hex')).status).toBe(400)
  })

  it('answers fee estimates (target → sat/vB) and validates /devnet/mine input', async () => {
    expect((await get('/fee-estimates')).json()).toEqual(BITCOIN_DEVNET_FEE_ESTIMATES)
    const bad = await fetch(`${btc.esploraUrl}/devnet/mine`, { method: 'POST', body: '{"blocks":0}' })
    expect(bad.status).toBe(400)
    const info = (await get('/devnet/info')).json()
    expect(info.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
  })
})
