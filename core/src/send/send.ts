import type { AccountsService } from '../accounts/index.js'
import { PENDING_TRANSACTIONS_LIMIT } from '../constants/index.js'
import type {
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  PendingSend,
  Portico,
  PorticoState,
  SendToken,
  TransactionRequestOf,
} from '../contracts/index.js'
import {
  AmountAndReceiverRequiredError,
  AmountExceedsBalanceError,
  InvalidReceiverAddressError,
  MethodNotSupportedError,
  PendingTransactionsLimitError,
  TokenRequiredError,
  toPorticoError,
  WalletNotConnectedError,
} from '../errors/index.js'
import type { AdapterRegistry } from '../networks/index.js'
import type { Store } from '../state/index.js'
import { isAddress, parseUnits } from '../utils/index.js'

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

type SendApi = Pick<Portico, 'prepareSend' | 'send' | 'getMaxSendAmount'>

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

  function settle(hash: string, status: PendingSend['status']) {
    deps.store.setState((s) =>
      s.pendingSends?.some((p) => p.hash === hash)
        ? { ...s, pendingSends: s.pendingSends.map((p) => (p.hash === hash ? { ...p, status } : p)) }
        : s,
    )
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
    const request = await build(w, token, to, amount)
    const priced = await price(w, request)
    if (
      token.token === undefined &&
      token.value !== undefined &&
      priced.fee &&
      amount + priced.fee.value > token.value
    )
      throw new AmountExceedsBalanceError({
        details: `the fee is ${priced.fee.formatted} ${priced.fee.symbol}`,
      })
    return {
      namespace: w.ns,
      caipNetworkId: w.caipNetworkId,
      from: w.from,
      to,
      token,
      amount,
      request,
      ...priced,
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
      const adapter = deps.adapters.get(prepared.namespace) as ChainAdapter
      if (adapter.waitForTransaction) {
        pending += 1
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
        })
        adapter
          .waitForTransaction({ hash, caipNetworkId: prepared.caipNetworkId })
          .then(
            () => settle(hash, 'confirmed'),
            (error: unknown) => {
              deps.logger.warn('Portico: waiting for a sent transfer failed', error)
              settle(hash, 'failed')
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
      if (token.token !== undefined || token.value === 0n) return token.value
      const w = wallet(namespace)
      const receiver = to?.trim() || w.from
      await checkReceiver(w.adapter, w.ns, receiver, w.caipNetworkId)
      const priced = await price(w, await build(w, token, receiver, token.value))
      if (!priced.fee) throw priced.feeError
      const keep = (priced.fee.value * MAX_FEE_MARGIN_PERCENT + 99n) / 100n
      return token.value > keep ? token.value - keep : 0n
    },
  }
}
