// Issue 22, "Fuzzing, as a standing test": what a Bitcoin wallet hands the adapter
// (addresses from bitcoin:connect / WBIP004 getAddresses / a WalletConnect peer,
// signed PSBTs, message signatures, btc_providers announcements) is hostile input.
// Each parser answers with a safe value or a typed PorticoError — never a
// TypeError, never markup or a URL, never a hang.
// 200 cases per property in `npm test`; PORTICO_FUZZ_RUNS=<n> for more.
import type { CaipNetworkId, RequestChannel } from '@portico/core'
import { networks, Psbt, payments } from 'bitcoinjs-lib'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  call,
  fuzzRuns,
  hexish,
  hostileString,
  isTypedError,
  settle,
  walletValue,
} from '../../../../core/src/fuzz/arbitraries.js'
import { toAccountRecords } from '../adapter/accounts.js'
import { isBitcoinAddress, parseBitcoinAddress } from '../address/index.js'
import { addressFromScript } from '../address/script.js'
import { toBase64 } from '../bytes/index.js'
import {
  InvalidBitcoinAddressError,
  InvalidWalletResponseError,
  PsbtMismatchError,
  toBitcoinPorticoError,
} from '../errors/index.js'
import { verifyBitcoinMessage } from '../message/index.js'
import { addressParams, BITCOIN_GENESIS_HASHES, bitcoinCaipNetworkId } from '../networks/index.js'
import { decodePsbt } from '../psbt/index.js'
import { btcProviderDriver } from '../wallets/btc-providers.js'
import { channelDriver, readBtcProviders, toConnectors } from '../wallets/index.js'

const runs = { numRuns: fuzzRuns() }
const REGTEST = bitcoinCaipNetworkId(BITCOIN_GENESIS_HASHES.regtest)
const params = addressParams(REGTEST)

/** A driver call as the adapter makes it: a wallet's own error mapped by `toBitcoinPorticoError`. */
function atBoundary<T>(fn: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await fn()
    } catch (e) {
      throw toBitcoinPorticoError(e)
    }
  }
}

function expectTyped(error: unknown) {
  expect(isTypedError(error), String(error)).toBe(true)
}

const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n })
/** Real addresses of every output type, on regtest and on other networks (which regtest must refuse). */
const realAddress = fc
  .tuple(
    fc.constantFrom('p2pkh', 'p2sh', 'p2wpkh', 'p2wsh', 'p2tr'),
    fc.constantFrom(networks.regtest, networks.regtest, networks.bitcoin, networks.testnet),
    bytes(20),
    bytes(32),
  )
  .map(([type, network, h20, h32]) => {
    const script =
      type === 'p2pkh'
        ? payments.p2pkh({ hash: h20, network }).output!
        : type === 'p2sh'
          ? payments.p2sh({ hash: h20, network }).output!
          : type === 'p2wpkh'
            ? payments.p2wpkh({ hash: h20, network }).output!
            : type === 'p2wsh'
              ? payments.p2wsh({ hash: h32, network }).output!
              : Uint8Array.of(0x51, 0x20, ...h32)
    return addressFromScript(script, network) ?? payments.p2wpkh({ hash: h20, network }).address!
  })
/** Real addresses with one character changed, upper-cased, or cut. */
const mangled = fc
  .tuple(realAddress, fc.nat(), fc.constantFrom('q', 'p', '1', 'Z', '', '0'))
  .map(([a, i, c]) => {
    const at = i % a.length
    return `${a.slice(0, at)}${c}${a.slice(at + 1)}`
  })
const addressish = fc.oneof(
  realAddress,
  realAddress.map((a) => a.toUpperCase()),
  mangled,
  hostileString,
  walletValue,
)

const rawAccount = fc.oneof(
  fc.record(
    {
      address: addressish,
      publicKey: fc.oneof(
        hexish,
        walletValue,
        bytes(33).map((b) => Buffer.from(b).toString('hex')),
      ),
      purpose: fc.oneof(
        fc.constantFrom('payment', 'ordinals', 'stacks', 'ordinal'),
        hostileString,
        walletValue,
      ),
      addressType: fc.oneof(fc.constantFrom('p2wpkh', 'p2tr', 'p2sh', 'p2pkh'), hostileString, walletValue),
    },
    { requiredKeys: [] },
  ),
  walletValue,
)
const accountList = fc.oneof(fc.array(rawAccount, { maxLength: 6 }), walletValue)

function checkRecords(records: ReturnType<typeof toAccountRecords>) {
  const seen = new Set<string>()
  let ordinalsSeen = false
  for (const r of records) {
    expect(isBitcoinAddress(r.address, params)).toBe(true)
    expect(r.addressType).toBe(parseBitcoinAddress(r.address, params).type)
    expect(['payment', 'ordinals']).toContain(r.purpose)
    expect(r.caipAddress).toBe(`${REGTEST}:${r.address}`)
    if (r.publicKey !== undefined) expect(r.publicKey).toMatch(/^0x([0-9a-f]{64}|[0-9a-f]{66})$/)
    expect(seen.has(r.address)).toBe(false)
    seen.add(r.address)
    // Payment accounts come first.
    if (r.purpose === 'ordinals') ordinalsSeen = true
    else expect(ordinalsSeen).toBe(false)
  }
  expect(records.length).toBeLessThanOrEqual(16)
}

describe('fuzz: addresses from bitcoin:connect / getAddresses (purpose, addressType, network)', () => {
  it('toAccountRecords keeps only addresses valid for the network (HRP, checksum, version), or throws a typed error', () => {
    fc.assert(
      fc.property(accountList, (raw) => {
        const r = call(() => toAccountRecords(raw as never, REGTEST, params))
        if (!r.ok) {
          expectTyped(r.error)
          expect(
            r.error instanceof InvalidBitcoinAddressError || r.error instanceof InvalidWalletResponseError,
          ).toBe(true)
          return
        }
        checkRecords(r.value)
      }),
      runs,
    )
  })

  it('a WBIP004 getAddresses answer goes through btcProviderDriver and toAccountRecords to valid records or a typed error', async () => {
    const answer = fc.oneof(
      walletValue,
      fc.record(
        { result: fc.oneof(walletValue, fc.record({ addresses: accountList })) },
        { requiredKeys: [] },
      ),
      fc.record({ error: fc.oneof(walletValue, fc.record({ code: walletValue, message: walletValue })) }),
    )
    await fc.assert(
      fc.asyncProperty(answer, async (value) => {
        const driver = btcProviderDriver({ id: 'x', name: 'x', provider: { request: async () => value } })
        const r = await settle(async () =>
          toAccountRecords(
            await atBoundary(() => driver.connect(['payment'], 'bitcoin:regtest'))(),
            REGTEST,
            params,
          ),
        )
        if (!r.ok) return expectTyped(r.error)
        checkRecords(r.value)
      }),
      runs,
    )
  })

  it('a WalletConnect getAccountAddresses answer gives valid records or a typed error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(walletValue, fc.array(rawAccount, { maxLength: 5 })), async (value) => {
        const channel = {
          accounts: () => [
            `${REGTEST}:${payments.p2wpkh({ hash: new Uint8Array(20), network: networks.regtest }).address}`,
          ],
          request: async () => value,
          on: () => () => {},
        } as unknown as RequestChannel
        const driver = channelDriver(channel, REGTEST as CaipNetworkId)
        const r = await settle(async () =>
          toAccountRecords(
            await atBoundary(() => driver.connect(['payment'], 'bitcoin:regtest'))(),
            REGTEST,
            params,
          ),
        )
        if (!r.ok) return expectTyped(r.error)
        checkRecords(r.value)
      }),
      runs,
    )
  })
})

describe('fuzz: signed PSBTs handed back by signPsbt', () => {
  const psbtBytes = fc.oneof(
    walletValue,
    fc.uint8Array({ maxLength: 300 }),
    fc.uint8Array({ maxLength: 300 }).map((b) => Uint8Array.of(0x70, 0x73, 0x62, 0x74, 0xff, ...b)),
    fc.constant(new Psbt({ network: networks.regtest }).toBuffer()),
  )

  it('decodePsbt gives a PSBT or throws PsbtMismatchError', () => {
    fc.assert(
      fc.property(psbtBytes, (value) => {
        const r = call(() => decodePsbt(value))
        if (!r.ok) {
          expectTyped(r.error)
          expect(r.error).toBeInstanceOf(PsbtMismatchError)
          return
        }
        expect(r.value).toBeInstanceOf(Psbt)
      }),
      runs,
    )
  })

  it('a signPsbt answer (WBIP004 or WalletConnect) gives the base64-decoded bytes or a typed error', async () => {
    const text = fc.oneof(
      psbtBytes.map((b) => (b instanceof Uint8Array ? toBase64(b) : b)),
      hostileString,
      fc.string({ unit: fc.constantFrom(...'ABCabc012+/='), maxLength: 40 }),
    )
    await fc.assert(
      fc.asyncProperty(text, async (psbt) => {
        const wbip = btcProviderDriver({
          id: 'x',
          name: 'x',
          provider: { request: async () => ({ result: { psbt } }) },
        })
        const channel = {
          accounts: () => [],
          request: async () => ({ psbt }),
          on: () => () => {},
        } as unknown as RequestChannel
        const wc = channelDriver(channel, REGTEST as CaipNetworkId)
        for (const driver of [wbip, wc]) {
          const r = await settle(
            atBoundary(() => driver.signPsbt(new Uint8Array([1]), [], 'bitcoin:regtest')),
          )
          if (!r.ok) {
            expectTyped(r.error)
            continue
          }
          expect(typeof psbt).toBe('string')
          // Exactly the bytes the base64 text encodes (atob, which also takes unpadded text).
          expect(r.value).toEqual(Uint8Array.from(atob(psbt as string), (c) => c.charCodeAt(0)))
          const d = call(() => decodePsbt(r.value))
          if (!d.ok) expect(d.error).toBeInstanceOf(PsbtMismatchError)
        }
      }),
      runs,
    )
  })
})

describe('fuzz: message signatures (ECDSA / BIP-322 base64)', () => {
  it('verifyBitcoinMessage answers a boolean for any signature and address — never throws', () => {
    const signature = fc.oneof(
      walletValue,
      hostileString,
      fc.uint8Array({ maxLength: 140 }).map(toBase64),
      bytes(65).map(toBase64),
      fc.uint8Array({ maxLength: 140 }).map((b) => toBase64(Uint8Array.of(2, 0x47, ...b))),
    )
    fc.assert(
      fc.property(
        signature,
        addressish,
        fc.constantFrom('ecdsa', 'bip322') as fc.Arbitrary<'ecdsa' | 'bip322'>,
        (sig, address, protocol) => {
          const r = call(() =>
            verifyBitcoinMessage({
              message: 'Sign in to Portico',
              address: address as string,
              signature: sig as string,
              protocol,
              params,
            }),
          )
          expect(r.ok).toBe(true)
          if (r.ok) expect(typeof r.value).toBe('boolean')
        },
      ),
      runs,
    )
  })

  it('a signMessage answer gives a string signature or a typed error', async () => {
    await fc.assert(
      fc.asyncProperty(walletValue, async (value) => {
        const wbip = btcProviderDriver({
          id: 'x',
          name: 'x',
          provider: { request: async () => ({ result: value }) },
        })
        const channel = {
          accounts: () => [],
          request: async () => value,
          on: () => () => {},
        } as unknown as RequestChannel
        for (const driver of [wbip, channelDriver(channel, REGTEST as CaipNetworkId)]) {
          const r = await settle(
            atBoundary(() => driver.signMessage('x', new TextEncoder().encode('hi'), 'bip322')),
          )
          if (r.ok) expect(typeof r.value.signature).toBe('string')
          else expectTyped(r.error)
        }
      }),
      runs,
    )
  })
})

describe('fuzz: btc_providers announcements (id, name, icon)', () => {
  const entry = fc.oneof(
    walletValue,
    fc.record(
      {
        id: fc.oneof(
          fc.constantFrom(
            'XverseProviders.BitcoinProvider',
            'LeatherProvider',
            '__proto__',
            'a..b',
            'constructor',
          ),
          hostileString,
          walletValue,
        ),
        name: fc.oneof(hostileString, walletValue, fc.constant('<img src=x onerror=alert(1)>')),
        icon: fc.oneof(
          walletValue,
          fc.constantFrom(
            'https://evil.example/track.png',
            'javascript:alert(1)',
            'data:text/html,<script>alert(1)</script>',
            `data:image/svg+xml;base64,${btoa('<svg onload=alert(1)>')}`,
            'data:image/png;base64,iVBORw0KGgo=',
          ),
        ),
      },
      { requiredKeys: [] },
    ),
  )
  const provider = { request: async () => null }

  it('readBtcProviders keeps entries with a plain id path to a request provider; connectors show plain text and data:image icons only', () => {
    fc.assert(
      fc.property(fc.oneof(walletValue, fc.array(entry, { maxLength: 5 })), (list) => {
        const target = {
          btc_providers: list,
          XverseProviders: { BitcoinProvider: provider },
          LeatherProvider: provider,
        }
        const r = call(() => toConnectors([], readBtcProviders(target)))
        expect(r.ok).toBe(true)
        if (!r.ok) return
        for (const c of r.value.connectors) {
          expect(c.id).toMatch(/^btc-providers:[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/)
          expect(c.name.length).toBeGreaterThan(0)
          expect([...c.name].length).toBeLessThanOrEqual(64)
          // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting they are gone
          expect(c.name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
          if (c.imageUrl !== undefined) expect(c.imageUrl).toMatch(/^data:image\//i)
          expect(c.provider).toBe(provider)
        }
      }),
      runs,
    )
  })
})
