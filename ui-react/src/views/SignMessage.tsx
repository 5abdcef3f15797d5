import type { Views } from '@portico/core'
import { useAccount, usePorticoState } from '../hooks/index.js'
import { useStrings } from '../i18n/index.js'
import { useViewTitle } from '../modal/title.js'
import { useHostRequest } from '../requests/index.js'
import { RequestStatus } from './RequestStatus.js'

/** SignMessage: shows the message while the wallet decides; "Try again" after a rejection. */
export default function SignMessageView() {
  const t = useStrings()
  const data = usePorticoState((s) => s.router.data) as Views['SignMessage']
  const request = useHostRequest()
  const { address } = useAccount()
  useViewTitle(t('signMessageTitle'))
  const message = request?.kind === 'signMessage' ? request.message : data?.message
  return (
    <RequestStatus
      request={request?.kind === 'signMessage' ? request : undefined}
      pending={t('signMessagePending')}
      waiting={t('signMessageWaiting')}
      declined={t('signatureDeclined')}
      failed={t('signatureFailed')}
      address={address}
    >
      {message ? (
        <pre className="code" data-testid="sign-message">
          <span className="visually-hidden">{t('message')}: </span>
          {message}
        </pre>
      ) : null}
    </RequestStatus>
  )
}
