import type { ChainAdapter, ChainNamespace } from '@portico/core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { type CheckResult, type ConformanceCheckName, conformanceChecks } from './checks/index.js'
import { type ConformanceHarness, createConformanceHarness } from './harness.js'
import type { ConformanceDevnet, DescribeChainAdapterOptions } from './types.js'

/** What a kit's own test drives: an adapter with some members broken, and one check run on it. */
export interface BrokenAdapterKit<N extends ChainNamespace, A extends ChainAdapter<N>> {
  /**
   * The harness of a fresh real adapter with `breakIt`'s members replacing
   * the real ones (`checks` added to the kit options); cleaned up after the test.
   */
  broken(
    breakIt: (real: A) => Partial<ChainAdapter<N>>,
    checks?: Partial<NonNullable<DescribeChainAdapterOptions<N>['checks']>>,
  ): ConformanceHarness<N>
  /** Runs one check of the kit on a harness as a plain function (it throws when the rule is broken). */
  run(name: ConformanceCheckName, h: ConformanceHarness<N>): Promise<CheckResult>
}

/**
 * The scaffolding of a conformance kit's own test ("each check must FAIL on
 * an adapter broken in the way it is there to catch"), the same for every
 * namespace: starts the kit's devnet once for the file (`beforeAll`), cleans
 * each test's Portico instances and wallets up (`afterEach`), stops the
 * devnet (`afterAll`). Call it at the top level of the test file.
 *
 * @example
 * const { broken, run } = useBrokenAdapters(options, options.realAdapter)
 * it('balance: off by one fails', async () => {
 *   const h = broken((real) => ({ getBalance: async (p) => ({ ...(await real.getBalance(p)), value: 1n }) }))
 *   await expect(run('balance', h)).rejects.toThrow()
 * })
 */
export function useBrokenAdapters<N extends ChainNamespace, A extends ChainAdapter<N>>(
  options: DescribeChainAdapterOptions<N>,
  realAdapter: () => A,
  lifecycle: { before?(): void; after?(): void } = {},
): BrokenAdapterKit<N, A> {
  let devnet: ConformanceDevnet<N> | undefined
  let harness: ConformanceHarness<N> | undefined
  beforeAll(async () => {
    lifecycle.before?.()
    devnet = await options.devnet()
  })
  afterEach(() => harness?.cleanup())
  afterAll(async () => {
    await devnet?.stop?.()
    lifecycle.after?.()
  })
  return {
    broken(breakIt, checks = {}) {
      if (!devnet) throw new Error('the devnet did not start')
      harness = createConformanceHarness(
        {
          ...options,
          checks: { ...options.checks, ...checks },
          adapter: () => {
            const real = realAdapter()
            return { ...real, ...breakIt(real) } as ChainAdapter<N>
          },
        },
        devnet,
      )
      return harness
    },
    run: (name, h) => conformanceChecks[name][1](h),
  }
}
