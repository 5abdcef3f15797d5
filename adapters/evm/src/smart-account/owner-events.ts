import type { AdapterEvents, CaipNetworkId, Logger } from '@portico/core'
import type { SmartAccounts } from './smart-accounts.js'

type Emit = <E extends keyof AdapterEvents>(event: E, payload: AdapterEvents[E]) => void

/**
 * The wallet events of a connection that has smart accounts: an owner's
 * `accountsChanged` / `chainChanged` carries the EOAs only, so each is passed
 * on with the smart account of the NEW owner (its own counterfactual address)
 * on the connection's network, never the previous owner's. Events of one
 * connection arrive in order: a slower lookup for an older event is dropped
 * once a newer one came. A lookup that fails passes the EOAs on alone (the
 * smart account disappears rather than keeping the old owner's) and says so
 * in the log.
 */
export function relayOwnerEvents(deps: {
  emit: Emit
  smart: () => SmartAccounts | undefined
  /** The connection's network as the wallet last reported it. */
  networkOf: (connectorId: string) => CaipNetworkId | undefined
  logger: () => Pick<Logger, 'warn'>
}): Emit {
  const latest = new Map<string, number>()
  return (event, payload) => {
    const smart = deps.smart()
    if (!smart || (event !== 'accountsChanged' && event !== 'chainChanged')) {
      deps.emit(event, payload)
      return
    }
    const p = payload as AdapterEvents['accountsChanged'] & { caipNetworkId?: CaipNetworkId }
    const n = (latest.get(p.connectorId) ?? 0) + 1
    latest.set(p.connectorId, n)
    const eoas = p.accounts.filter((a) => a.type !== 'smartAccount')
    const network = p.caipNetworkId ?? deps.networkOf(p.connectorId)
    if (eoas.length === 0) {
      deps.emit(event, payload) // the wallet dropped the site: no owner, no smart account
      return
    }
    smart.withSmartAccount(p.connectorId, eoas, network).then(
      (accounts) => {
        if (latest.get(p.connectorId) === n) deps.emit(event, { ...payload, accounts })
      },
      (error: unknown) => {
        deps
          .logger()
          .warn('Portico: the smart account of the new owner could not be derived; showing its EOA', error)
        if (latest.get(p.connectorId) === n) deps.emit(event, { ...payload, accounts: eoas })
      },
    )
  }
}
