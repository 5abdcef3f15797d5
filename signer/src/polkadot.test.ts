import { Keyring } from '@polkadot/keyring'
import { TypeRegistry } from '@polkadot/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import {
  cryptoWaitReady,
  decodeAddress,
  ed25519PairFromSeed,
  ed25519Verify,
  encodeAddress,
  signatureVerify,
} from '@polkadot/util-crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { type ChainRequest, ChainWireError } from './chain-keys.js'
import { polkadotKeys } from './polkadot/index.js'
import { POLKADOT_DERIVATION, polkadotSeed } from './polkadot/key.js'
import { encodePayload, type PolkadotPayload, readPayload } from './polkadot/payload.js'
import { ss58Decode, ss58Encode } from './polkadot/ss58.js'
import { POLKADOT_FRAME_CATALOGUE } from './polkadot/strings.js'
import { solanaSigner } from './solana.js'

const secret = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const GENESIS = `0x${'45'.repeat(32)}`
const CHAIN = `polkadot:${'45'.repeat(16)}`
const STANDARD = [
  'CheckNonZeroSender',
  'CheckSpecVersion',
  'CheckTxVersion',
  'CheckGenesis',
  'CheckMortality',
  'CheckNonce',
  'CheckWeight',
  'ChargeTransactionPayment',
]
// A balances.transferKeepAlive-shaped call: pallet 10, call 3, a MultiAddress::Id, a compact amount.
const CALL = `0x0a0300${'22'.repeat(32)}0b00a0724e1809`

let own: string
let publicKey: string

/** A payload in the form polkadot.js' `SignerPayload.toPayload()` writes (integers as fixed-width hex). */
function payload(over: Record<string, unknown> = {}): SignerPayloadJSON {
  return {
    address: own,
    blockHash: `0x${'11'.repeat(32)}`,
    blockNumber: '0x00000064',
    era: '0x5500',
    genesisHash: GENESIS,
    method: CALL,
    nonce: '0x00000005',
    signedExtensions: STANDARD,
    specVersion: '0x00000384',
    tip: '0x00000000000000000000000000000000',
    transactionVersion: '0x00000003',
    version: 4,
    ...over,
  } as SignerPayloadJSON
}

const request = (method: string, params: Record<string, unknown>, chainId = CHAIN) =>
  polkadotKeys.parse({ type: 'polkadot', method, params, chainId })

function txRequest(p: SignerPayloadJSON, chainId = CHAIN): ChainRequest {
  const r = request('polkadot_signTransaction', { address: p.address, transactionPayload: p }, chainId)
  if (!r) throw new Error('the payload did not parse')
  return r
}

/** polkadot.js' own encoding of the same payload (the reference): the ExtrinsicPayload bytes a signature covers. */
function reference(p: SignerPayloadJSON): Uint8Array {
  const registry = new TypeRegistry()
  registry.setSignedExtensions(p.signedExtensions)
  return registry.createType('ExtrinsicPayload', p, { version: 4 }).toU8a({ method: true })
}

beforeAll(async () => {
  await cryptoWaitReady()
  publicKey = await polkadotKeys.publicKey(secret)
  own = ss58Encode(Uint8Array.from(Buffer.from(publicKey, 'hex')), 2)
})

describe('embedded wallet, Polkadot key (issue 14: an ed25519 account from the same 2-of-3 secret)', () => {
  it('the ed25519 seed is HMAC-derived under its own label: pinned, not the secret, not the Solana key', async () => {
    const seed = await polkadotSeed(secret)
    expect(POLKADOT_DERIVATION).toBe('portico embedded wallet / polkadot ed25519 / v1')
    expect(seed).not.toEqual(secret)
    // A wallet's Polkadot account never changes across releases: this secret's public key is pinned.
    expect(publicKey).toMatchInlineSnapshot(
      `"0f12385bf2b4f67240ba36f5d4056758860c3f49cdf9640cb159cd319779ee7b"`,
    )
    const solana = await solanaSigner(secret)
    expect(publicKey).not.toBe(Buffer.from(solana.publicKey).toString('hex'))
    expect(u8aToHex(ed25519PairFromSeed(seed).publicKey)).toBe(`0x${publicKey}`)
  })

  it('polkadot_getAccounts answers the SS58 address of the network’s prefix, as @polkadot/util-crypto encodes the ed25519 key of that seed', async () => {
    const pair = ed25519PairFromSeed(await polkadotSeed(secret))
    for (const ss58Prefix of [0, 2, 42, 64, 1284, 16383]) {
      const r = request('polkadot_getAccounts', { ss58Prefix })
      if (!r) throw new Error(`prefix ${ss58Prefix} did not parse`)
      expect(polkadotKeys.publicMethods).toContain(r.method)
      const [account] = polkadotKeys.answerPublic(r, publicKey) as { address: string }[]
      expect(account).toEqual({
        address: encodeAddress(pair.publicKey, ss58Prefix),
        publicKey: u8aToHex(pair.publicKey),
        type: 'ed25519',
      })
      const decoded = ss58Decode(account!.address)
      expect(decoded?.prefix).toBe(ss58Prefix)
      expect(decoded?.publicKey).toEqual(decodeAddress(account!.address))
    }
    // A changed character breaks the checksum; reserved and out-of-range prefixes are not asked for.
    const good = encodeAddress(pair.publicKey, 0)
    const bad = `${good.slice(0, 10)}${good[10] === 'a' ? 'b' : 'a'}${good.slice(11)}`
    expect(ss58Decode(bad)).toBeUndefined()
    for (const ss58Prefix of [46, 47, 16384, -1, 1.5, '2'])
      expect(request('polkadot_getAccounts', { ss58Prefix })).toBeUndefined()
  })

  it('the signing payload is byte-equal to @polkadot/types’ ExtrinsicPayload: mortal and immortal, tips, asset fees, with and without CheckMetadataHash', () => {
    const registry = new TypeRegistry()
    // toPayload() writes the asset as the SCALE bytes of `Option<AssetId>` (Some: 0x01 ‖ the location).
    const location = `0x01${registry
      .createType('MultiLocation', {
        parents: 0,
        interior: { X2: [{ PalletInstance: 50 }, { GeneralIndex: 1984 }] },
      })
      .toHex()
      .slice(2)}`
    const cases: SignerPayloadJSON[] = [
      payload(),
      payload({ era: '0x00', blockHash: GENESIS }),
      payload({ tip: '0x000000000000000000000000000f4240', nonce: '0x0001e240' }),
      payload({ nonce: '0xffffffff', tip: `0x${'ff'.repeat(16)}`, era: '0xe503' }),
      payload({ signedExtensions: [...STANDARD, 'CheckMetadataHash'], mode: 0, metadataHash: null }),
      payload({
        signedExtensions: [...STANDARD, 'CheckMetadataHash'],
        mode: 1,
        metadataHash: `0x${'33'.repeat(32)}`,
      }),
      payload({
        signedExtensions: [
          ...STANDARD.filter((e) => e !== 'ChargeTransactionPayment'),
          'ChargeAssetTxPayment',
        ],
        tip: '0x00000000000000000000000000000007',
      }),
      payload({
        signedExtensions: [
          ...STANDARD.filter((e) => e !== 'ChargeTransactionPayment'),
          'ChargeAssetTxPayment',
          'CheckMetadataHash',
        ],
        assetId: location,
        mode: 1,
        metadataHash: `0x${'44'.repeat(32)}`,
      }),
      payload({ method: `0x0001${'ab'.repeat(400)}` }),
    ]
    for (const p of cases) {
      const read = readPayload(p) as PolkadotPayload
      expect(u8aToHex(encodePayload(read)), JSON.stringify(p)).toBe(u8aToHex(reference(p)))
    }
  })

  it('a transaction signature is 0x00 ‖ 64 bytes (an ed25519 MultiSignature) equal to polkadot.js’ own ed25519 signature, the payload hashed with blake2b-256 above 256 bytes', async () => {
    const keyring = new Keyring({ type: 'ed25519' })
    const pair = keyring.addFromSeed(await polkadotSeed(secret))
    for (const method of [CALL, `0x0001${'ab'.repeat(400)}`]) {
      const p = payload({ method })
      const out = (await polkadotKeys.sign(secret, txRequest(p))) as { signature: string }
      expect(out.signature).toMatch(/^0x00[0-9a-f]{128}$/)
      const registry = new TypeRegistry()
      registry.setSignedExtensions(p.signedExtensions)
      // Ed25519 signatures are deterministic: the reference signer gives the same bytes.
      expect(out.signature).toBe(
        registry.createType('ExtrinsicPayload', p, { version: 4 }).sign(pair).signature,
      )
    }
  })

  it("the call on the card is the call in the signed payload: polkadot.js decodes the signed ExtrinsicPayload and its method is the card's bytes, and the signature verifies over that payload", async () => {
    for (const method of [CALL, `0x0001${'cd'.repeat(700)}`]) {
      const p = payload({ method })
      const r = txRequest(p)
      const card = await polkadotKeys.describe(r, publicKey)
      const out = (await polkadotKeys.sign(secret, r)) as { signature: string }
      const registry = new TypeRegistry()
      registry.setSignedExtensions(p.signedExtensions)
      const signed = registry.createType('ExtrinsicPayload', p, { version: 4 })
      expect(card.details?.[0]?.text).toBe(signed.method.toHex())
      expect(card.lines).toContain(`Nonce: ${signed.nonce.toNumber()}`)
      expect(card.lines).toContain(`Runtime spec version: ${signed.specVersion.toNumber()}`)
      const bytes = signed.toU8a({ method: true })
      const covered = bytes.length > 256 ? registry.hash(bytes) : bytes
      expect(ed25519Verify(covered, Buffer.from(out.signature.slice(4), 'hex'), decodeAddress(own))).toBe(
        true,
      )
    }
  })

  it('signMessage signs the <Bytes>-wrapped message (as extensions do), type-prefixed; it verifies as the adapter verifies it and never as the bare bytes', async () => {
    for (const message of ['0x68656c6c6f', 'Sign in to Portico', '0x3c42797465733e68693c2f42797465733e']) {
      const r = request('polkadot_signMessage', { address: own, message })
      if (!r) throw new Error('did not parse')
      const { signature } = (await polkadotKeys.sign(secret, r)) as { signature: string }
      expect(signature).toMatch(/^0x00[0-9a-f]{128}$/)
      const bytes = message.startsWith('0x') ? Buffer.from(message.slice(2), 'hex') : Buffer.from(message)
      // The adapter's check: signatureVerify over the wrapped bytes, for the account's address.
      expect(signatureVerify(u8aWrapBytes(bytes), signature, own)).toMatchObject({
        isValid: true,
        crypto: 'ed25519',
      })
      // The raw ed25519 check (signatureVerify also tries the wrapped form): the bare bytes were never signed.
      const raw = Buffer.from(signature.slice(4), 'hex')
      expect(ed25519Verify(u8aWrapBytes(bytes), raw, decodeAddress(own))).toBe(true)
      if (!bytes.toString().startsWith('<Bytes>'))
        expect(ed25519Verify(bytes, raw, decodeAddress(own))).toBe(false)
    }
    const what = await polkadotKeys.describe(
      request('polkadot_signMessage', { address: own, message: '0x68656c6c6f' })!,
      publicKey,
    )
    expect(what).toEqual({
      title: 'Sign message (Polkadot)',
      lines: [`Account: ${own} (this wallet)`, `Network: ${CHAIN}`],
      details: [{ label: 'Message', text: 'hello' }],
    })
  })

  it('describe, without the chain’s metadata, shows network, account, the call whole as undecoded hex under a "not decoded" warning, nonce, tip, mortality and spec version', async () => {
    const mortal = await polkadotKeys.describe(
      txRequest(payload({ method: `0x0001${'ab'.repeat(100)}` })),
      publicKey,
    )
    expect(mortal.title).toBe('Sign transaction (Polkadot)')
    expect(mortal.lines).toEqual([
      `Network: ${CHAIN}`,
      `Account: ${own} (this wallet)`,
      'Call: 102 bytes (shown whole below)',
      'Nonce: 5',
      'Tip: 0 (smallest units)',
      // Era 0x5500: period 64 (2 << 5), phase 5; block 100 lies in the era born at block 69.
      'Valid for 64 blocks from block 69',
      'Runtime spec version: 900',
    ])
    expect(mortal.warnings).toEqual([
      'Blind signature: the call is not decoded (the chain’s metadata for this runtime could not be read, or these bytes are not one of its calls). It may move anything this account controls: approve only if you trust the site that asks.',
    ])
    expect(mortal.details).toEqual([
      { label: 'Call (SCALE bytes, not decoded)', text: `0x0001${'ab'.repeat(100)}` },
    ])
    const immortal = await polkadotKeys.describe(
      txRequest(payload({ era: '0x00', blockHash: GENESIS, tip: '0x0000000000000000000000000000002a' })),
      publicKey,
    )
    expect(immortal.lines).toContain('Valid until used (immortal)')
    expect(immortal.lines).toContain('Tip: 42 (smallest units)')
  })

  it('refuses, naming why: another chain’s genesis, another account, an unknown or repeated signed extension, a bad era, an inconsistent metadata mode', async () => {
    const refusals: [SignerPayloadJSON, string, RegExp][] = [
      [payload({ genesisHash: `0x${'46'.repeat(32)}` }), CHAIN, /genesis hash .* is not the chain/],
      [payload(), `polkadot:${'91'.repeat(16)}`, /is not the chain/],
      [
        payload({ signedExtensions: [...STANDARD, 'CheckFancyThing'] }),
        CHAIN,
        /signed extension CheckFancyThing is not supported/,
      ],
      [payload({ signedExtensions: [...STANDARD, 'CheckNonce'] }), CHAIN, /CheckNonce is listed twice/],
      [payload({ era: '0x0000' }), CHAIN, /mortal era 0x0000 is not valid/],
      [payload({ era: '0x00' }), CHAIN, /immortal transaction is checkpointed at the genesis block/],
      [payload({ version: 5 }), CHAIN, /extrinsic version 5/],
      [payload({ signedExtensions: [...STANDARD, 'CheckMetadataHash'], mode: 1 }), CHAIN, /mode 1 needs/],
      [
        payload({ signedExtensions: [...STANDARD, 'ChargeAssetTxPayment'], assetId: '0x02' }),
        CHAIN,
        /asset id/,
      ],
    ]
    for (const [p, chain, why] of refusals) {
      const r = txRequest(p, chain)
      await expect(polkadotKeys.describe(r, publicKey), why.source).rejects.toThrow(why)
      await expect(polkadotKeys.sign(secret, r)).rejects.toBeInstanceOf(ChainWireError)
    }
    const other = encodeAddress(new Uint8Array(32).fill(7), 2)
    for (const r of [
      txRequest(payload({ address: other })),
      request('polkadot_signTransaction', { address: other, transactionPayload: payload() })!,
      request('polkadot_signMessage', { address: other, message: '0x00' })!,
    ]) {
      await expect(polkadotKeys.describe(r, publicKey)).rejects.toThrow(/is not this wallet's/)
      await expect(polkadotKeys.sign(secret, r)).rejects.toThrow(/is not this wallet's/)
    }
  })

  it('parse ignores what is not a Polkadot request of the right shape and size', () => {
    const ok = { address: own, transactionPayload: payload() }
    expect(request('polkadot_signTransaction', ok)).toBeDefined()
    const bad: [string, unknown, string?][] = [
      ['polkadot_signTransaction', ok, 'polkadot:4545'],
      ['polkadot_signTransaction', ok, 'solana:4545454545454545454545454545454545'],
      ['polkadot_sendTransaction', ok],
      ['polkadot_signTransaction', { ...ok, address: 'not-an-address' }],
      ['polkadot_signTransaction', { address: own }],
      ['polkadot_signTransaction', { address: own, transactionPayload: payload({ method: 'abc' }) }],
      [
        'polkadot_signTransaction',
        { address: own, transactionPayload: payload({ method: `0x${'00'.repeat(65_537)}` }) },
      ],
      [
        'polkadot_signTransaction',
        { address: own, transactionPayload: payload({ nonce: '0x1ffffffffffffffff' }) },
      ],
      [
        'polkadot_signTransaction',
        { address: own, transactionPayload: payload({ specVersion: '0x100000000' }) },
      ],
      ['polkadot_signTransaction', { address: own, transactionPayload: payload({ tip: -1 }) }],
      ['polkadot_signTransaction', { address: own, transactionPayload: payload({ era: '0x1234ab' }) }],
      ['polkadot_signTransaction', { address: own, transactionPayload: payload({ blockHash: '0x11' }) }],
      [
        'polkadot_signTransaction',
        { address: own, transactionPayload: payload({ signedExtensions: 'CheckNonce' }) },
      ],
      [
        'polkadot_signTransaction',
        { address: own, transactionPayload: payload({ signedExtensions: Array(33).fill('CheckWeight') }) },
      ],
      ['polkadot_signTransaction', { address: own, transactionPayload: { ...payload(), assetId: 7 } }],
      ['polkadot_signMessage', { address: own }],
      ['polkadot_signMessage', { address: own, message: `0x${'00'.repeat(4097)}` }],
      ['polkadot_signMessage', { address: own, message: 'é'.repeat(2049) }],
      ['polkadot_getAccounts', {}],
    ]
    for (const [method, params, chainId] of bad)
      expect(request(method, params as never, chainId), method).toBeUndefined()
    expect(
      polkadotKeys.parse({ type: 'polkadot', method: 'polkadot_getAccounts', params: [], chainId: CHAIN }),
    ).toBeUndefined()
  })

  it('key export: the ed25519 seed as 0x hex, which Polkadot.js’ keyring imports as a raw ed25519 seed giving the noted generic-prefix address', async () => {
    const exported = await polkadotKeys.exportKey(secret)
    expect(exported.key).toBe(u8aToHex(await polkadotSeed(secret)))
    const pair = new Keyring({ type: 'ed25519', ss58Format: 42 }).addFromUri(exported.key)
    expect(u8aToHex(pair.publicKey)).toBe(`0x${publicKey}`)
    expect(exported.note).toContain(pair.address)
    expect(exported.label).toBe('Polkadot key (ed25519 seed, hex)')
    expect(secret).toEqual(Uint8Array.from({ length: 32 }, (_, i) => i + 1))
  })

  it.each(Object.entries(POLKADOT_FRAME_CATALOGUE))(
    'catalogue %s has every English key, none empty, the same placeholders, and is translated',
    (locale, strings) => {
      const en = POLKADOT_FRAME_CATALOGUE.en
      const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      expect(Object.keys(strings).sort()).toEqual(Object.keys(en).sort())
      for (const [key, value] of Object.entries(strings)) {
        expect(value.trim(), key).not.toBe('')
        expect(placeholders(value), key).toEqual(placeholders(en[key as keyof typeof en]))
        if (locale !== 'en' && key !== 'nonce')
          expect(value, `${locale}.${key}`).not.toBe(en[key as keyof typeof en])
      }
    },
  )
})
