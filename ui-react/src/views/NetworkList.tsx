import type { Network } from '@portico/core'
import { usePortico } from '../context/index.js'
import { selectNetwork, usePorticoState } from '../hooks/index.js'
import { useStrings } from '../i18n/index.js'
import { CheckIcon } from '../modal/icons.js'
import { NetworkDot } from './parts.js'

/** Networks of the active namespace; choosing one pushes SwitchNetwork. */
export function NetworkList() {
  const portico = usePortico()
  const t = useStrings()
  const { network, networks } = usePorticoState((s) => selectNetwork(s))
  const namespace = usePorticoState((s) => s.activeNamespace)
  const shown = networks.filter((n: Network) => !namespace || n.chainNamespace === namespace)
  return (
    <ul className="list" aria-label={t('networksTitle')}>
      {shown.map((n) => {
        const current = n.caipNetworkId === network?.caipNetworkId
        return (
          <li key={n.caipNetworkId}>
            <button
              type="button"
              className="row"
              aria-current={current ? 'true' : undefined}
              data-network-id={n.caipNetworkId}
              onClick={() =>
                current
                  ? portico.router.goBack()
                  : portico.router.push('SwitchNetwork', { caipNetworkId: n.caipNetworkId })
              }
            >
              <NetworkDot network={n} />
              <span className="row-label">
                {n.name}
                <span className="row-sub">
                  {n.nativeCurrency.symbol} · {n.caipNetworkId}
                </span>
              </span>
              {current ? (
                <span className="check">
                  <CheckIcon />
                  <span className="visually-hidden">{t('currentNetwork')}</span>
                </span>
              ) : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
