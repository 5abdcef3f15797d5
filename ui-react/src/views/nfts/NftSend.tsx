import {
  type ChainNamespace,
  explorerUrl,
  type NftItem,
  type PreparedSend,
  type SendToken,
} from '@portico/core'
import { type FormEvent, useId, useState } from 'react'
import { usePortico } from '../../context/index.js'
import { selectNetwork, useAccount, usePorticoState } from '../../hooks/index.js'
import { useStrings } from '../../i18n/index.js'
import { sendErrorText } from '../send/messages.js'
import { SendOutcome } from '../send/SendOutcome.js'
import { SendConfirm, SendFailed, SendSending, SendSent } from '../send/SendSteps.js'
import { receiverAddress, useReceiver } from '../send/useReceiver.js'

type Step =
  | { step: 'form' }
  | { step: 'confirm'; prepared: PreparedSend }
  | { step: 'sending'; prepared: PreparedSend }
  | { step: 'sent'; prepared: PreparedSend; hash: string }
  | { step: 'failed'; prepared: PreparedSend; error: unknown }

/** The NFT as Send moves it: the collection's contract, whole items, the amount held as the balance. */
export function nftSendToken(item: NftItem, name: string): SendToken {
  return {
    token: item.contract,
    decimals: 0,
    symbol: name,
    value: BigInt(item.amount),
    nft: { standard: item.standard, tokenId: item.tokenId },
  }
}

/**
 * "Send NFT": receiver (an address or a name, resolved as Send does), the
 * number of items for ERC-1155, then Send's own confirm / progress / sent /
 * failed steps, all through `portico.prepareSend` / `send`. Nothing typed is
 * lost on a failure: Edit returns to the filled form.
 */
export function NftSend({
  item,
  name,
  namespace,
  onCancel,
  onDone,
}: {
  item: NftItem
  name: string
  namespace: ChainNamespace | undefined
  onCancel(): void
  /** Done after a send, with the number of items sent. */
  onDone(count: bigint): void
}) {
  const portico = usePortico()
  const t = useStrings()
  const ids = useId()
  const account = useAccount()
  const { network } = usePorticoState((s) => selectNetwork(s))
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('1')
  const [problem, setProblem] = useState<unknown>()
  const [reviewing, setReviewing] = useState(false)
  const [step, setStep] = useState<Step>({ step: 'form' })
  const sentHash = step.step === 'sent' ? step.hash : undefined
  // The chain's outcome of the send, as core follows it (succeeded, failed with its reason, dropped).
  const followed = usePorticoState((s) =>
    sentHash ? s.pendingSends?.find((p) => p.hash === sentHash) : undefined,
  )
  const receiver = useReceiver(to, namespace)
  const token = nftSendToken(item, name)
  const ns = namespace ? { namespace } : {}
  const networkName = network?.name ?? ''

  const review = async (e: FormEvent) => {
    e.preventDefault()
    setProblem(undefined)
    if (receiver.kind === 'resolving') return
    if (receiver.kind === 'error') {
      setProblem(receiver.error)
      return
    }
    setReviewing(true)
    try {
      const prepared = await portico.prepareSend({
        token,
        amount,
        to: receiverAddress(receiver) ?? '',
        ...ns,
      })
      setStep({ step: 'confirm', prepared })
    } catch (error) {
      setProblem(error)
    } finally {
      setReviewing(false)
    }
  }

  const send = async (prepared: PreparedSend) => {
    setStep({ step: 'sending', prepared })
    try {
      const hash = await portico.send({
        token: prepared.token,
        amount: prepared.amount.toString(),
        to: prepared.to,
        namespace: prepared.namespace,
      })
      setStep({ step: 'sent', prepared, hash })
    } catch (error) {
      setStep({ step: 'failed', prepared, error })
    }
  }

  const what = (p: PreparedSend) => t('nftSendWhat', { n: p.amount.toString(), name })
  if (network) {
    switch (step.step) {
      case 'confirm':
        return (
          <SendConfirm
            prepared={step.prepared}
            receiver={receiver}
            network={network}
            amount={what(step.prepared)}
            onEdit={() => setStep({ step: 'form' })}
            onSend={() => void send(step.prepared)}
          />
        )
      case 'sending':
        return <SendSending address={account.address} />
      case 'sent':
        return (
          <SendSent
            hash={step.hash}
            amount={what(step.prepared)}
            to={step.prepared.to}
            url={followed?.explorerUrl ?? explorerUrl(network, 'transaction', step.hash)}
            outcome={<SendOutcome send={followed} onRetry={() => void send(step.prepared)} />}
            status={followed?.status}
            // A failed or dropped send moved nothing: the list keeps the items.
            onDone={() =>
              onDone(
                followed?.status === 'failed' || followed?.status === 'dropped' ? 0n : step.prepared.amount,
              )
            }
          />
        )
      case 'failed':
        return (
          <SendFailed
            error={step.error}
            network={network.name}
            address={account.address}
            onRetry={() => void send(step.prepared)}
            onEdit={() => setStep({ step: 'form' })}
          />
        )
    }
  }

  const note =
    receiver.kind === 'resolving' ? (
      <p className="row-sub" id={`${ids}-to-note`} role="status">
        {t('sendResolving', { name: receiver.name })}
      </p>
    ) : receiver.kind === 'resolved' ? (
      <p className="row-sub send-resolved" id={`${ids}-to-note`} role="status">
        {t('sendResolved', { name: receiver.name, address: receiver.address })}
      </p>
    ) : receiver.kind === 'error' ? (
      <p className="error-text" id={`${ids}-to-note`} role="alert">
        {t('sendNameLookupFailed', {
          name: receiver.name,
          reason: sendErrorText(receiver.error, t, networkName),
        })}
      </p>
    ) : null
  return (
    <form className="section send-form" onSubmit={review} noValidate data-testid="nft-send-form">
      <h3 className="send-heading">{t('nftSendTitle', { name })}</h3>
      {item.standard === 'erc1155' ? (
        <>
          <label className="group-label" htmlFor={`${ids}-amount`}>
            {t('nftSendAmount', { n: item.amount })}
          </label>
          <input
            id={`${ids}-amount`}
            className="search"
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            data-testid="nft-send-amount"
          />
        </>
      ) : null}
      <label className="group-label" htmlFor={`${ids}-to`}>
        {t('sendReceiver')}
      </label>
      <input
        id={`${ids}-to`}
        className="search mono"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('sendReceiverPlaceholder')}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        aria-describedby={note ? `${ids}-to-note` : undefined}
        data-testid="nft-send-to"
      />
      {note}
      {problem !== undefined ? (
        <p className="error-text" role="alert" data-testid="nft-send-problem">
          {sendErrorText(problem, t, networkName)}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className="button" data-variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button
          type="submit"
          className="button"
          data-variant="primary"
          disabled={reviewing}
          aria-busy={reviewing}
          data-testid="nft-send-review"
        >
          {t('sendReview')}
        </button>
      </div>
    </form>
  )
}
