import type { Network, SwitchError } from '@portico/core'
import { usePortico } from '../context/index.js'
import { selectNetwork, usePorticoState } from '../hooks/index.js'
import { useStrings } from '../i18n/index.js'
import { CheckIcon } from '../modal/icons.js'
import { NetworkDot } from './identity.js'

/** Networks of the active namespace; choosing one pushes SwitchNetwork. A failed switch (router data `switchError`) is shown above the list. */
export function NetworkList() {
  const portico = usePortico()
  const t = useStrings()
  const { network, networks } = usePorticoState((s) => selectNetwork(s))
  const namespace = usePorticoState((s) => s.activeNamespace)
  const switchError = usePorticoState(
    (s) => (s.router.data as { switchError?: SwitchError } | undefined)?.switchError,
  )
  const shown = networks.filter((n: Network) => !namespace || n.chainNamespace === namespace)
  return (
    <>
      {switchError ? (
        <div className="activity-state" role="alert" data-testid="switch-error">
          <strong>{t('switchFailed', { name: switchError.network })}</strong>
          <span className="error-text">{switchError.message}</span>
        </div>
      ) : null}
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
    </>
  )
}
