import type { AccountRecord } from '@portico/core'
import { useState } from 'react'
import { usePortico } from '../../context/index.js'
import { selectNetwork, useAccount, usePorticoState } from '../../hooks/index.js'
import { useCatalogue, useStrings } from '../../i18n/index.js'
import { CheckIcon, CopyIcon } from '../../modal/icons.js'
import { useViewTitle } from '../../modal/title.js'
import { QrCode } from '../../qr/QrCode.js'
import { useCopy } from '../copy.js'
import { receiveStrings } from './strings.js'

const COPY_LABEL = { idle: 'copyAddress', copied: 'copied', failed: 'copyFailed' } as const

type Purpose = NonNullable<AccountRecord['purpose']>

/**
 * Receive: the connected address as a QR code (drawn locally) and as text
 * with Copy, the network it is valid on, and — when the account has a
 * payment and an ordinals address (Bitcoin) — a choice between the two with
 * a note saying what each is for; on a namespace with a memo convention
 * (the adapter's `memoConvention`: Cosmos), a note that this address needs
 * no memo while an exchange's deposit address does.
 */
export default function ReceiveView() {
  const t = useStrings()
  const notes = useCatalogue(receiveStrings)
  const portico = usePortico()
  const account = useAccount()
  const { network } = usePorticoState((s) => selectNetwork(s))
  const { state: copied, copy } = useCopy()
  useViewTitle(t('receiveTitle'))
  const byPurpose = new Map<Purpose, string>()
  for (const record of account.allAccounts ?? [])
    if (record.purpose && !byPurpose.has(record.purpose)) byPurpose.set(record.purpose, record.address)
  const kinds = byPurpose.has('payment') && byPurpose.has('ordinals')
  const shownPurpose = account.allAccounts?.find((r) => r.address === account.address)?.purpose ?? 'payment'
  const [purpose, setPurpose] = useState<Purpose>(shownPurpose)
  const address = kinds ? byPurpose.get(purpose) : account.address
  if (!address) return <p className="note">{t('walletNotConnected')}</p>
  return (
    <div className="receive" data-testid="receive">
      {kinds ? (
        <fieldset className="segmented" data-testid="receive-kinds">
          <legend className="visually-hidden">{t('receiveAddressKinds')}</legend>
          {(['payment', 'ordinals'] as const).map((p) => (
            <label key={p} className="segment" data-checked={purpose === p ? '' : undefined}>
              <input
                type="radio"
                name="receive-kind"
                value={p}
                checked={purpose === p}
                onChange={() => setPurpose(p)}
              />
              {t(p === 'payment' ? 'receivePayment' : 'receiveOrdinals')}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="receive-qr">
        <QrCode value={address} label={t('receiveQrLabel', { address })} size={220} />
      </div>
      <p className="receive-label">{t('receiveAddressLabel')}</p>
      <p className="receive-address mono" dir="ltr" data-testid="receive-address">
        {address}
      </p>
      <button
        type="button"
        className="button"
        data-variant="secondary"
        data-testid="receive-copy"
        onClick={() => void copy(address)}
      >
        {copied === 'copied' ? <CheckIcon /> : <CopyIcon />}
        <span role="status">{t(COPY_LABEL[copied])}</span>
      </button>
      {network ? (
        <p className="note" data-testid="receive-network">
          {t('receiveNetworkNote', { network: network.name })}
        </p>
      ) : null}
      {account.namespace && portico.getAdapter(account.namespace)?.memoConvention ? (
        <div className="alert" data-severity="warning" role="note" data-testid="receive-memo-note">
          <div>{notes('memoNote')}</div>
        </div>
      ) : null}
      {kinds ? (
        <div className="alert" data-severity="warning" role="note" data-testid="receive-kind-note">
          <div>{t(purpose === 'payment' ? 'receivePaymentNote' : 'receiveOrdinalsNote')}</div>
        </div>
      ) : null}
    </div>
  )
}
