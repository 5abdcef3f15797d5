import { useViewTitle } from '@portico/react'
import { useState } from 'react'
import { QrCode } from './QrCode.js'
import { errorMessage, isRejection, usePairing, useWalletConnect } from './shared.js'

/**
 * ConnectingWalletConnectBasic (SPEC §2: shown when there are no adapters or
 * manual WalletConnect control is on): the QR code and a copy button only.
 */
export default function ConnectingWalletConnectBasicView() {
  const { portico, instance } = useWalletConnect()
  const { state, error, retry } = usePairing(portico, instance.connector)
  useViewTitle('WalletConnect')
  return <PairingPanel uri={state.uri} error={error} retry={retry} label="Scan with your wallet" />
}

export function PairingPanel(props: {
  uri: string | undefined
  error: unknown
  retry: () => void
  label: string
  icon?: string
  children?: React.ReactNode
}) {
  const [copied, setCopied] = useState(false)
  const { uri, error } = props
  if (error)
    return (
      <div className="center" aria-live="polite" data-state="error">
        <h3 className="error-title">{isRejection(error) ? 'Connection declined' : 'Connection failed'}</h3>
        <p className="error-text">{errorMessage(error)}</p>
        <div className="actions">
          <button type="button" className="button" data-variant="primary" onClick={props.retry}>
            Try again
          </button>
        </div>
      </div>
    )
  return (
    <div className="center" aria-live="polite" data-state={uri ? 'ready' : 'loading'}>
      {uri ? (
        <QrCode value={uri} icon={props.icon} label={props.label} />
      ) : (
        <span className="ring" role="status" aria-busy="true" aria-label="Creating a pairing" />
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
            void navigator.clipboard?.writeText(uri).then(() => setCopied(true))
          }}
        >
          {copied ? 'Link copied' : 'Copy link'}
        </button>
      </div>
    </div>
  )
}
