import { type CaipNetworkId, explorerUrl, type Views } from '@portico/core'
import { errorText, formatNativeAmount, shortenAddress, toBaseUnits } from '../format/index.js'
import { selectNetwork, useAccount, usePorticoState } from '../hooks/index.js'
import { useStrings } from '../i18n/index.js'
import { useViewTitle } from '../modal/title.js'
import { useHostRequest } from '../requests/index.js'
import { TransactionOutcomeNotice } from './outcome/index.js'
import { RequestStatus } from './RequestStatus.js'

/** ApproveTransaction: the transaction the host asked for, while the wallet decides. */
export default function ApproveTransactionView() {
  const t = useStrings()
  const data = usePorticoState((s) => s.router.data) as Views['ApproveTransaction']
  const request = useHostRequest()
  const { address } = useAccount()
  // Fields a transfer request may carry in any namespace; shown when present.
  const tx = (request?.kind === 'sendTransaction' ? request.request : data?.request) as
    | { to?: string; value?: bigint; caipNetworkId?: CaipNetworkId }
    | undefined
  // The request's own network when it names one, else the active network.
  const requestNetworkId = tx?.caipNetworkId
  const { network: activeNetwork } = usePorticoState((s) => selectNetwork(s))
  const requestNetwork = usePorticoState((s) =>
    requestNetworkId ? s.networks.all.find((n) => n.caipNetworkId === requestNetworkId) : undefined,
  )
  const network = requestNetworkId ? requestNetwork : activeNetwork
  useViewTitle(t('approveTransactionTitle'))
  const value = toBaseUnits(tx?.value)
  const sent = request?.kind === 'sendTransaction' ? request : undefined
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
          {value !== undefined ? (
            <>
              <dt>{t('transactionValue')}</dt>
              <dd data-testid="transaction-value">{formatNativeAmount(value, network?.nativeCurrency)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {sent?.hash ? (
        // Sent: where it stands on chain, with the reason, the explorer link and Try again when it failed.
        <TransactionOutcomeNotice
          outcome={sent.outcome}
          followError={
            sent.followError !== undefined
              ? (errorText(sent.followError) ?? t('somethingWentWrong'))
              : undefined
          }
          url={network ? explorerUrl(network, 'transaction', sent.hash) : undefined}
          onRetry={sent.retry}
          testId="request-outcome"
        />
      ) : null}
    </RequestStatus>
  )
}
