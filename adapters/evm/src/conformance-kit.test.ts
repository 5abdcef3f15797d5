// The conformance kit's own test: each check must FAIL on an adapter broken
// in the way it is there to catch. The real EVM adapter on anvil is wrapped
// and one behaviour at a time is broken; the check runs as a plain function
// (conformanceChecks) and must throw. The unbroken adapter passing every
// check is evm.conformance.test.ts.
import { useBrokenAdapters } from '@portico/devnet/conformance'
import { describe, expect, it } from 'vitest'
import { evmConformanceOptions } from './test-helpers/conformance.js'

const options = evmConformanceOptions()
const { broken, run } = useBrokenAdapters(options, options.realAdapter)

describe('the conformance kit fails an adapter broken one behaviour at a time', () => {
  it('signature: a signature over another message fails the kit’s own verifier', async () => {
    const h = broken((real) => ({
      signMessage: (p) => real.signMessage({ ...p, message: `${String(p.message)} (not what was asked)` }),
    }))
    await expect(run('signature', h)).rejects.toThrow(/verifier/)
  })

  it('userRejection: an adapter that crashes on a 4001 (core wraps it as UnknownError) fails; only UserRejectedRequestError passes', async () => {
    const h = broken((real) => ({
      async signMessage(p) {
        try {
          return await real.signMessage(p)
        } catch {
          throw new Error('adapter crashed')
        }
      },
    }))
    await expect(run('userRejection', h)).rejects.toThrow(/UserRejectedRequestError/)
  })

  it('malformedSignature: a wrong-length signature surfacing as UnknownError fails (a specific class is required)', async () => {
    const h = broken((real) => ({
      async signMessage(p) {
        try {
          return await real.signMessage(p)
        } catch {
          throw new TypeError('cannot read signature')
        }
      },
    }))
    await expect(run('malformedSignature', h)).rejects.toThrow(/UnknownError/)
  })

  it('balance: a balance off by one unit fails', async () => {
    const h = broken((real) => ({
      getBalance: async (p) => {
        const b = await real.getBalance(p)
        return { ...b, value: b.value + 1n }
      },
    }))
    await expect(run('balance', h)).rejects.toThrow()
  })

  it('send: an adapter that accepts any receiver fails (InvalidReceiverAddressError is required)', async () => {
    const h = broken(() => ({ isValidAddress: () => true }))
    await expect(run('send', h)).rejects.toThrow(/InvalidReceiverAddressError/)
  })

  it('fees: a fee of 0 fails, and so does an estimate under the charged fee', async () => {
    const zero = broken((real) => ({
      estimateFee: async (p) => ({ ...(await real.estimateFee(p)), value: 0n, formatted: '0.000' }),
    }))
    await expect(run('fees', zero)).rejects.toThrow(/at most 0 below/)
    zero.cleanup()
    const low = broken((real) => ({
      estimateFee: async (p) => {
        const fee = await real.estimateFee(p)
        return { ...fee, value: fee.value / 4n }
      },
    }))
    await expect(run('fees', low)).rejects.toThrow(/at most 0 below/)
  })

  it('outcomes: an adapter whose waitForTransaction always says succeeded fails on a reverted transaction', async () => {
    const h = broken(() => ({
      waitForTransaction: async ({ hash }) => ({ status: 'succeeded', hash }),
    }))
    await expect(run('outcomes', h)).rejects.toThrow(/not “succeeded”/)
  })

  it('reserves: an adapter answering no reserve, or a reserve of 0, fails', async () => {
    const none = broken(() => ({ getReserve: async () => undefined }), {
      reserves: { kind: 'existential-deposit' },
    })
    await expect(run('reserves', none)).rejects.toThrow()
    none.cleanup()
    const zero = broken(
      (real) => ({
        getReserve: async ({ address, caipNetworkId }) => ({
          kind: 'existential-deposit',
          keep: { ...(await real.getBalance({ address, caipNetworkId })), value: 0n, formatted: '0.000' },
          reason: 'keeps nothing',
        }),
      }),
      { reserves: { kind: 'existential-deposit' } },
    )
    await expect(run('reserves', zero)).rejects.toThrow()
  })

  it('networkSwitch: an adapter that answers "switched" with the accounts re-labelled for the new chain, without asking the wallet, fails (the wallet stays on 31337)', async () => {
    const h = broken((real) => ({
      async switchNetwork({ connectorId, caipNetworkId }) {
        const { accounts } = await real.getAccounts({ connectorId })
        return {
          status: 'switched',
          accounts: accounts.map((a) => ({ ...a, caipAddress: `${caipNetworkId}:${a.address}` as const })),
        }
      },
    }))
    await expect(run('networkSwitch', h)).rejects.toThrow(/the wallet itself is on the new network/)
  })

  it('tokens: token balances that differ from the node’s fail', async () => {
    const h = broken((real) => ({
      getTokenBalances: async (p) =>
        (await real.getTokenBalances(p)).map((t) => ({ ...t, value: t.value * 2n })),
    }))
    await expect(run('tokens', h)).rejects.toThrow()
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

  it('restore: an adapter that cannot read the wallet’s accounts after a reload fails', async () => {
    const h = broken(() => ({ getAccounts: async () => ({ accounts: [] }) }))
    await expect(run('restore', h)).rejects.toThrow(/restores the connection/)
  })
})
