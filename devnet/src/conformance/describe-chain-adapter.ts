import type { ChainNamespace } from '@portico/core'
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest'
import { conformanceChecks } from './checks/index.js'
import { type ConformanceHarness, createConformanceHarness } from './harness.js'
import { type MatrixOutcome, RUNTIME_NOT_APPLICABLE, recordMatrix } from './matrix.js'
import type { ConformanceDevnet, DescribeChainAdapterOptions } from './types.js'

/**
 * The conformance suite every Portico chain adapter passes, against its real
 * local node and its dev wallet, inside a real `createPortico`: discovery,
 * CAIP-10 accounts, balances, message signatures checked by the kit's own
 * verifier for the chain, a transfer that moves exactly amount (+ the fee
 * charged), a user rejection, a held request cancelled in the wallet,
 * wallet events reaching core state, and specific typed errors for malformed
 * wallet answers. The checks of `options.checks` are added when given:
 * fees vs charged, outcomes, reserves, app-side network switch, tokens,
 * `signTransaction`, restore after reload. A check that does not apply to
 * the wallet family (no account events…) is skipped, and says so.
 *
 * @example
 * describeChainAdapter({
 *   name: 'evmAdapter on anvil',
 *   namespace: 'eip155',
 *   devnet: async () => { const d = await startEvmDevnet(); return { … } },
 *   adapter: (d) => evmAdapter({ networks, window: win, discovery: true }),
 *   devWallet: (d) => { const w = createDevWallet({ networks }); return { connectorId: 'dev.portico.wallet', … } },
 *   checks: { fees: { overAtMost: 2.5 }, restore: true },
 * })
 */
export function describeChainAdapter<N extends ChainNamespace>(
  options: DescribeChainAdapterOptions<N>,
): void {
  describe(`${options.name}: Portico adapter conformance (${options.namespace})`, () => {
    let devnet: ConformanceDevnet<N> | undefined
    let harness: ConformanceHarness<N> | undefined
    // What each check found, for the compatibility matrix (`options.matrix`).
    const outcomes = new Map<string, MatrixOutcome>()

    beforeAll(async () => {
      devnet = await options.devnet()
      harness = createConformanceHarness(options, devnet)
    })
    afterEach(() => harness?.cleanup())
    afterAll(async () => {
      await devnet?.stop?.()
      // Only a complete run speaks for the wallet: a failed check, or one left out by a filter, records nothing.
      if (options.matrix && outcomes.size === Object.keys(conformanceChecks).length)
        recordMatrix(options.namespace, options.matrix.wallet, Object.fromEntries(outcomes))
    })

    const optional = new Set([
      'fees',
      'outcomes',
      'reserves',
      'networkSwitch',
      'tokens',
      'signTransaction',
      'restore',
      'walletConnect',
    ])
    for (const [name, [title, check]] of Object.entries(conformanceChecks)) {
      // Opt-in checks are listed (skipped) when their option is not given, so a report shows what is
      // not checked, and why when the adapter's options say (`notApplicable`).
      const enabled =
        (!optional.has(name) || options.checks?.[name as keyof typeof options.checks] !== undefined) &&
        !options.checks?.omit?.includes(name as 'send')
      // A real WalletConnect session (relay, two clients, several round trips) takes longer than one wait.
      const timeout =
        name === 'walletConnect' ? Math.max(60_000, (options.timeoutMs ?? 10_000) * 6) : undefined
      const reason = enabled
        ? undefined
        : options.notApplicable?.[name as keyof NonNullable<typeof options.notApplicable>]
      if (!enabled) outcomes.set(name, reason ? `not applicable: ${reason}` : 'not checked')
      it.skipIf(!enabled)(
        reason ? `${title} — not checked: ${reason}` : title,
        async (ctx) => {
          if (!harness) throw new Error('the devnet did not start')
          if ((await check(harness)) === 'not-applicable') {
            outcomes.set(
              name,
              `not applicable: ${RUNTIME_NOT_APPLICABLE[name] ?? 'the wallet does not offer it'}`,
            )
            ctx.skip()
            return
          }
          outcomes.set(name, 'tested')
        },
        timeout,
      )
    }
  })
}
