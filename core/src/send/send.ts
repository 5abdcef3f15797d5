import type { AccountsService } from '../accounts/index.js'
import { PENDING_TRANSACTIONS_LIMIT } from '../constants/index.js'
import type {
  AccountReserve,
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  PendingSend,
  Portico,
  PorticoState,
  SendToken,
  TransactionOutcome,
  TransactionRequestOf,
} from '../contracts/index.js'
import {
  AmountAndReceiverRequiredError,
  AmountExceedsBalanceError,
  BelowMinimumBalanceError,
  InvalidReceiverAddressError,
  MethodNotSupportedError,
  PendingTransactionsLimitError,
  TokenRequiredError,
  toPorticoError,
  WalletNotConnectedError,
} from '../errors/index.js'
import { type AdapterRegistry, explorerUrl } from '../networks/index.js'
import type { Store } from '../state/index.js'
import type { Outcomes } from '../transactions/index.js'
import { formatUnits, isAddress, parseUnits } from '../utils/index.js'

/**
 * Head-room kept above the estimated fee when "Max" is used on the native
 * currency: the wallet prices gas itself a moment later and may ask more.
 */
const MAX_FEE_MARGIN_PERCENT = 125n

/** `state.pendingSends` keeps the newest this many (settled ones stay until Activity's history lists them). */
const PENDING_SENDS_KEPT = 20

export interface SendDeps {
  store: Store<PorticoState>
  accounts: AccountsService
  adapters: AdapterRegistry
  sendTransaction: Portico['sendTransaction']
  outcomes: Outcomes
  logger: { warn(message: string, error?: unknown): void }
}

/** An NFT `SendToken` names its contract, a standard we know, a decimal token id and 0 decimals. */
function checkNft(token: SendToken) {
  const nft = token.nft
  if (nft === undefined) return
  if (
    nft === null ||
    typeof nft !== 'object' ||
    (nft.standard !== 'erc721' && nft.standard !== 'erc1155') ||
    typeof nft.tokenId !== 'string' ||
    !/^(0|[1-9][0-9]{0,77})$/.test(nft.tokenId) ||
    typeof token.token !== 'string' ||
    token.decimals !== 0
  )
    throw new TokenRequiredError({
      details:
        'an NFT needs its contract (token), standard erc721 or erc1155, a decimal tokenId and decimals 0',
    })
}

type SendApi = Pick<Portico, 'prepareSend' | 'send' | 'getMaxSendAmount' | 'getSendReserve'>

/** `PendingSend.status` for an outcome: the history's words (`confirmed` is the chain's "succeeded"). */
const STATUS_OF = {
  pending: 'pending',
  succeeded: 'confirmed',
  failed: 'failed',
  dropped: 'dropped',
} as const satisfies Record<TransactionOutcome['status'], PendingSend['status']>

/**
 * Send (issue 17): every namespace through its adapter. The adapter checks the
 * receiver (`isValidAddress`), builds the transfer (`transferRequest`) and
 * prices it (`estimateFee`); core checks what the SPEC asks (an amount, a
 * receiver and a token; §5) and the balance, then sends through the tracked
 * `sendTransaction`. At most `PENDING_TRANSACTIONS_LIMIT` sends wait for
 * inclusion at once (SPEC §9).
 */
export function createSend(deps: SendDeps): SendApi {
  let pending = 0

  function record(entry: PendingSend) {
    deps.store.setState((s) => ({
      ...s,
      pendingSends: [entry, ...(s.pendingSends ?? []).filter((p) => p.hash !== entry.hash)].slice(
        0,
        PENDING_SENDS_KEPT,
      ),
    }))
  }

  function settle(hash: string, patch: Partial<PendingSend>) {
    deps.store.setState((s) =>
      s.pendingSends?.some((p) => p.hash === hash)
        ? { ...s, pendingSends: s.pendingSends.map((p) => (p.hash === hash ? { ...p, ...patch } : p)) }
        : s,
    )
  }

  /** What an outcome changes on the pending send: its status, the outcome itself, and why it failed or was dropped. */
  function outcomePatch(outcome: TransactionOutcome): Partial<PendingSend> {
    return {
      status: STATUS_OF[outcome.status],
      outcome,
      ...(outcome.status === 'failed' ? { reason: outcome.reason } : {}),
      ...(outcome.status === 'dropped' && outcome.reason ? { reason: { message: outcome.reason } } : {}),
    }
  }

  function wallet(namespace: ChainNamespace | undefined) {
    const ns = namespace ?? deps.store.getState().activeNamespace
    const account = ns ? deps.accounts.get(ns) : undefined
    if (!ns || account?.status !== 'connected' || !account.address)
      throw new WalletNotConnectedError(ns ? { namespace: ns } : {})
    const caipNetworkId = deps.store.getState().networks.active[ns]
    if (!caipNetworkId) throw new WalletNotConnectedError({ namespace: ns })
    const adapter = deps.adapters.get(ns) as ChainAdapter
    if (!adapter.transferRequest) throw new MethodNotSupportedError({ method: 'transferRequest' })
    return { ns, caipNetworkId, adapter, from: account.address }
  }

  async function checkReceiver(
    adapter: ChainAdapter,
    ns: ChainNamespace,
    to: string,
    caipNetworkId: CaipNetworkId,
  ) {
    const valid = adapter.isValidAddress
      ? await adapter.isValidAddress({ address: to, caipNetworkId })
      : isAddress(to, ns)
    if (!valid) throw new InvalidReceiverAddressError(to)
  }

  async function build(
    w: ReturnType<typeof wallet>,
    token: SendToken,
    to: string,
    amount: bigint,
  ): Promise<TransactionRequestOf> {
    return (await w.adapter.transferRequest!({
      from: w.from,
      to,
      caipNetworkId: w.caipNetworkId,
      ...(token.token !== undefined ? { token: token.token } : {}),
      ...(token.nft ? { nft: { standard: token.nft.standard, tokenId: BigInt(token.nft.tokenId) } } : {}),
      amount,
    })) as TransactionRequestOf
  }

  async function price(w: ReturnType<typeof wallet>, request: TransactionRequestOf) {
    if (!w.adapter.estimateFee) return { feeError: new MethodNotSupportedError({ method: 'estimateFee' }) }
    try {
      return {
        fee: await w.adapter.estimateFee({ address: w.from, caipNetworkId: w.caipNetworkId, request }),
      }
    } catch (error) {
      deps.logger.warn('Portico: the fee of the transfer could not be estimated', error)
      return { feeError: toPorticoError(error) }
    }
  }

  /**
   * A `fee-denom` reserve of a token send is in the native currency (the fee
   * coin, e.g. the ATOM a Cosmos USDC send pays its fee with): it bounds the
   * native balance, not the token's. Every other reserve is in the sent token's units.
   */
  function paidInNative(reserve: AccountReserve, token: SendToken): boolean {
    return token.token !== undefined && reserve.kind === 'fee-denom'
  }

  function belowReserve(reserve: AccountReserve): BelowMinimumBalanceError {
    // Exact, not the 3-decimal display: a minimum of 0.00089 SOL must not read "0.000 SOL".
    return new BelowMinimumBalanceError(
      {
        minimum: `${formatUnits(reserve.keep.value, reserve.keep.decimals)} ${reserve.keep.symbol}`,
        account: 'sender',
      },
      { details: reserve.reason },
    )
  }

  /** The chain's reserve for the sender after sending `token` (none for NFTs, or without `getReserve`). */
  async function reserveOf(
    w: ReturnType<typeof wallet>,
    token: SendToken,
  ): Promise<AccountReserve | undefined> {
    if (!w.adapter.getReserve || token.nft) return undefined
    try {
      return await w.adapter.getReserve({
        address: w.from,
        caipNetworkId: w.caipNetworkId,
        ...(token.token !== undefined ? { token: token.token } : {}),
      })
    } catch (error) {
      throw toPorticoError(error)
    }
  }

  const prepareSend: Portico['prepareSend'] = async (params) => {
    if (params === null || typeof params !== 'object') throw new AmountAndReceiverRequiredError()
    const { token, amount: text, namespace } = params
    const to = typeof params.to === 'string' ? params.to.trim() : ''
    if (typeof text !== 'string' || text.trim() === '' || to === '')
      throw new AmountAndReceiverRequiredError()
    if (!token || typeof token !== 'object' || !Number.isInteger(token.decimals))
      throw new TokenRequiredError()
    checkNft(token)
    const w = wallet(namespace)
    const amount = parseUnits(text.trim(), token.decimals)
    if (token.nft?.standard === 'erc721' && amount !== 1n)
      throw new AmountAndReceiverRequiredError({ details: 'an ERC-721 token is sent whole: the amount is 1' })
    if (amount <= 0n) throw new AmountAndReceiverRequiredError({ details: 'the amount must be more than 0' })
    await checkReceiver(w.adapter, w.ns, to, w.caipNetworkId)
    if (token.value !== undefined && amount > token.value) throw new AmountExceedsBalanceError()
    const built = await build(w, token, to, amount)
    const request =
      params.sponsored === false
        ? ({ ...(built as object), sponsored: false } as unknown as TransactionRequestOf)
        : built
    const [priced, reserve] = await Promise.all([price(w, request), reserveOf(w, token)])
    const fee = token.token === undefined && priced.fee ? priced.fee.value : 0n
    if (token.value !== undefined && fee > 0n && amount + fee > token.value)
      throw new AmountExceedsBalanceError({
        details: `the fee is ${priced.fee!.formatted} ${priced.fee!.symbol}`,
      })
    if (reserve && paidInNative(reserve, token)) {
      // The fee coin must hold the reserve (a Cosmos token send's fee): the native balance, not the token's.
      const native = await w.adapter
        .getBalance({ address: w.from, caipNetworkId: w.caipNetworkId })
        .catch((error: unknown) => {
          throw toPorticoError(error)
        })
      if (native.value < reserve.keep.value) throw belowReserve(reserve)
    } else if (reserve && token.value !== undefined && amount + fee + reserve.keep.value > token.value)
      throw belowReserve(reserve)
    return {
      namespace: w.ns,
      caipNetworkId: w.caipNetworkId,
      from: w.from,
      to,
      token,
      amount,
      request,
      ...priced,
      ...(reserve ? { reserve } : {}),
    }
  }

  return {
    prepareSend,

    async send(params) {
      if (pending >= PENDING_TRANSACTIONS_LIMIT)
        throw new PendingTransactionsLimitError(PENDING_TRANSACTIONS_LIMIT)
      const prepared = await prepareSend(params)
      const hash = await deps.sendTransaction({
        request: prepared.request,
        namespace: prepared.namespace,
        caipNetworkId: prepared.caipNetworkId,
        ...(params.requestId !== undefined ? { requestId: params.requestId } : {}),
      })
      if (deps.outcomes.canFollow(prepared.namespace)) {
        pending += 1
        const network = deps.store
          .getState()
          .networks.all.find((n) => n.caipNetworkId === prepared.caipNetworkId)
        const url = explorerUrl(network, 'transaction', hash)
        record({
          hash,
          namespace: prepared.namespace,
          caipNetworkId: prepared.caipNetworkId,
          from: prepared.from,
          to: prepared.to,
          amount: prepared.amount,
          symbol: prepared.token.symbol,
          decimals: prepared.token.decimals,
          sentAt: new Date().toISOString(),
          status: 'pending',
          ...(url ? { explorerUrl: url } : {}),
        })
        // The same follow as sendTransaction's (shared per hash): the send shows the chain's own outcome.
        deps.outcomes
          .follow({
            hash,
            namespace: prepared.namespace,
            caipNetworkId: prepared.caipNetworkId,
            onUpdate: (outcome) => settle(hash, outcomePatch(outcome)),
          })
          .then(
            (outcome) => settle(hash, outcomePatch(outcome)),
            (error: unknown) => {
              // Nothing is known about the transaction: it stays pending, with why it could not be followed.
              deps.logger.warn('Portico: following a sent transfer failed', error)
              const e = toPorticoError(error)
              settle(hash, { reason: { message: e.shortMessage, code: e.code } })
            },
          )
          .finally(() => {
            pending -= 1
          })
      }
      return hash
    },

    async getMaxSendAmount({ token, to, namespace }) {
      if (!token || typeof token !== 'object' || !Number.isInteger(token.decimals))
        throw new TokenRequiredError()
      if (token.value === undefined)
        throw new AmountExceedsBalanceError({ details: 'the balance is not known' })
      if (token.value === 0n) return 0n
      const w = wallet(namespace)
      if (token.token !== undefined) {
        // A token's own reserve is kept; its fee is paid in the native currency, and a `fee-denom`
        // reserve is native too (checked against the native balance by prepareSend, never taken off the token).
        const reserve = await reserveOf(w, token)
        const keep = reserve && !paidInNative(reserve, token) ? reserve.keep.value : 0n
        return token.value > keep ? token.value - keep : 0n
      }
      const receiver = to?.trim() || w.from
      await checkReceiver(w.adapter, w.ns, receiver, w.caipNetworkId)
      const [priced, reserve] = await Promise.all([
        price(w, await build(w, token, receiver, token.value)),
        reserveOf(w, token),
      ])
      if (!priced.fee) throw priced.feeError
      const keep = (priced.fee.value * MAX_FEE_MARGIN_PERCENT + 99n) / 100n + (reserve?.keep.value ?? 0n)
      return token.value > keep ? token.value - keep : 0n
    },

    async getSendReserve({ token, namespace }) {
      if (!token || typeof token !== 'object' || !Number.isInteger(token.decimals))
        throw new TokenRequiredError()
      return reserveOf(wallet(namespace), token)
    },
  }
}
