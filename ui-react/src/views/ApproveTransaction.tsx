import { formatUnits, type TransactionRequest, type Views } from '@portico/core'
import { shortenAddress } from '../format/index.js'
import { selectNetwork, useAccount, usePorticoState } from '../hooks/index.js'
import { useStrings } from '../i18n/index.js'
import { useViewTitle } from '../modal/title.js'
import { useHostRequest } from '../requests/index.js'
import { RequestStatus } from './RequestStatus.js'

/** ApproveTransaction: the transaction the host asked for, while the wallet decides. */
export default function ApproveTransactionView() {
  const t = useStrings()
  const data = usePorticoState((s) => s.router.data) as Views['ApproveTransaction']
  const request = useHostRequest()
  const { address } = useAccount()
  const { network } = usePorticoState((s) => selectNetwork(s))
  useViewTitle(t('approveTransactionTitle'))
  const tx = (request?.kind === 'sendTransaction' ? request.request : data?.request) as
    | TransactionRequest
    | undefined
  return (
    <RequestStatus
      request={request?.kind === 'sendTransaction' ? request : undefined}
      pending={t('approveTransactionPending')}
      waiting={t('approveTransactionWaiting')}
      declined={t('transactionDeclined')}
      failed={t('transactionFailed')}
      address={address}
    >
      {tx?.to ? (
        <dl className="kv">
          <dt>{t('transactionTo')}</dt>
          <dd title={tx.to}>{shortenAddress(tx.to)}</dd>
          {tx.value !== undefined ? (
            <>
              <dt>{t('transactionValue')}</dt>
              <dd>
                {network
                  ? `${formatUnits(BigInt(tx.value), network.nativeCurrency.decimals)} ${network.nativeCurrency.symbol}`
                  : String(tx.value)}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </RequestStatus>
  )
}
