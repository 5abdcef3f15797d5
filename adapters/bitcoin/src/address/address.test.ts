import * as ecc from '@bitcoinerlab/secp256k1'
import { bech32m } from '@scure/base'
import { address as btcAddress, initEccLib, networks, payments } from 'bitcoinjs-lib'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidBitcoinAddressError } from '../errors/index.js'
import { isBitcoinAddress, parseBitcoinAddress } from './index.js'

initEccLib(ecc)
const NETS = { bitcoin: networks.bitcoin, testnet: networks.testnet, regtest: networks.regtest }
const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n })
/** Any address of every type, for any of the three address families. */
const anyAddress = fc
  .tuple(
    fc.constantFrom(...(Object.keys(NETS) as (keyof typeof NETS)[])),
    fc.constantFrom('p2pkh', 'p2sh', 'p2wpkh', 'p2wsh', 'p2tr'),
    bytes(32).filter((b) => ecc.isXOnlyPoint(b)),
  )
  .map(([net, type, b]) => {
    const network = NETS[net]
    const h20 = b.subarray(0, 20)
    const address =
      type === 'p2pkh'
        ? payments.p2pkh({ hash: h20, network }).address!
        : type === 'p2sh'
          ? payments.p2sh({ hash: h20, network }).address!
          : type === 'p2wpkh'
            ? payments.p2wpkh({ hash: h20, network }).address!
            : type === 'p2wsh'
              ? payments.p2wsh({ hash: b, network }).address!
              : payments.p2tr({ pubkey: b, network }).address!
    return { net, type, address }
  })

describe('Bitcoin address validation for a network', () => {
  it('accepts every address type of its own network and names the type', () => {
    fc.assert(
      fc.property(anyAddress, ({ net, type, address }) => {
        expect(parseBitcoinAddress(address, NETS[net]).type).toBe(type)
      }),
    )
  })

  it('refuses an address of another network (HRP or base58 version), with InvalidBitcoinAddressError', () => {
    fc.assert(
      fc.property(anyAddress, ({ net, address }) => {
        // testnet and regtest share base58 versions: there only the bech32 HRP tells them apart.
        const base58 = !/^(bc|tb|bcrt)1/.test(address)
        for (const other of Object.keys(NETS) as (keyof typeof NETS)[]) {
          if (other === net || (base58 && other !== 'bitcoin' && net !== 'bitcoin')) continue
          expect(() => parseBitcoinAddress(address, NETS[other])).toThrow(InvalidBitcoinAddressError)
        }
      }),
    )
  })

  it('refuses any single-character change (checksums), and arbitrary strings', () => {
    fc.assert(
      fc.property(
        anyAddress,
        fc.nat(),
        fc.constantFrom(...'qpzry9x8gf2tvdw0s3jn54khce6mua7l'),
        ({ net, address }, at, ch) => {
          const i = at % address.length
          if (address[i] === ch || i < 4) return
          expect(isBitcoinAddress(address.slice(0, i) + ch + address.slice(i + 1), NETS[net])).toBe(false)
        },
      ),
    )
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(isBitcoinAddress(s, networks.regtest)).toBe(false)
      }),
    )
    for (const bad of [undefined, null, 42, {}, '', 'bcrt1', 'x'.repeat(200)]) {
      expect(() => parseBitcoinAddress(bad, networks.regtest)).toThrow(InvalidBitcoinAddressError)
    }
  })

  it('tells bech32 from bech32m: a v1 program encoded with the bech32 checksum is refused', () => {
    // BIP-350 test vector: a witness v1 address with a bech32 (not bech32m) checksum.
    expect(
      isBitcoinAddress(
        'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
        networks.bitcoin,
      ),
    ).toBe(false)
    expect(isBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', networks.bitcoin)).toBe(true)
  })

  it("agrees with bitcoinjs-lib's toOutputScript (the checks no longer import it): same script, or both refuse", () => {
    const agree = (address: string) => {
      for (const net of Object.values(NETS)) {
        let expected: Uint8Array | undefined
        try {
          expected = btcAddress.toOutputScript(address, net)
        } catch {
          expected = undefined
        }
        let actual: Uint8Array | undefined
        try {
          actual = parseBitcoinAddress(address, net).script
        } catch {
          actual = undefined
        }
        // bitcoinjs-lib also returns scripts of future segwit versions, which Portico refuses.
        if (
          expected &&
          actual === undefined &&
          /^(bc|tb|bcrt)1[02-9ac-hj-np-z]/i.test(address) &&
          expected[0]! > 0x51
        )
          continue
        expect(actual && Array.from(actual)).toEqual(expected && Array.from(expected))
      }
    }
    fc.assert(fc.property(anyAddress, ({ address }) => agree(address)))
    // Taproot programs that are not on the curve, and random 32-byte programs.
    fc.assert(
      fc.property(bytes(32), fc.constantFrom(...Object.values(NETS)), (b, network) => {
        const words = [1, ...bech32m.toWords(b)]
        agree(bech32m.encode(network.bech32, words))
      }),
    )
    // Single-character changes of valid addresses (checksums, versions, lengths).
    fc.assert(
      fc.property(
        anyAddress,
        fc.nat(),
        fc.constantFrom(...'qpzry9x8gf2tvdw0s3jn54khce6mua7l123ABC'),
        ({ address }, at, ch) => {
          const i = at % address.length
          agree(address.slice(0, i) + ch + address.slice(i + 1))
        },
      ),
    )
  })
})
