import type { Views } from '@portico/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { usePortico } from '../context/index.js'
import { errorText, isUserRejection } from '../format/index.js'
import { usePorticoState } from '../hooks/index.js'
import { useStrings } from '../i18n/index.js'
import { useViewTitle } from '../modal/title.js'
import { NetworkDot } from './identity.js'

/**
 * SwitchNetwork: pending while the wallet decides; a rejection offers "Try again";
 * any other failure goes back one view (SPEC §2), which shows the error above its list. Success returns to where Networks was opened from.
 */
export default function SwitchNetworkView() {
  const portico = usePortico()
  const t = useStrings()
  const data = usePorticoState((s) => s.router.data) as Views['SwitchNetwork'] | undefined
  const target = usePorticoState((s) => s.networks.all.find((n) => n.caipNetworkId === data?.caipNetworkId))
  const [rejected, setRejected] = useState(false)
  const started = useRef(false)
  useViewTitle(t('switchNetworkTitle'))

  const attempt = useCallback(async () => {
    if (!data?.caipNetworkId) return
    setRejected(false)
    try {
      await portico.switchNetwork(data.caipNetworkId as `${string}:${string}`)
      leaveAfterSwitch(portico)
    } catch (e) {
      if (isUserRejection(e)) setRejected(true)
      else {
        // SPEC §2: back one view (core already did when the modal is open) — and that view
        // says why, instead of a silent return.
        if (portico.getState().router.view === 'SwitchNetwork') portico.router.goBack()
        const back = portico.getState().router.view
        if (portico.getState().modal.open && (back === 'Networks' || back === 'UnsupportedChain')) {
          const network =
            portico.getState().networks.all.find((n) => n.caipNetworkId === data.caipNetworkId)?.name ??
            data.caipNetworkId
          portico.router.replace(back, {
            switchError: { network, message: errorText(e) ?? t('somethingWentWrong') },
          })
        }
      }
    }
  }, [portico, data?.caipNetworkId, t])

  useEffect(() => {
    if (started.current) return
    started.current = true
    void attempt()
  }, [attempt])

  const name = target?.name ?? data?.caipNetworkId ?? ''
  return (
    <div className="center" aria-live="polite">
      <span className="ring" data-status={rejected ? 'error' : 'pending'}>
        <span className="wallet-icon" data-size="lg">
          {target ? <NetworkDot network={target} /> : null}
        </span>
      </span>
      <h3>{rejected ? t('switchDeclined') : t('switchingTo', { name })}</h3>
      <p>{rejected ? t('switchDeclinedHint') : t('approveSwitch')}</p>
      <div className="actions">
        <button
          type="button"
          className="button"
          data-variant="secondary"
          onClick={() => portico.router.goBack()}
        >
          {t('cancel')}
        </button>
        {rejected ? (
          <button type="button" className="button" data-variant="primary" onClick={() => void attempt()}>
            {t('tryAgain')}
          </button>
        ) : null}
      </div>
    </div>
  )
}

/** Back to the view before Networks (usually Account); close when Networks was the first view. */
function leaveAfterSwitch(portico: ReturnType<typeof usePortico>) {
  const { router, modal } = portico.getState()
  if (!modal.open || router.view !== 'SwitchNetwork') return
  const idx = router.history.findIndex((e) => e.view === 'Networks' || e.view === 'UnsupportedChain')
  if (idx <= 0) return portico.close()
  for (let i = router.history.length - 1; i >= idx; i--) portico.router.goBack()
}
