// The conformance kit's own test on Solana: each check Solana turns on must
// FAIL on an adapter broken in the way it is there to catch. The real adapter
// on the local SVM is wrapped and one behaviour at a time is broken; the check
// runs as a plain function (conformanceChecks) and must throw. The unbroken
// adapter passing every check is solana.conformance.test.ts.
import { InvalidReceiverAddressError } from '@portico/core'
import { useBrokenAdapters } from '@portico/devnet/conformance'
import { describe, expect, it } from 'vitest'
import { solanaConformanceOptions } from './test-helpers/conformance.js'
import { installWindow } from './test-helpers/context.js'

const options = solanaConformanceOptions()
let uninstallWindow: () => void
const { broken, run } = useBrokenAdapters(options, options.realAdapter, {
  before: () => {
    uninstallWindow = installWindow()
  },
  after: () => uninstallWindow?.(),
})

describe('the conformance kit fails a Solana adapter broken one behaviour at a time', {
  timeout: 60_000,
}, () => {
  it('malformedSignature: a typed error that is not the adapter’s own InvalidWalletAnswerError fails', async () => {
    const h = broken((real) => ({
      async signMessage(p) {
        try {
          return await real.signMessage(p)
        } catch {
          throw new InvalidReceiverAddressError(p.address)
        }
      },
    }))
    await expect(run('malformedSignature', h)).rejects.toThrow(/InvalidWalletAnswerError/)
  })

  it('fees: an estimate one lamport under the charged fee (a priority fee left out) fails', async () => {
    const h = broken((real) => ({
      estimateFee: async (p) => {
        const fee = await real.estimateFee(p)
        return { ...fee, value: fee.value - 1n }
      },
    }))
    await expect(run('fees', h)).rejects.toThrow(/at most 0 below/)
  })

  it('reserves: an adapter that sends a new account less than the rent-exempt minimum fails', async () => {
    const h = broken(() => ({
      // The bare transfer, without the rent checks before signing.
      transferRequest: ({ from, to, amount, caipNetworkId }) => ({ from, to, value: amount, caipNetworkId }),
    }))
    await expect(run('reserves', h)).rejects.toThrow(/new account below the minimum is refused/)
  })

  it('signTransaction: an adapter that has the wallet sign another transaction than the one asked fails', async () => {
    const h = broken((real) => ({
      async signTransaction(p) {
        // The asked transfer with its amount's top byte changed: the wallet signs it, validly.
        const other = new Uint8Array(p.request.transaction as Uint8Array)
        other[other.length - 1] = 1
        return real.signTransaction({ ...p, request: { transaction: other } })
      },
    }))
    await expect(run('signTransaction', h)).rejects.toThrow(/over what was asked/)
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
