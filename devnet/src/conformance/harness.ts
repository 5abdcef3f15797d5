import {
  type ChainAdapter,
  type ChainNamespace,
  createPortico,
  type Logger,
  type Portico,
  type PorticoStorage,
} from '@portico/core'
import { until } from '../test-helpers/until.js'
import type { ConformanceDevnet, ConformanceDevWallet, DescribeChainAdapterOptions } from './types.js'

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} }

/** One Portico instance with the adapter under test and its dev wallet. */
export interface Started<N extends ChainNamespace> {
  portico: Portico
  wallet: ConformanceDevWallet
  adapter: ChainAdapter<N>
}

/**
 * What a check runs on: the options of the kit call, the started devnet, and
 * Portico instances with the adapter and a dev wallet. `cleanup` destroys
 * every instance and uninstalls every wallet it started.
 */
export interface ConformanceHarness<N extends ChainNamespace> {
  readonly options: DescribeChainAdapterOptions<N>
  readonly devnet: ConformanceDevnet<N>
  readonly namespace: N
  readonly timeout: number
  /** A Portico with a fresh adapter; the wallet is a fresh one unless given (a reload keeps the wallet). */
  start(params?: { storage?: PorticoStorage; wallet?: ConformanceDevWallet }): Promise<Started<N>>
  /** `start`, then connect the wallet. */
  connected(): Promise<Started<N>>
  account(portico: Portico): ReturnType<Portico['getState']>['accounts'][N]
  wait(check: () => unknown, what: string): Promise<void>
  cleanup(): void
}

export function createConformanceHarness<N extends ChainNamespace>(
  options: DescribeChainAdapterOptions<N>,
  devnet: ConformanceDevnet<N>,
): ConformanceHarness<N> {
  const { namespace } = options
  const timeout = options.timeoutMs ?? 10_000
  const porticos: Portico[] = []
  const uninstalls: (() => void)[] = []

  const harness: ConformanceHarness<N> = {
    options,
    devnet,
    namespace,
    timeout,
    async start(params = {}) {
      const wallet = params.wallet ?? (await options.devWallet(devnet))
      const adapter = options.adapter(devnet)
      const portico = createPortico({
        adapters: [adapter as ChainAdapter],
        storage: params.storage ?? 'memory',
        logger: quiet,
      })
      porticos.push(portico)
      if (!params.wallet) {
        const undo = wallet.install()
        if (undo) uninstalls.push(undo)
      }
      await portico.ready
      await until(
        () => portico.getState().connectors.some((c) => c.id === wallet.connectorId && c.chain === namespace),
        timeout,
        `the adapter discovers connector ${wallet.connectorId}`,
      ).catch((error: Error) => {
        const listed = portico.getState().connectors.map((c) => `${c.chain}/${c.id}`)
        throw new Error(`${error.message}; listed: ${listed.join(', ') || 'none'}`)
      })
      return { portico, wallet, adapter }
    },
    async connected() {
      const s = await harness.start()
      await s.portico.connect(s.wallet.connectorId, { namespace })
      return s
    },
    account: (portico) => portico.getState().accounts[namespace],
    wait: (check, what) => until(check, timeout, what),
    cleanup() {
      for (const p of porticos.splice(0)) p.destroy()
      for (const undo of uninstalls.splice(0).reverse()) undo()
    },
  }
  return harness
}
