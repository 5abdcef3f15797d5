import {
  type AccountReserve,
  explorerUrl,
  formatUnits,
  type PreparedSend,
  type SendToken,
  type Views,
} from '@portico/core'
import { useEffect, useMemo, useRef, useState } from 'react'
import { usePortico } from '../../context/index.js'
import { useFormat } from '../../format/index.js'
import { selectNetwork, useAccount, usePorticoState } from '../../hooks/index.js'
import { useStrings } from '../../i18n/index.js'
import { useViewTitle } from '../../modal/title.js'
import { isSponsorshipRefused, SponsorshipRefused } from '../smart-account/index.js'
import { type Preview, SendForm } from './SendForm.js'
import { SendOutcome } from './SendOutcome.js'
import { SendConfirm, SendFailed, SendSending, SendSent } from './SendSteps.js'
import { type SendOption, sendOptions } from './tokens.js'
import { receiverAddress, useReceiver } from './useReceiver.js'

/** Typing pauses this long before the fee preview is asked for. */
const PREVIEW_DEBOUNCE_MS = 400

type Step =
  | { step: 'form' }
  | { step: 'confirm'; prepared: PreparedSend }
  | { step: 'sending'; prepared: PreparedSend }
  | { step: 'sent'; prepared: PreparedSend; hash: string }
  | { step: 'failed'; prepared: PreparedSend; error: unknown }

const toSendToken = (o: SendOption): SendToken => ({
  symbol: o.symbol,
  decimals: o.decimals,
  ...(o.token !== undefined ? { token: o.token } : {}),
  ...(o.value !== undefined ? { value: o.value } : {}),
})

/**
 * WalletSend (issue 17): pick a token of the account, an amount (Max keeps
 * the fee on the native currency), a receiver — an address checked by the
 * namespace's adapter or a name resolved through `portico.resolveName` —
 * see the fee, confirm, and follow the send to its explorer link. Everything
 * goes through `portico.prepareSend` / `send`, so injected, WalletConnect
 * and embedded wallets behave alike. A failure keeps what was typed.
 */
export default function WalletSendView() {
  const portico = usePortico()
  const t = useStrings()
  const format = useFormat()
  const account = useAccount()
  const { network } = usePorticoState((s) => selectNetwork(s))
  const data = usePorticoState((s) => s.router.data) as Views['WalletSend']
  useViewTitle(t('sendTitle'))

  const tokens = account.tokenBalance
  const options = useMemo(
    () => sendOptions(tokens ?? [], network, account.balance),
    [tokens, network, account.balance],
  )
  const [tokenKey, setTokenKey] = useState<string>(() => data?.token ?? 'native')
  const [amount, setAmount] = useState('')
  const [to, setTo] = useState('')
  const [step, setStep] = useState<Step>({ step: 'form' })
  const [problem, setProblem] = useState<unknown>(undefined)
  const [maxLoading, setMaxLoading] = useState(false)
  const [reviewing, setReviewing] = useState(false)
  const [preview, setPreview] = useState<Preview>({ status: 'idle' })
  const [reserve, setReserve] = useState<AccountReserve | undefined>(undefined)
  const sentHash = step.step === 'sent' ? step.hash : undefined
  const followed = usePorticoState((s) =>
    sentHash ? s.pendingSends?.find((p) => p.hash === sentHash) : undefined,
  )
  const receiver = useReceiver(to, account.namespace)
  const address = receiverAddress(receiver)
  const option = options.find((o) => o.key === tokenKey) ?? (data?.token ? undefined : options[0])
  const token = option ? toSendToken(option) : undefined
  // Answers for what is no longer typed (or after unmount) are dropped.
  const generation = useRef(0)
  useEffect(() => () => void generation.current++, [])

  // What the chain makes the account keep of this token (shown beside Max): asked again for another token.
  const reserveKey = option ? `${option.key}|${network?.caipNetworkId ?? ''}|${account.address ?? ''}` : ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only for another token, network or account
  useEffect(() => {
    setReserve(undefined)
    if (!option) return
    let live = true
    portico.getSendReserve({ token: toSendToken(option) }).then(
      (answer) => live && setReserve(answer),
      // Max and Review ask the same reserve and show why it failed; the note stays away meanwhile.
      (error: unknown) => live && console.warn('Portico: the account reserve could not be read', error),
    )
    return () => {
      live = false
    }
  }, [portico, reserveKey])

  // The fee preview follows what is typed, once there is something to price (a changed balance is a new option).
  useEffect(() => {
    if (!option || amount.trim() === '' || !address) {
      setPreview({ status: 'idle' })
      return
    }
    const mine = ++generation.current
    setPreview({ status: 'loading' })
    const timer = setTimeout(() => {
      portico.prepareSend({ token: toSendToken(option), amount, to: address }).then(
        (prepared) => mine === generation.current && setPreview({ status: 'ready', prepared }),
        (error: unknown) => mine === generation.current && setPreview({ status: 'error', error }),
      )
    }, PREVIEW_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [portico, option, amount, address])

  const edit = (apply: () => void) => {
    setProblem(undefined)
    apply()
  }

  const onMax = async () => {
    if (!token) return
    setMaxLoading(true)
    setProblem(undefined)
    try {
      const max = await portico.getMaxSendAmount({ token, ...(address ? { to: address } : {}) })
      setAmount(formatUnits(max, token.decimals))
    } catch (error) {
      setProblem(error)
    } finally {
      setMaxLoading(false)
    }
  }

  const onReview = async () => {
    setProblem(undefined)
    // The name's own message (or its lookup still running) is already shown under the field.
    if (receiver.kind === 'resolving' || receiver.kind === 'error') return
    setReviewing(true)
    try {
      const prepared = await portico.prepareSend({ token, amount, to: address ?? '' })
      setStep({ step: 'confirm', prepared })
    } catch (error) {
      setProblem(error)
    } finally {
      setReviewing(false)
    }
  }

  const send = async (prepared: PreparedSend, opts: { sponsored?: false } = {}) => {
    setStep({ step: 'sending', prepared })
    try {
      const hash = await portico.send({
        token: prepared.token,
        amount: formatUnits(prepared.amount, prepared.token.decimals),
        to: prepared.to,
        namespace: prepared.namespace,
        ...opts,
      })
      setStep({ step: 'sent', prepared, hash })
    } catch (error) {
      setStep({ step: 'failed', prepared, error })
    }
  }

  if (!network || account.status !== 'connected') {
    return (
      <p className="empty" data-testid="send-not-connected">
        {t('walletNotConnectedHint')}
      </p>
    )
  }
  if (options.length === 0 || (!option && account.balanceLoading)) {
    return (
      <p className="empty" role="status" aria-busy={account.balanceLoading} data-testid="send-empty">
        {account.balanceLoading ? t('sendBalancesLoading') : t('sendNoTokens')}
      </p>
    )
  }
  const amountText = (p: PreparedSend) =>
    `${format.tokenAmount(formatUnits(p.amount, p.token.decimals))} ${p.token.symbol}`

  switch (step.step) {
    case 'confirm':
      return (
        <SendConfirm
          prepared={step.prepared}
          receiver={receiver}
          network={network}
          amount={amountText(step.prepared)}
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
          amount={amountText(step.prepared)}
          to={step.prepared.to}
          url={followed?.explorerUrl ?? explorerUrl(network, 'transaction', step.hash)}
          outcome={<SendOutcome send={followed} onRetry={() => void send(step.prepared)} />}
          status={followed?.status}
          onDone={() => portico.router.goBack()}
        />
      )
    case 'failed':
      if (isSponsorshipRefused(step.error))
        return (
          <SponsorshipRefused
            error={step.error}
            editLabel={t('sendEdit')}
            onEdit={() => setStep({ step: 'form' })}
            onPaySelf={() => void send(step.prepared, { sponsored: false })}
          />
        )
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
  return (
    <SendForm
      network={network}
      options={options}
      tokenKey={option?.key ?? ''}
      amount={amount}
      to={to}
      receiver={receiver}
      preview={preview}
      reserve={reserve}
      problem={problem}
      maxLoading={maxLoading}
      reviewing={reviewing}
      onToken={(key) => edit(() => setTokenKey(key))}
      onAmount={(text) => edit(() => setAmount(text))}
      onTo={(text) => edit(() => setTo(text))}
      onMax={() => void onMax()}
      onReview={() => void onReview()}
    />
  )
}
