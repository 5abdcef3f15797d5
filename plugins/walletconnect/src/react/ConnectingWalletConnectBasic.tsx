import { useCatalogue, useViewTitle } from '@portico/react'
import { QrCode } from '@portico/react/qr'
import { useState } from 'react'
import { errorMessage, isRejection, usePairing, useWalletConnect } from './shared.js'
import { walletConnectStrings } from './strings.js'

/**
 * ConnectingWalletConnectBasic (SPEC §2: shown when there are no adapters or
 * manual WalletConnect control is on): the QR code and a copy button only.
 */
const WALLETCONNECT = 'WalletConnect'

export default function ConnectingWalletConnectBasicView() {
  const { portico, instance } = useWalletConnect()
  const { state, error, retry } = usePairing(portico, instance.connector)
  const t = useCatalogue(walletConnectStrings)
  // "WalletConnect" is the protocol's name: the same in every language.
  useViewTitle(WALLETCONNECT)
  return <PairingPanel uri={state.uri} error={error} retry={retry} label={t('scanWithYourWallet')} />
}

export function PairingPanel(props: {
  uri: string | undefined
  error: unknown
  retry: () => void
  label: string
  icon?: string
  children?: React.ReactNode
}) {
  const t = useCatalogue(walletConnectStrings)
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  const { uri, error } = props
  if (error)
    return (
      <div className="center" aria-live="polite" data-state="error">
        <h3 className="error-title">
          {isRejection(error) ? t('connectionDeclined') : t('connectionFailed')}
        </h3>
        <p className="error-text">{errorMessage(error)}</p>
        <div className="actions">
          <button type="button" className="button" data-variant="primary" onClick={props.retry}>
            {t('tryAgain')}
          </button>
        </div>
      </div>
    )
  return (
    <div className="center" aria-live="polite" data-state={uri ? 'ready' : 'loading'}>
      {uri ? (
        <QrCode value={uri} icon={props.icon} label={props.label} />
      ) : (
        <span className="ring" role="status" aria-busy="true" aria-label={t('creatingPairing')} />
      )}
      <p>{props.label}</p>
      <div className="actions">
        {props.children}
        <button
          type="button"
          className="button"
          data-variant="secondary"
          disabled={!uri}
          onClick={() => {
            if (!uri) return
            // "Link copied" only after the copy worked; a refused clipboard says so.
            if (!navigator.clipboard) return setCopied('failed')
            navigator.clipboard.writeText(uri).then(
              () => setCopied('copied'),
              () => setCopied('failed'),
            )
          }}
        >
          {copied === 'copied' ? t('linkCopied') : copied === 'failed' ? t('copyFailed') : t('copyLink')}
        </button>
      </div>
    </div>
  )
}
