import * as ecc from '@bitcoinerlab/secp256k1'
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { addressParams } from '@portico/adapter-bitcoin'
import { verifyBitcoinMessage } from '@portico/adapter-bitcoin/psbt'
import { type BitcoinDevnet, startBitcoinDevnet } from '@portico/devnet'
import { base58check } from '@scure/base'
import { initEccLib, networks, Psbt, payments, Transaction } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bitcoinKeys } from './bitcoin/index.js'
import { BITCOIN_DERIVATION } from './bitcoin/key.js'
import { MAX_MESSAGE_BYTES } from './bitcoin/request.js'
import { BITCOIN_FRAME_CATALOGUE } from './bitcoin/strings.js'
import { type ChainRequest, ChainWireError, deriveChainSeed } from './chain-keys.js'
import { solanaSeed } from './solana.js'

initEccLib(ecc)
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const MAINNET = 'bip122:000000000019d6689c085ae165831e93'
const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'
const secret = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

const ask = (method: string, params: Record<string, unknown>, chainId = REGTEST) =>
  bitcoinKeys.parse({ type: 'bip122', method, params, chainId })
const must = (r: ChainRequest | undefined) => {
  if (!r) throw new Error('the request did not parse')
  return r
}
type Account = { address: string; publicKey: string; intention: 'payment' | 'ordinal' }
const accounts = async (chainId = REGTEST) =>
  bitcoinKeys.answerPublic(
    must(ask('getAccountAddresses', {}, chainId)),
    await bitcoinKeys.publicKey(secret),
  ) as Account[]

describe('embedded wallet, Bitcoin key (issue 14: secp256k1 for bip122 from the same 2-of-3 secret)', () => {
  it('the key is HMAC-derived under its own label: not the EVM key, not the Solana seed, and its addresses are pinned', async () => {
    const seed = await deriveChainSeed(BITCOIN_DERIVATION, secret)
    const publicKey = await bitcoinKeys.publicKey(secret)
    expect(publicKey).toBe(hex(secp256k1.getPublicKey(seed, true)))
    expect(publicKey).not.toBe(hex(secp256k1.getPublicKey(secret, true)))
    expect(seed).not.toEqual(secret)
    expect(seed).not.toEqual(await solanaSeed(secret))
    // A wallet's Bitcoin addresses never change across releases: this secret's are pinned.
    expect((await accounts(MAINNET)).map((a) => a.address)).toMatchInlineSnapshot(`
      [
        "bc1qmxj6afu3d25jxsds9d3l3qemdhs9kws500dzq8",
        "bc1pw3hqhy9y3y36tzdrtkj75f2kpgcgnj20rdlh0483hxqfdwdhs4jqj527xq",
      ]
    `)
    // The secret is untouched (the caller wipes it).
    expect(secret).toEqual(Uint8Array.from({ length: 32 }, (_, i) => i + 1))
  })

  it.each([
    ['mainnet', MAINNET, networks.bitcoin],
    ['testnet', TESTNET, networks.testnet],
    ['regtest', REGTEST, networks.regtest],
  ])(
    'on %s the payment address is bitcoinjs-lib’s P2WPKH of the key and the ordinal one its BIP-86 P2TR',
    async (_n, chain, network) => {
      const [payment, ordinal] = await accounts(chain)
      const pubkey = Buffer.from(payment!.publicKey, 'hex')
      expect(payment).toEqual({
        address: payments.p2wpkh({ pubkey, network }).address,
        publicKey: hex(pubkey),
        intention: 'payment',
      })
      expect(ordinal).toEqual({
        address: payments.p2tr({ internalPubkey: pubkey.subarray(1), network }).address,
        publicKey: hex(pubkey.subarray(1)),
        intention: 'ordinal',
      })
      const onlyPayment = bitcoinKeys.answerPublic(
        must(ask('getAccountAddresses', { intentions: ['payment'] }, chain)),
        payment!.publicKey,
      )
      expect(onlyPayment).toEqual([payment])
    },
  )

  it('key export: mainnet WIF of the derived key, and the note names the P2WPKH address it imports as', async () => {
    const exported = await bitcoinKeys.exportKey(secret)
    const bytes = base58check(sha256).decode(exported.key)
    expect(bytes[0]).toBe(0x80)
    expect(bytes[33]).toBe(0x01)
    expect(bytes.subarray(1, 33)).toEqual(await deriveChainSeed(BITCOIN_DERIVATION, secret))
    const [payment, ordinal] = await accounts(MAINNET)
    expect(exported.note).toContain(payment!.address)
    expect(exported.note).toContain(ordinal!.address)
    expect(exported.label).toBe('Bitcoin private key (WIF)')
  })
})

describe('Bitcoin requests are schema-checked (frame side)', () => {
  const address = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
  const psbt = 'cHNidP8BAA=='
  it('keeps only the fields the frame uses, with defaults', () => {
    expect(ask('getAccountAddresses', { account: address })?.params).toEqual({
      intentions: ['payment', 'ordinal'],
    })
    expect(ask('signMessage', { account: address, address, message: 'hi' })?.params).toEqual({
      address,
      message: 'hi',
      protocol: 'ecdsa',
    })
    expect(ask('signPsbt', { psbt, signInputs: [{ address, index: 0 }] })).toEqual({
      type: 'bip122',
      method: 'signPsbt',
      params: { psbt, signInputs: [{ address, index: 0 }], broadcast: false },
      chainId: REGTEST,
    })
  })

  it.each([
    ['another method', 'sendTransfer', { address, amount: '1' }],
    ['an unknown intention', 'getAccountAddresses', { intentions: ['stacks'] }],
    ['a message over 4 KiB', 'signMessage', { address, message: 'é'.repeat(MAX_MESSAGE_BYTES / 2 + 1) }],
    ['a message that is not text', 'signMessage', { address, message: [1, 2] }],
    ['an unknown protocol', 'signMessage', { address, message: 'hi', protocol: 'bip137' }],
    ['an address with other characters', 'signMessage', { address: '<b>bcrt1q</b>xxxxxxxx', message: 'hi' }],
    ['a PSBT that is not base64', 'signPsbt', { psbt: 'cHNi*P8=', signInputs: [{ address, index: 0 }] }],
    ['a PSBT over 256 KiB', 'signPsbt', { psbt: 'A'.repeat(349_532), signInputs: [{ address, index: 0 }] }],
    ['no input to sign', 'signPsbt', { psbt, signInputs: [] }],
    ['a negative input index', 'signPsbt', { psbt, signInputs: [{ address, index: -1 }] }],
    [
      'a sighash that is not a byte',
      'signPsbt',
      { psbt, signInputs: [{ address, index: 0, sighashTypes: [256] }] },
    ],
    [
      'broadcast that is not a boolean',
      'signPsbt',
      { psbt, signInputs: [{ address, index: 0 }], broadcast: 'yes' },
    ],
  ])('ignores %s', (_name, method, params) => {
    expect(ask(method, params as Record<string, unknown>)).toBeUndefined()
  })

  it('ignores a chain the frame does not know and a payload of another namespace', () => {
    expect(ask('getAccountAddresses', {}, 'bip122:00000000000000000000000000000000')).toBeUndefined()
    expect(ask('getAccountAddresses', {}, 'eip155:1')).toBeUndefined()
    expect(
      bitcoinKeys.parse({ type: 'cosmos', method: 'getAccountAddresses', params: {}, chainId: REGTEST }),
    ).toBeUndefined()
  })
})

describe('Bitcoin messages: signed in the frame, verified by the adapter’s own verifier', () => {
  it.each([
    ['ecdsa', 'payment'],
    ['bip322', 'payment'],
    ['bip322', 'ordinal'],
  ] as const)(
    '%s for the %s address verifies, and the card shows the text as text',
    async (protocol, intention) => {
      const own = (await accounts()).find((a) => a.intention === intention)!
      const message = `<img src=x onerror=alert(1)> Sign in to example.com\nNonce: 42`
      const request = must(ask('signMessage', { address: own.address, message, protocol }))
      const card = bitcoinKeys.describe(request, await bitcoinKeys.publicKey(secret))
      expect(card.title).toBe('Sign message (Bitcoin)')
      expect(card.details).toEqual([{ label: 'Message', text: message }])
      expect(card.lines).toContain(`Signed by ${own.address} (this wallet)`)
      expect(card.lines).toContain(`Network: Bitcoin Regtest (${REGTEST})`)
      const answer = (await bitcoinKeys.sign(secret, request)) as { address: string; signature: string }
      expect(answer.address).toBe(own.address)
      expect(
        verifyBitcoinMessage({
          message,
          address: own.address,
          signature: answer.signature,
          protocol,
          params: addressParams(REGTEST),
        }),
      ).toBe(true)
      expect(
        verifyBitcoinMessage({
          message: `${message}!`,
          address: own.address,
          signature: answer.signature,
          protocol,
          params: addressParams(REGTEST),
        }),
      ).toBe(false)
    },
  )

  it('refuses ECDSA for the taproot address and any address that is not this wallet’s', async () => {
    const [payment, ordinal] = await accounts()
    const key = await bitcoinKeys.publicKey(secret)
    const ecdsaTaproot = must(
      ask('signMessage', { address: ordinal!.address, message: 'hi', protocol: 'ecdsa' }),
    )
    expect(() => bitcoinKeys.describe(ecdsaTaproot, key)).toThrow(/use bip322/)
    await expect(bitcoinKeys.sign(secret, ecdsaTaproot)).rejects.toBeInstanceOf(ChainWireError)
    const other = must(
      ask('signMessage', { address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', message: 'hi' }),
    )
    expect(() => bitcoinKeys.describe(other, key)).toThrow(/not an address of this wallet/)
    await expect(bitcoinKeys.sign(secret, other)).rejects.toThrow(/not an address of this wallet/)
    // The same key's address on another network is not this network's.
    const mainnet = must(
      ask('signMessage', { address: (await accounts(MAINNET))[0]!.address, message: 'hi' }),
    )
    expect(() => bitcoinKeys.describe(mainnet, key)).toThrow(ChainWireError)
    expect(payment!.intention).toBe('payment')
  })
})

describe("the signer frame's Bitcoin catalogue", () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
  it.each(Object.entries(BITCOIN_FRAME_CATALOGUE))(
    '%s has every key of the English catalogue, none empty, with the same placeholders',
    (locale, strings) => {
      const en = BITCOIN_FRAME_CATALOGUE.en
      expect(Object.keys(strings).sort()).toEqual(Object.keys(en).sort())
      for (const [key, value] of Object.entries(strings)) {
        expect(value.trim(), key).not.toBe('')
        expect(placeholders(value), key).toEqual(placeholders(en[key as keyof typeof en]))
        if (locale !== 'en' && key !== 'thisWallet')
          expect(value, `${locale}.${key}`).not.toBe(en[key as keyof typeof en])
      }
    },
  )
})

let btc: BitcoinDevnet
beforeAll(async () => {
  btc = await startBitcoinDevnet()
}, 120_000)
afterAll(async () => {
  await btc?.stop()
})

/** Pays `sats` from the devnet miner to `address` (mined); the UTXO as Esplora lists it. */
async function fund(address: string, sats: number) {
  const { bcoin, node, miner, outputScript } = btc.node
  const mtx = new bcoin.MTX()
  mtx.addOutput(bcoin.Script.fromRaw(outputScript(address)), sats)
  const tip = btc.node.height()
  const coins = (await node.getCoinsByAddress([miner.keyring.getAddress()])).filter(
    (c: { height: number }) => c.height >= 0 && tip - c.height >= 100,
  )
  await mtx.fund(coins, { changeAddress: miner.keyring.getAddress(), rate: 2000 })
  mtx.sign(miner.keyring)
  await node.mempool.addTX(mtx.toTX())
  await btc.mine(1)
  const utxos = (await (await fetch(`${btc.esploraUrl}/address/${address}/utxo`)).json()) as {
    txid: string
    vout: number
    value: number
  }[]
  const utxo = utxos.find((u) => u.value === sats)
  if (!utxo) throw new Error(`no ${sats}-sat UTXO for ${address}`)
  return utxo
}

const sats = async (address: string) =>
  ((await (await fetch(`${btc.esploraUrl}/address/${address}/utxo`)).json()) as { value: number }[]).reduce(
    (s, u) => s + u.value,
    0,
  )

describe('Bitcoin PSBTs: signed in the frame, finalized by bitcoinjs-lib, accepted by the bcoin regtest node', () => {
  const valid = (pubkey: Uint8Array, hash: Uint8Array, signature: Uint8Array) =>
    pubkey.length === 32 ? ecc.verifySchnorr(hash, pubkey, signature) : ecc.verify(hash, pubkey, signature)

  it('spends a P2WPKH UTXO of this wallet (its previous transaction in the PSBT): the card lists the input, outputs (own marked), the proven fee and network, each equal to the signed transaction; the node mines it', async () => {
    const [payment] = await accounts()
    const a = await fund(payment!.address, 150_000)
    const to = btc.fixtures.devAccounts[1]!.payment.address
    const before = await sats(to)
    const psbt = new Psbt({ network: networks.regtest })
    const script = payments.p2wpkh({
      pubkey: Buffer.from(payment!.publicKey, 'hex'),
      network: networks.regtest,
    }).output!
    const previous = Buffer.from(await (await fetch(`${btc.esploraUrl}/tx/${a.txid}/hex`)).text(), 'hex')
    psbt.addInput({
      hash: a.txid,
      index: a.vout,
      witnessUtxo: { script, value: 150_000n },
      nonWitnessUtxo: previous,
    })
    psbt.addOutput({ address: to, value: 123_456n })
    psbt.addOutput({ address: payment!.address, value: 25_000n })
    const request = must(
      ask('signPsbt', {
        psbt: psbt.toBase64(),
        signInputs: [{ address: payment!.address, index: 0 }],
        broadcast: false,
      }),
    )
    expect(bitcoinKeys.describe(request, await bitcoinKeys.publicKey(secret))).toEqual({
      title: 'Sign transaction (Bitcoin)',
      lines: [
        `Spend 0.00150000 BTC from ${payment!.address} (this wallet) (input 0)`,
        `Send 0.00123456 BTC to ${to}`,
        `Send 0.00025000 BTC to ${payment!.address} (this wallet)`,
        'Network fee: 0.00001544 BTC',
        `Network: Bitcoin Regtest (${REGTEST})`,
      ],
    })
    const { psbt: signed } = (await bitcoinKeys.sign(secret, request)) as { psbt: string }
    const back = Psbt.fromBase64(signed, { network: networks.regtest })
    expect(back.validateSignaturesOfInput(0, valid)).toBe(true)
    back.finalizeAllInputs()
    const tx = back.extractTransaction()
    // What the card said is what was signed: outputs and fee read back from the final transaction.
    expect(tx.outs.map((o) => o.value)).toEqual([123_456n, 25_000n])
    expect(back.getFee()).toBe(1544n)
    const res = await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: tx.toHex() })
    expect(await res.text()).toBe(tx.getId())
    await btc.mine(1)
    expect(await sats(to)).toBe(before + 123_456)
    const status = (await (await fetch(`${btc.esploraUrl}/tx/${tx.getId()}/status`)).json()) as {
      confirmed: boolean
    }
    expect(status.confirmed).toBe(true)
  })

  // bcoin has no taproot (it refuses witness v1 spends as non-standard), so the P2TR key-path
  // signature is checked by bitcoinjs-lib's BIP-341 sighash and BIP-340 verification instead.
  it.each([
    ['DEFAULT', undefined, 64],
    ['ALL', [1], 65],
  ] as const)(
    'signs a P2TR input next to a P2WPKH one with SIGHASH_%s: bitcoinjs-lib verifies both and finalizes',
    async (_n, sighashTypes, length) => {
      const [payment, ordinal] = await accounts()
      const psbt = new Psbt({ network: networks.regtest })
      psbt.addInput({
        hash: '66'.repeat(32),
        index: 0,
        witnessUtxo: {
          script: payments.p2wpkh({
            pubkey: Buffer.from(payment!.publicKey, 'hex'),
            network: networks.regtest,
          }).output!,
          value: 40_000n,
        },
      })
      psbt.addInput({
        hash: '77'.repeat(32),
        index: 3,
        witnessUtxo: {
          script: payments.p2tr({
            internalPubkey: Buffer.from(ordinal!.publicKey, 'hex'),
            network: networks.regtest,
          }).output!,
          value: 60_000n,
        },
      })
      psbt.addOutput({ address: btc.fixtures.devAccounts[0]!.payment.address, value: 99_000n })
      const request = must(
        ask('signPsbt', {
          psbt: psbt.toBase64(),
          signInputs: [
            { address: payment!.address, index: 0 },
            { address: ordinal!.address, index: 1, ...(sighashTypes ? { sighashTypes } : {}) },
          ],
        }),
      )
      const card = bitcoinKeys.describe(request, await bitcoinKeys.publicKey(secret))
      expect(card.lines[1]).toBe(`Spend 0.00060000 BTC from ${ordinal!.address} (this wallet) (input 1)`)
      expect(card.lines).toContain('Network fee: 0.00001000 BTC')
      const back = Psbt.fromBase64(((await bitcoinKeys.sign(secret, request)) as { psbt: string }).psbt)
      expect(back.data.inputs[1]!.tapKeySig).toHaveLength(length)
      expect(back.validateSignaturesOfInput(0, valid)).toBe(true)
      expect(back.validateSignaturesOfInput(1, valid)).toBe(true)
      back.finalizeAllInputs()
      expect(back.extractTransaction().ins[1]!.witness).toHaveLength(1)
    },
  )

  it('refuses an input that is not this wallet’s, other sighash types, non-PSBT bytes and broadcast: true, each with its reason', async () => {
    const [payment, ordinal] = await accounts()
    const key = await bitcoinKeys.publicKey(secret)
    const foreign = btc.fixtures.devAccounts[0]!.payment.address
    const psbt = new Psbt({ network: networks.regtest })
    psbt.addInput({
      hash: '11'.repeat(32),
      index: 0,
      witnessUtxo: {
        script: payments.p2wpkh({ address: foreign, network: networks.regtest }).output!,
        value: 10_000n,
      },
    })
    psbt.addInput({
      hash: '22'.repeat(32),
      index: 1,
      witnessUtxo: {
        script: payments.p2wpkh({ pubkey: Buffer.from(payment!.publicKey, 'hex'), network: networks.regtest })
          .output!,
        value: 20_000n,
      },
    })
    psbt.addInput({ hash: '33'.repeat(32), index: 2 })
    psbt.addOutput({ address: foreign, value: 25_000n })
    const base = psbt.toBase64()
    const refused = async (params: Record<string, unknown>, reason: RegExp) => {
      const request = must(ask('signPsbt', params))
      expect(() => bitcoinKeys.describe(request, key)).toThrow(reason)
      await expect(bitcoinKeys.sign(secret, request)).rejects.toThrow(reason)
    }
    await refused(
      { psbt: base, signInputs: [{ address: payment!.address, index: 0 }] },
      /input 0 does not spend/,
    )
    await refused(
      { psbt: base, signInputs: [{ address: foreign, index: 0 }] },
      /not an address of this wallet/,
    )
    await refused(
      { psbt: base, signInputs: [{ address: payment!.address, index: 7 }] },
      /input 7 does not exist/,
    )
    await refused(
      { psbt: base, signInputs: [{ address: payment!.address, index: 2 }] },
      /does not state the output/,
    )
    await refused(
      { psbt: base, signInputs: [{ address: payment!.address, index: 1, sighashTypes: [0x83] }] },
      /sighash 0x83: this wallet signs SIGHASH_ALL only/,
    )
    const none = Psbt.fromBase64(base)
    none.updateInput(1, { sighashType: 0x02 })
    await refused(
      { psbt: none.toBase64(), signInputs: [{ address: payment!.address, index: 1 }] },
      /sighash 0x02/,
    )
    await refused(
      {
        psbt: Buffer.from('not a psbt').toString('base64'),
        signInputs: [{ address: payment!.address, index: 1 }],
      },
      /not a PSBT/,
    )
    await refused(
      { psbt: base, signInputs: [{ address: payment!.address, index: 1 }], broadcast: true },
      /broadcast is not supported/,
    )
    // The card says the fee is unknown while an input does not state its amount.
    const card = bitcoinKeys.describe(
      must(ask('signPsbt', { psbt: base, signInputs: [{ address: payment!.address, index: 1 }] })),
      key,
    )
    expect(card.lines).toContain('Network fee: unknown (some inputs do not state their amount)')
    expect(card.lines.some((l) => /Network fee: 0\./.test(l))).toBe(false)
    expect(card.lines).toContain('Other inputs, not signed by this wallet: 2')
    // Taproot commits to every input's amount: with one unknown, its input is refused.
    const tr = new Psbt({ network: networks.regtest })
    tr.addInput({
      hash: '44'.repeat(32),
      index: 0,
      witnessUtxo: {
        script: payments.p2tr({
          internalPubkey: Buffer.from(ordinal!.publicKey, 'hex'),
          network: networks.regtest,
        }).output!,
        value: 5_000n,
      },
    })
    tr.addInput({ hash: '55'.repeat(32), index: 0 })
    tr.addOutput({ address: foreign, value: 4_000n })
    await refused(
      { psbt: tr.toBase64(), signInputs: [{ address: ordinal!.address, index: 0 }] },
      /input 1 does not state its output/,
    )
    // A taproot input may ask for DEFAULT or ALL, nothing else.
    const one = new Psbt({ network: networks.regtest })
    one.addInput({ hash: '44'.repeat(32), index: 0, witnessUtxo: tr.data.inputs[0]!.witnessUtxo! })
    one.addOutput({ address: foreign, value: 4_000n })
    await refused(
      { psbt: one.toBase64(), signInputs: [{ address: ordinal!.address, index: 0, sighashTypes: [0x81] }] },
      /sighash 0x81/,
    )
  })
})

describe('Bitcoin fee proof (issue 29: the two-round fee attack on segwit v0)', () => {
  const previousTx = (value: bigint, script: Uint8Array) => {
    const tx = new Transaction()
    tx.addInput(Buffer.alloc(32, 9), 0)
    tx.addOutput(Buffer.from(script), value)
    return tx
  }
  const p2wpkh = (publicKey: string) =>
    payments.p2wpkh({ pubkey: Buffer.from(publicKey, 'hex'), network: networks.regtest }).output!

  // @scure/btc-signer reads the PSBT: its parser checks each previous transaction against its
  // outpoint and any witness UTXO against it; the frame turns its errors into the card's reasons.
  it.each([
    ['a lower amount (a hidden fee)', 40_000n, false],
    ['the same amount in another script', 50_000n, true],
  ] as const)(
    'a witness UTXO that disagrees with the input’s previous transaction is refused by @scure/btc-signer’s parser: %s',
    async (_n, statedValue, otherScript) => {
      const [payment] = await accounts()
      const script = p2wpkh(payment!.publicKey)
      const prev = previousTx(50_000n, script)
      const psbt = new Psbt({ network: networks.regtest })
      psbt.addInput({ hash: prev.getId(), index: 0, nonWitnessUtxo: prev.toBuffer() })
      const stated = otherScript
        ? payments.p2wpkh({
            address: btc.fixtures.devAccounts[0]!.payment.address,
            network: networks.regtest,
          }).output!
        : script
      psbt.updateInput(0, { witnessUtxo: { script: stated, value: statedValue } })
      psbt.addOutput({ address: payment!.address, value: 39_000n })
      const request = must(
        ask('signPsbt', { psbt: psbt.toBase64(), signInputs: [{ address: payment!.address, index: 0 }] }),
      )
      const key = await bitcoinKeys.publicKey(secret)
      const reason = /witness UTXO disagrees with its previous transaction \(the two-round fee attack\)/
      expect(() => bitcoinKeys.describe(request, key)).toThrow(reason)
      await expect(bitcoinKeys.sign(secret, request)).rejects.toThrow(ChainWireError)
      await expect(bitcoinKeys.sign(secret, request)).rejects.toThrow(reason)
    },
  )

  it('a previous transaction that is not the one the input spends (its txid differs) is refused', async () => {
    const [payment] = await accounts()
    const script = p2wpkh(payment!.publicKey)
    const prev = previousTx(50_000n, script)
    const psbt = new Psbt({ network: networks.regtest })
    psbt.addInput({ hash: prev.getId(), index: 0, witnessUtxo: { script, value: 50_000n } })
    psbt.addOutput({ address: payment!.address, value: 49_000n })
    // The same output in another transaction: only its txid tells it apart.
    const other = new Transaction()
    other.addInput(Buffer.alloc(32, 8), 0)
    other.addOutput(Buffer.from(script), 50_000n)
    // bitcoinjs-lib checks the txid itself when given nonWitnessUtxo: write the field raw (key 0x00).
    psbt.data.inputs[0]!.unknownKeyVals = [{ key: Buffer.of(0x00), value: other.toBuffer() }]
    const request = must(
      ask('signPsbt', { psbt: psbt.toBase64(), signInputs: [{ address: payment!.address, index: 0 }] }),
    )
    const key = await bitcoinKeys.publicKey(secret)
    expect(() => bitcoinKeys.describe(request, key)).toThrow(/previous transaction is not the one it spends/)
    await expect(bitcoinKeys.sign(secret, request)).rejects.toThrow(ChainWireError)
  })

  it('the fee shows only when every input’s amount is proven: a witness UTXO alone is the site’s word; the full previous transaction proves it, and the signed fee is the card’s', async () => {
    const [payment] = await accounts()
    const script = p2wpkh(payment!.publicKey)
    const prev = previousTx(80_000n, script)
    const stated = new Psbt({ network: networks.regtest })
    stated.addInput({ hash: prev.getId(), index: 0, witnessUtxo: { script, value: 80_000n } })
    stated.addOutput({ address: payment!.address, value: 79_000n })
    const key = await bitcoinKeys.publicKey(secret)
    const ask1 = must(
      ask('signPsbt', { psbt: stated.toBase64(), signInputs: [{ address: payment!.address, index: 0 }] }),
    )
    expect(bitcoinKeys.describe(ask1, key).lines).toEqual([
      `Spend 0.00080000 BTC from ${payment!.address} (this wallet) (input 0; amount as the site states it, not proven)`,
      `Send 0.00079000 BTC to ${payment!.address} (this wallet)`,
      'Network fee: not shown (an input’s amount is not proven: the request lacks its previous transaction)',
      `Network: Bitcoin Regtest (${REGTEST})`,
    ])
    const proven = new Psbt({ network: networks.regtest })
    proven.addInput({ hash: prev.getId(), index: 0, nonWitnessUtxo: prev.toBuffer() })
    proven.addOutput({ address: payment!.address, value: 79_000n })
    const ask2 = must(
      ask('signPsbt', { psbt: proven.toBase64(), signInputs: [{ address: payment!.address, index: 0 }] }),
    )
    const card = bitcoinKeys.describe(ask2, key)
    const back = Psbt.fromBase64(((await bitcoinKeys.sign(secret, ask2)) as { psbt: string }).psbt, {
      network: networks.regtest,
    })
    back.finalizeAllInputs()
    const fee = back.getFee()
    expect(card.lines).toContain(`Network fee: 0.${String(fee).padStart(8, '0')} BTC`)
    expect(card.lines[0]).toBe(`Spend 0.00080000 BTC from ${payment!.address} (this wallet) (input 0)`)
  })
})
