// Issue 22, "Fuzzing, as a standing test": what a Polkadot extension hands the
// adapter (injectedWeb3 entries, what enable() resolves, accounts, signRaw /
// signPayload results, and a WalletConnect peer's answers through the request
// channel) is hostile input. Each parser answers with a safe value or a typed
// PorticoError — never a TypeError, never markup or a URL, never a hang.
// 200 cases per property in `npm test`; PORTICO_FUZZ_RUNS=<n> for more.
import type { Signer } from '@polkadot/api/types'
import type { RequestChannel } from '@portico/core'
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
import { channelInjected } from '../adapter/channel.js'
import { decodeSs58, encodeSs58, isPolkadotAddress, toHex } from '../address/index.js'
import { signRawMessage } from '../chain/sign.js'
import { discoverExtensions, toExtensionAccounts, validateInjected } from '../extensions/index.js'
import { polkadotLocal } from '../networks/index.js'

const runs = { numRuns: fuzzRuns() }
const GENESIS = `0x${'45'.repeat(32)}`
const network = { ss58Prefix: 42, genesisHash: GENESIS }
const local = polkadotLocal({ wsUrl: 'ws://127.0.0.1:1' })

function expectTyped(error: unknown) {
  expect(isTypedError(error), String(error)).toBe(true)
}

/** SS58 addresses: 32/33-byte keys under common and two-byte prefixes, then mangled ones and hostile text. */
const ss58 = fc
  .tuple(
    fc.oneof(
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.uint8Array({ minLength: 33, maxLength: 33 }),
    ),
    fc.constantFrom(0, 2, 42, 42, 63, 64, 255, 16383),
  )
  .map(([key, prefix]) => encodeSs58(key, prefix))
const ss58ish = fc.oneof(
  ss58,
  fc.tuple(ss58, fc.nat(), fc.constantFrom('1', 'z', 'A', '0', 'l', '')).map(([a, i, c]) => {
    const at = i % a.length
    return `${a.slice(0, at)}${c}${a.slice(at + 1)}`
  }),
  hostileString,
  walletValue,
)

describe('fuzz: injectedWeb3 extension entries (key, name, version)', () => {
  const entry = fc.oneof(
    walletValue,
    fc.record(
      {
        enable: fc.oneof(
          fc.constant(async () => ({})),
          walletValue,
        ),
        version: fc.oneof(hostileString, walletValue),
        name: fc.oneof(hostileString, fc.constant('<img src=x onerror=alert(1)>')),
        icon: fc.constantFrom('https://evil.example/x.png', 'javascript:alert(1)'),
      },
      { requiredKeys: [] },
    ),
  )
  const web3 = fc.oneof(
    walletValue,
    fc.dictionary(
      fc.oneof(
        fc.constantFrom('polkadot-js', 'talisman', 'subwallet-js', '__proto__', 'constructor'),
        hostileString,
      ),
      entry,
      { maxKeys: 5 },
    ),
  )

  it('discoverExtensions never throws; each connector has a plain-text name of at most 64 characters and no URL', () => {
    fc.assert(
      fc.property(web3, (injectedWeb3) => {
        const r = call(() => discoverExtensions({ injectedWeb3 }))
        expect(r.ok).toBe(true)
        if (!r.ok) return
        for (const { key, entry: e, connector } of r.value) {
          expect(typeof e.enable).toBe('function')
          expect(key).toMatch(/^[A-Za-z0-9][A-Za-z0-9 ._@+-]{0,63}$/)
          expect(connector.id).toBe(`injectedWeb3:${key}`)
          expect(connector.name.length).toBeGreaterThan(0)
          expect([...connector.name].length).toBeLessThanOrEqual(64)
          expect(connector.name).not.toMatch(/[<>]|javascript:|https?:/i)
          if (connector.imageUrl !== undefined) expect(connector.imageUrl).toMatch(/^data:image\//i)
        }
      }),
      runs,
    )
  })

  it('validateInjected gives an object with accounts.get() and a signer, or throws a typed error', () => {
    const injected = fc.oneof(
      walletValue,
      fc.record(
        {
          accounts: fc.oneof(walletValue, fc.constant({ get: async () => [] })),
          signer: fc.oneof(walletValue, fc.constant({})),
        },
        { requiredKeys: [] },
      ),
    )
    fc.assert(
      fc.property(injected, (value) => {
        const r = call(() => validateInjected(value))
        if (!r.ok) return expectTyped(r.error)
        expect(typeof r.value.accounts.get).toBe('function')
        expect(typeof r.value.signer).toBe('object')
      }),
      runs,
    )
  })
})

describe('fuzz: extension accounts (SS58 with the network prefix, checksum, type, genesis hash)', () => {
  const account = fc.oneof(
    walletValue,
    fc.record(
      {
        address: ss58ish,
        type: fc.oneof(
          fc.constantFrom('sr25519', 'ed25519', 'ecdsa', 'ethereum'),
          hostileString,
          walletValue,
        ),
        genesisHash: fc.oneof(
          fc.constantFrom(GENESIS, GENESIS.toUpperCase(), `0x${'91'.repeat(32)}`, '', null),
          hexish,
          walletValue,
        ),
        name: fc.oneof(hostileString, walletValue),
      },
      { requiredKeys: [] },
    ),
  )

  it('toExtensionAccounts gives de-duplicated, checksum-valid addresses re-encoded with the network prefix, or throws a typed error', () => {
    fc.assert(
      fc.property(fc.oneof(walletValue, fc.array(account, { maxLength: 6 })), (list) => {
        const r = call(() => toExtensionAccounts(list, network))
        if (!r.ok) return expectTyped(r.error)
        const addresses = r.value.map((a) => a.address)
        expect(new Set(addresses).size).toBe(addresses.length)
        for (const a of r.value) {
          expect(isPolkadotAddress(a.address, 42)).toBe(true)
          expect(toHex(decodeSs58(a.address).publicKey)).toBe(a.publicKey)
          expect(a.publicKey).toMatch(/^0x[0-9a-f]{64}$/)
          expect(['sr25519', 'ed25519', 'ecdsa']).toContain(a.keyType)
        }
      }),
      runs,
    )
  })

  it('decodeSs58 gives a 32/33-byte key and a non-reserved prefix whose re-encoding is the input, or throws a typed error', () => {
    fc.assert(
      fc.property(ss58ish, (value) => {
        const r = call(() => decodeSs58(value))
        if (!r.ok) return expectTyped(r.error)
        expect([32, 33]).toContain(r.value.publicKey.length)
        expect([46, 47]).not.toContain(r.value.prefix)
        expect(encodeSs58(r.value.publicKey, r.value.prefix)).toBe(value)
      }),
      runs,
    )
  })
})

describe('fuzz: signRaw / signPayload results (hex signatures)', () => {
  const alice = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
  const answer = fc.oneof(
    walletValue,
    fc.record(
      {
        id: walletValue,
        signature: fc.oneof(
          hexish,
          fc.uint8Array({ minLength: 64, maxLength: 66 }).map((b) => toHex(b)),
          walletValue,
        ),
      },
      { requiredKeys: [] },
    ),
  )

  it('signRawMessage resolves only a signature that verifies for the account, or rejects with a typed error', async () => {
    const { signatureVerify } = await import('@polkadot/util-crypto')
    await fc.assert(
      fc.asyncProperty(answer, fc.boolean(), async (value, throwIt) => {
        const signer = {
          signRaw: async () => {
            if (throwIt) throw value
            return value
          },
        } as unknown as Signer
        const r = await settle(() =>
          signRawMessage({ signer, address: alice, ss58Prefix: 42, message: 'hi' }),
        )
        if (!r.ok) return expectTyped(r.error)
        expect(signatureVerify(r.value.signedMessage!, r.value.signature, alice).isValid).toBe(true)
      }),
      runs,
    )
  })

  it('a WalletConnect peer answer to polkadot_signMessage / signTransaction gives 64–66 hex bytes or a typed error', async () => {
    await fc.assert(
      fc.asyncProperty(answer, async (value) => {
        const channel = {
          accounts: () => [],
          request: async () => value,
          on: () => () => {},
        } as unknown as RequestChannel
        const { signer } = channelInjected(channel, local)
        for (const fn of [
          () => signer.signRaw!({ address: alice, data: '0x00', type: 'bytes' }),
          () => signer.signPayload!({ address: alice } as never),
        ]) {
          const r = await settle(fn)
          if (!r.ok) {
            expectTyped(r.error)
            continue
          }
          expect(r.value.signature).toMatch(/^0x([0-9a-fA-F]{2}){64,66}$/)
        }
      }),
      runs,
    )
  })

  it('the session accounts of a peer pass through toExtensionAccounts to valid addresses of the network', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            ss58ish.map((a) => `${local.caipNetworkId}:${String(a)}`),
            walletValue,
          ),
          { maxLength: 4 },
        ),
        async (granted) => {
          const channel = {
            accounts: () => granted,
            request: async () => null,
            on: () => () => {},
          } as unknown as RequestChannel
          const r = await settle(async () =>
            toExtensionAccounts(await channelInjected(channel, local).accounts.get(), network),
          )
          if (!r.ok) return expectTyped(r.error)
          for (const a of r.value) expect(isPolkadotAddress(a.address, 42)).toBe(true)
        },
      ),
      runs,
    )
  })
})

describe('defects this fuzzer found (each failed before its fix)', () => {
  it('an extension keyed "constructor" or "toString" is named after its key, not after an Object.prototype function', () => {
    const enable = async () => ({})
    const found = discoverExtensions({ injectedWeb3: { constructor: { enable }, toString: { enable } } })
    expect(found.map((f) => f.connector.name)).toEqual(['constructor', 'toString'])
    for (const f of found) expect(typeof f.connector.name).toBe('string')
  })
})
