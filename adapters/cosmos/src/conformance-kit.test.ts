// The conformance kit's own test on Cosmos: each check this file names must
// FAIL on an adapter broken in the way it is there to catch. The real adapter
// on the Cosmos simulator is wrapped and one behaviour at a time is broken; the
// check runs as a plain function (conformanceChecks) and must throw. The
// unbroken adapter passing every check is cosmos.conformance.test.ts.
import { type ChainAdapter, InvalidReceiverAddressError } from '@portico/core'
import {
  type ConformanceDevnet,
  type ConformanceHarness,
  conformanceChecks,
  createConformanceHarness,
} from '@portico/devnet/conformance'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cosmosConformanceOptions } from './test-helpers/conformance.js'

const options = cosmosConformanceOptions('direct')
let devnet: ConformanceDevnet<'cosmos'>
let harness: ConformanceHarness<'cosmos'> | undefined

beforeAll(async () => {
  devnet = await options.devnet()
})
afterEach(() => harness?.cleanup())
afterAll(async () => {
  await devnet?.stop?.()
})

/** The harness of an adapter with `breakIt`'s members replacing the real ones. */
function broken(
  breakIt: (real: ChainAdapter<'cosmos'>) => Partial<ChainAdapter<'cosmos'>>,
  overrides: { timeoutMs?: number } = {},
): ConformanceHarness<'cosmos'> {
  harness = createConformanceHarness(
    {
      ...options,
      ...overrides,
      adapter: () => {
        const real = options.realAdapter()
        return { ...real, ...breakIt(real) } as ChainAdapter<'cosmos'>
      },
    },
    devnet,
  )
  return harness
}

const run = (name: keyof typeof conformanceChecks, h: ConformanceHarness<'cosmos'>) =>
  conformanceChecks[name][1](h)

describe('the conformance kit fails a Cosmos adapter broken one behaviour at a time', {
  timeout: 90_000,
}, () => {
  it('reserves (token): a fee-denom reserve given in the sent token’s units (USDC, not the fee coin ATOM) fails', async () => {
    const h = broken((real) => ({
      async getReserve(p) {
        const reserve = await real.getReserve!(p)
        return reserve && { ...reserve, keep: { ...reserve.keep, symbol: 'USDC' } }
      },
    }))
    await expect(run('reserves', h)).rejects.toThrow(/the reserve is in the fee coin/)
  })

  it('reserves (token): an adapter that keeps nothing for a token send’s fee (no getReserve answer) fails', async () => {
    const h = broken(() => ({ getReserve: async () => undefined }))
    await expect(run('reserves', h)).rejects.toThrow(/getReserve for USDC/)
  })

  it('networkSwitch: an adapter that answers "switched" without re-reading the key for the new chain fails (the address keeps the hub prefix)', async () => {
    // The state is settled once switchNetwork resolves: 1 s of waiting for the address is plenty.
    const h = broken(() => ({ switchNetwork: async () => ({ status: 'switched' }) }), { timeoutMs: 1_000 })
    await expect(run('networkSwitch', h)).rejects.toThrow(/the account follows/)
  })

  it('malformedSignature: a typed error that is not the adapter’s own InvalidWalletResponseError fails', async () => {
    const h = broken((real) => ({
      async signMessage(p) {
        try {
          return await real.signMessage(p)
        } catch {
          throw new InvalidReceiverAddressError(p.address)
        }
      },
    }))
    await expect(run('malformedSignature', h)).rejects.toThrow(/InvalidWalletResponseError/)
  })

  it('walletConnect: an adapter that turns the wallet’s 5000 into a crash over a WalletConnect session fails', async () => {
    const h = broken((real) => ({
      async signMessage(p) {
        try {
          return await real.signMessage(p)
        } catch {
          throw new Error('unexpected wallet answer')
        }
      },
    }))
    await expect(run('walletConnect', h)).rejects.toThrow(/user rejection/)
  })
})
