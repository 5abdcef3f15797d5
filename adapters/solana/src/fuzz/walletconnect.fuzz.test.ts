// Issue 22, "Fuzzing, as a standing test": a WalletConnect peer's answers to the
// Solana adapter, through the request channel, are hostile input. Each parser
// answers with a safe value or a typed PorticoError — never a TypeError, never a hang.
// 200 cases per property in `npm test`; PORTICO_FUZZ_RUNS=<n> for more.
import type { RequestChannel } from '@portico/core'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, hexish, hostileString, settle, walletValue } from '../../../../core/src/fuzz/arbitraries.js'
import { channelAccounts, channelBackend } from '../adapter/backends.js'
import { isSolanaAddress } from '../address/index.js'
import {
  base58ish,
  bytes,
  CLUSTER,
  codec,
  expectTyped,
  loadCodec,
  noEvents,
  runs,
} from '../test-helpers/fuzz-arbitraries.js'

beforeAll(loadCodec)

describe('fuzz: a WalletConnect peer through the request channel', () => {
  function channel(accounts: unknown, answer: unknown, throwIt: boolean): RequestChannel {
    return {
      accounts: () => accounts as string[],
      request: async () => {
        if (throwIt) throw answer
        return answer
      },
      on: () => () => {},
    } as unknown as RequestChannel
  }
  const sessionAccounts = () =>
    fc.oneof(
      fc.array(
        fc.oneof(
          base58ish().map((a) => `${CLUSTER}:${a}`),
          hostileString.map((a) => `${CLUSTER}:${a}`),
          walletValue,
        ),
        { maxLength: 4 },
      ),
    )

  it('channelAccounts gives de-duplicated Solana addresses of the cluster, or throws InvalidCaipAddressError', () => {
    fc.assert(
      fc.property(sessionAccounts(), (list) => {
        const r = call(() => channelAccounts(channel(list, null, false), CLUSTER))
        if (!r.ok) return expectTyped(r.error)
        const addresses = r.value.map((a) => a.address)
        expect(new Set(addresses).size).toBe(addresses.length)
        for (const a of addresses) {
          expect(isSolanaAddress(a)).toBe(true)
          expect(list).toContain(`${CLUSTER}:${a}`)
        }
      }),
      runs,
    )
  })

  it('solana_signMessage / signAndSendTransaction answers give 64-byte base58 signatures, signTransaction base64 bytes, or a PorticoError', async () => {
    const answer = fc.oneof(
      walletValue,
      fc.record(
        {
          signature: fc.oneof(
            bytes(64, 64).map((b) => codec.toBase58(b)),
            bytes(0, 80).map((b) => codec.toBase58(b)),
            base58ish(),
            hexish,
            walletValue,
          ),
          transaction: fc.oneof(
            bytes(0, 200).map((b) => codec.toBase64(b)),
            hostileString,
            walletValue,
          ),
        },
        { requiredKeys: [] },
      ),
    )
    await fc.assert(
      fc.asyncProperty(answer, fc.boolean(), async (value, throwIt) => {
        const addr = codec.toBase58(new Uint8Array(32).fill(7))
        const backend = channelBackend(
          channel([`${CLUSTER}:${addr}`], value, throwIt),
          CLUSTER,
          codec,
          noEvents,
        )
        const held = { address: addr }
        const m = await settle(() => backend.signMessage(held, new Uint8Array([1])))
        if (m.ok) expect(m.value.signature.length).toBe(64)
        else expectTyped(m.error)
        const s = await settle(() => backend.signAndSend!(held, new Uint8Array([1]), CLUSTER))
        if (s.ok) {
          expect(s.value.length).toBe(64)
          expect(codec.toBase58(s.value)).toBe((value as { signature: string }).signature)
        } else expectTyped(s.error)
        const t = await settle(() => backend.signTransaction!(held, new Uint8Array([1]), CLUSTER))
        if (t.ok) expect(t.value).toBeInstanceOf(Uint8Array)
        else expectTyped(t.error)
      }),
      runs,
    )
  })
})

describe('fuzz: accountsChanged from a WalletConnect peer', () => {
  it('what it reports are Solana addresses of this cluster (CAIP-10 of another cluster refused), never a throw', () => {
    const other = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
    const payload = fc.oneof(
      walletValue,
      fc.array(
        fc.oneof(
          base58ish(),
          base58ish().map((a) => `${CLUSTER}:${a}`),
          base58ish().map((a) => `${other}:${a}`),
          walletValue,
        ),
        { maxLength: 4 },
      ),
    )
    fc.assert(
      fc.property(payload, (value) => {
        let listener: ((p: unknown) => void) | undefined
        const channel = {
          accounts: () => [],
          request: async () => null,
          on: (event: string, cb: (p: unknown) => void) => {
            if (event === 'accountsChanged') listener = cb
            return () => {}
          },
        } as unknown as RequestChannel
        const reported: string[] = []
        channelBackend(channel, CLUSTER, codec, {
          onAccounts: (held) => reported.push(...held.map((h) => h.address)),
          onDisconnect() {},
        })
        const r = call(() => listener?.(value))
        expect(r.ok).toBe(true)
        for (const a of reported) {
          expect(isSolanaAddress(a)).toBe(true)
          expect(value as unknown[]).not.toContain(`${other}:${a}`)
        }
      }),
      runs,
    )
  })
})

describe('defects this fuzzer found (each failed before its fix)', () => {
  it('a peer account of another cluster is not taken as an account on this one (was: any solana:<ref>: prefix)', () => {
    let listener: ((p: unknown) => void) | undefined
    const channel = {
      accounts: () => [],
      request: async () => null,
      on: (event: string, cb: (p: unknown) => void) => {
        if (event === 'accountsChanged') listener = cb
        return () => {}
      },
    } as unknown as RequestChannel
    const seen: string[] = []
    channelBackend(channel, CLUSTER, codec, {
      onAccounts: (held) => seen.push(...held.map((h) => h.address)),
      onDisconnect() {},
    })
    const address = codec.toBase58(new Uint8Array(32).fill(3))
    listener?.([`solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z:${address}`])
    expect(seen).toEqual([])
    listener?.([`${CLUSTER}:${address}`])
    expect(seen).toEqual([address])
  })
})
