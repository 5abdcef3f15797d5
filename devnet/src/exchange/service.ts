import { join } from 'node:path'
import { spawnNodeService } from '../process-service.js'
import type { DevnetService, ServiceInfo } from '../services.js'
import { readDevnetState } from '../state.js'

export interface ExchangeServiceInfo extends ServiceInfo {
  /** Base URL (`http://127.0.0.1:8790`): `sandboxPayExchange({ url })` in the page. */
  url: string
  port: number
  /** The treasury every sandbox payment is sent from. */
  treasury: string
  /** The networks it pays on (the evm service's anvils). */
  networks: string[]
}

/** Default port of the sandbox exchange. */
export const EXCHANGE_DEFAULT_PORT = 8790

/**
 * The sandbox exchange ("Pay from an exchange", docs/pay.md) as a devnet service: one process
 * paying on the `evm` service's anvils, which must be started first (it is listed after it).
 * A busy default port falls back to a free one; a port given with `--exchange-ports` is required.
 */
export const exchangeService: DevnetService<ExchangeServiceInfo> = {
  name: 'exchange',
  defaultPorts: [EXCHANGE_DEFAULT_PORT],
  async start(opts) {
    if (!readDevnetState(opts.stateDir)?.services.evm)
      throw new Error('the sandbox exchange needs the evm service: start it first')
    return spawnNodeService<ExchangeServiceInfo>('the sandbox exchange', import.meta.url, {
      port: opts.ports?.[0] ?? EXCHANGE_DEFAULT_PORT,
      orFreePort: opts.ports?.[0] === undefined,
      detached: opts.detached,
      logFile: join(opts.stateDir, 'exchange-sandbox.log'),
      args: ['--state-dir', opts.stateDir],
      timeoutMs: 60_000,
    })
  },
}
