import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { formatUnits, parseUnits } from 'viem'
import { ApiError, badRequest, notFound } from '../http/errors.js'
import type { Database } from '../storage/types.js'
import type { PaymentsConfig } from './config.js'
import type { ChainPayment, PaymentAsset, PaymentNetwork } from './networks/index.js'
import {
  type NewPayment,
  type Payment,
  PaymentStore,
  type VerifiedTransfer,
  type WebhookJob,
} from './store.js'

/** What a site asks for (`POST /v1/payments`). */
export interface PaymentRequest {
  network: string
  recipient: string
  /** `native`, a configured token's contract address, or its symbol. */
  asset: string
  /** Decimal amount in the asset's units (`"12.5"`). */
  amount: string
  reference?: string
  confirmations?: number
}

/** The event a settled payment's webhook carries. */
export const SETTLED_EVENT = 'payment.settled'

const conflict = (code: string, message: string) => new ApiError(409, code, message)
const unprocessable = (code: string, message: string) => new ApiError(422, code, message)
const wrongNetwork = (elsewhere: string, asked: string) =>
  conflict('wrong_network', `The transaction is on ${elsewhere}; the payment asks for ${asked}`)

/**
 * Payments a site's back end asks for and the gateway verifies on the chain. A payment is
 * `pending` until a transaction paying it is found — reported by the browser (a hash, checked
 * here) or seen by the history indexer — then `confirming` until the confirmations asked, then
 * `paid`, when its webhook is queued in the same database transaction.
 */
export class PaymentService {
  readonly store: PaymentStore

  constructor(
    private readonly db: Database,
    private readonly networks: ReadonlyMap<string, PaymentNetwork>,
    private readonly config: PaymentsConfig,
    private readonly log: FastifyBaseLogger,
    private readonly onSettled: () => void = () => {},
  ) {
    this.store = new PaymentStore(db)
  }

  #network(network: string): PaymentNetwork {
    const n = this.networks.get(network)
    if (!n)
      throw badRequest(
        `Payments are verified on the gateway's configured networks; ${network} is not one of them`,
        'unsupported_network',
      )
    return n
  }

  #asset(network: PaymentNetwork, asset: string): PaymentAsset {
    const found = network.asset(asset)
    if (!found)
      throw badRequest(
        `${asset} is not an asset the gateway knows on ${network.caipNetworkId} (native, or a configured token)`,
        'unknown_asset',
      )
    return found
  }

  /**
   * The configured network other than `network` on which `hash` is a transaction, if any: a
   * visitor who paid on the wrong network is told which one, rather than "not found".
   */
  async #elsewhere(network: string, hash: string): Promise<string | undefined> {
    const others = [...this.networks.values()].filter((n) => n.caipNetworkId !== network)
    const found = await Promise.all(
      others.map(async (n) => {
        const id = n.txId(hash)
        if (id === undefined) return undefined
        // Another network being down must not hide the answer of this one.
        const seen = await n.seen(id).catch(() => false)
        return seen ? n.caipNetworkId : undefined
      }),
    )
    return found.find((n) => n !== undefined)
  }

  /**
   * Creates the payment, or answers the one already made with this reference: the same request
   * gives the same payment (`created: false`); a different one is refused with 409
   * `reference_conflict` and changes nothing.
   */
  async create(projectId: string, req: PaymentRequest): Promise<{ payment: Payment; created: boolean }> {
    const network = this.#network(req.network)
    const asset = this.#asset(network, req.asset)
    const recipient = network.recipient(req.recipient)
    if (recipient === undefined)
      throw badRequest(`${req.recipient} is not an address on ${network.caipNetworkId}`, 'invalid_recipient')
    const [whole, fraction = ''] = req.amount.split('.')
    if (fraction.length > asset.decimals)
      throw badRequest(
        `${asset.symbol} has ${asset.decimals} decimals; the amount has more`,
        'invalid_amount',
      )
    const amount = parseUnits(`${whole}${fraction ? `.${fraction}` : ''}`, asset.decimals)
    if (amount <= 0n) throw badRequest('The amount must be more than 0', 'invalid_amount')
    const confirmations = req.confirmations ?? this.config.defaultConfirmations
    const fields = {
      network: network.caipNetworkId,
      recipient,
      asset: asset.id,
      amount: amount.toString(),
      confirmations,
    }
    const digest = createHash('sha256').update(JSON.stringify(fields)).digest('hex')
    const reference = req.reference ?? null
    const same = (p: Payment) => {
      if (p.requestDigest !== digest)
        throw conflict(
          'reference_conflict',
          `A payment with reference ${reference} exists with other terms; use a new reference`,
        )
      return { payment: p, created: false }
    }
    if (reference !== null) {
      const existing = await this.store.byReference(projectId, reference)
      if (existing) return same(existing)
    }
    const payment: NewPayment = {
      id: PaymentStore.newId(),
      projectId,
      reference,
      requestDigest: digest,
      ...fields,
      created: Date.now(),
    }
    if (await this.store.create(payment)) {
      return { payment: (await this.store.get(projectId, payment.id))!, created: true }
    }
    // Another request with this reference won the race: answer as if it had come first.
    return same((await this.store.byReference(projectId, reference!))!)
  }

  async get(projectId: string, id: string): Promise<Payment> {
    const p = await this.store.get(projectId, id)
    if (!p) throw notFound('No such payment for this project', 'payment_not_found')
    return p
  }

  /**
   * Verifies a transaction someone says pays `id` (the browser after sending it): it must be mined
   * on the payment's network, successful, pay the recipient at least the amount in the asset, and
   * hold no other payment. Refusals are typed and record nothing; the same hash again answers
   * the payment as it stands.
   */
  async submit(projectId: string, id: string, hash: string): Promise<Payment> {
    const p = await this.get(projectId, id)
    const network = this.#network(p.network)
    const h = network.txId(hash)
    if (h === undefined) {
      const elsewhere = await this.#elsewhere(p.network, hash)
      if (elsewhere) throw wrongNetwork(elsewhere, p.network)
      throw notFound(`${hash} is not a transaction id on ${p.network}`, 'transaction_not_found')
    }
    if (p.txHash === h) return this.refresh(p)
    if (p.status !== 'pending')
      throw conflict('already_paid', `The payment is already paid by transaction ${p.txHash}`)
    const holder = await this.store.byTransaction(p.network, h)
    if (holder) throw conflict('transaction_already_used', 'This transaction already pays another payment')
    const read = await network.read(h, p.recipient, p.asset)
    if (read.state === 'missing') {
      const elsewhere = await this.#elsewhere(p.network, hash)
      if (elsewhere) throw wrongNetwork(elsewhere, p.network)
      throw notFound(`No transaction ${h} on ${p.network}`, 'transaction_not_found')
    }
    if (read.state === 'pending')
      throw conflict('transaction_pending', 'The transaction is not in a block yet; report it once mined')
    if (read.state === 'reverted')
      throw unprocessable('transaction_failed', 'The transaction failed on chain: nothing was paid')
    this.#check(network, p, read.payment)
    return this.#attach(p, read.payment, true)
  }

  /** Throws the typed refusal when the transaction does not pay `p` in full. */
  #check(network: PaymentNetwork, p: Payment, t: ChainPayment) {
    const asset = this.#asset(network, p.asset)
    if (network.windowMs !== undefined && t.minedAt !== undefined && t.minedAt < p.created - network.windowMs)
      throw unprocessable(
        'transaction_too_old',
        'The transaction was mined before the payment was made: it pays something else',
      )
    if (t.paid === 0n) {
      throw t.paidOtherAsset
        ? unprocessable(
            'wrong_asset',
            `The transaction pays the recipient in another asset, not ${asset.symbol}`,
          )
        : unprocessable(
            'wrong_recipient',
            `The transaction pays nothing to ${p.recipient} in ${asset.symbol}`,
          )
    }
    const asked = BigInt(p.amount)
    if (t.paid < asked) {
      const f = (v: bigint) => `${formatUnits(v, asset.decimals)} ${asset.symbol}`
      throw unprocessable(
        'underpaid',
        `Underpaid: the transaction pays ${f(t.paid)} of the ${f(asked)} asked (${f(asked - t.paid)} short)`,
      )
    }
  }

  async #attach(p: Payment, t: ChainPayment, reported: boolean): Promise<Payment> {
    const transfer: VerifiedTransfer = {
      hash: t.hash,
      payer: t.payer,
      paidAmount: t.paid.toString(),
      blockNumber: t.blockNumber,
    }
    const now = Date.now()
    const settles = t.confirmations >= p.confirmations
    const after: Payment = {
      ...p,
      status: settles ? 'paid' : 'confirming',
      txHash: transfer.hash,
      payer: transfer.payer,
      paidAmount: transfer.paidAmount,
      blockNumber: transfer.blockNumber,
      updated: now,
      settledAt: settles ? now : null,
    }
    const result = await this.store.attach(
      p,
      transfer,
      settles ? this.#webhook(after, t.confirmations) : undefined,
      now,
    )
    if (result === 'taken' && reported)
      throw conflict('transaction_already_used', 'This transaction already pays another payment')
    if (result !== 'ok')
      return this.get(p.projectId, p.id).then((q) => (reported ? this.#lost(q, transfer.hash) : q))
    this.log.info({ payment: p.id, hash: transfer.hash, settled: settles }, 'payment transaction verified')
    if (settles) this.onSettled()
    return after
  }

  #lost(q: Payment, hash: string): Payment {
    if (q.txHash === hash) return q
    throw conflict('already_paid', `The payment is already paid by transaction ${q.txHash}`)
  }

  /** The webhook job for a payment that just settled; its delivery id is derived, so settling twice queues one. */
  #webhook(p: Payment, confirmations: number): WebhookJob | undefined {
    const deliveryId = `whd_${createHash('sha256').update(`${p.id}|${SETTLED_EVENT}`).digest('hex').slice(0, 32)}`
    const body = JSON.stringify({
      id: deliveryId,
      type: SETTLED_EVENT,
      created: new Date(p.settledAt ?? Date.now()).toISOString(),
      data: { payment: this.view(p, confirmations) },
    })
    return {
      deliveryId,
      paymentId: p.id,
      projectId: p.projectId,
      event: SETTLED_EVENT,
      body,
      attempts: 0,
      nextAt: 0,
    }
  }

  /**
   * Brings an open payment up to date from the chain: a confirming one's transaction is read again
   * (settled at its confirmations; pending again if a re-org dropped it), a pending one looks for
   * a paying transfer the indexer saw since the payment was made. Returns the payment with its
   * current confirmation count.
   */
  async refresh(p: Payment): Promise<Payment & { currentConfirmations: number }> {
    const network = this.#network(p.network)
    if (p.status === 'pending') {
      const found = await this.#discover(network, p)
      if (found) return this.refresh(found)
      return { ...p, currentConfirmations: 0 }
    }
    const read = await network.read(p.txHash!, p.recipient, p.asset)
    if (read.state !== 'mined') {
      if (p.status === 'confirming' && (await this.store.detach(p))) {
        this.log.warn({ payment: p.id, hash: p.txHash }, 'payment transaction left the chain; pending again')
        return { ...(await this.get(p.projectId, p.id)), currentConfirmations: 0 }
      }
      // A paid payment stays paid (its webhook went out); its transaction reads as unconfirmed now.
      return { ...p, currentConfirmations: 0 }
    }
    const confirmations = read.payment.confirmations
    if (p.status === 'confirming' && confirmations >= p.confirmations) {
      const now = Date.now()
      const paid: Payment = { ...p, status: 'paid', settledAt: now, updated: now }
      if (await this.store.settle(p, this.#webhook(paid, confirmations), now)) {
        this.log.info({ payment: p.id, hash: p.txHash }, 'payment settled')
        this.onSettled()
        return { ...paid, currentConfirmations: confirmations }
      }
      return { ...(await this.get(p.projectId, p.id)), currentConfirmations: confirmations }
    }
    return { ...p, currentConfirmations: confirmations }
  }

  /**
   * A transaction that pays `p` in full, nobody reported: on EVM one the history indexer recorded,
   * elsewhere one the chain lists for the recipient; each is verified again on the chain.
   */
  async #discover(network: PaymentNetwork, p: Payment): Promise<Payment | undefined> {
    let hashes: string[]
    if (network.namespace === 'eip155') {
      const rows = await this.db.query<{ tx_hash: string; amount: string }>(
        `SELECT t.tx_hash, t.amount FROM transfers t JOIN txs x ON x.chain = t.chain AND x.tx_hash = t.tx_hash
          WHERE t.chain = ? AND t.to_addr = ? AND t.token = ? AND x.status = 'confirmed' AND x.block_time >= ?
            AND NOT EXISTS (SELECT 1 FROM payments q WHERE q.network = t.chain AND q.tx_hash = t.tx_hash)
          ORDER BY x.sort_key LIMIT 20`,
        [network.caipNetworkId, p.recipient, p.asset, Math.floor(p.created / 1000) * 1000],
      )
      hashes = rows.filter((r) => BigInt(r.amount) >= BigInt(p.amount)).map((r) => r.tx_hash)
    } else {
      hashes = network.candidates ? await network.candidates(p.recipient, p.asset, p.created) : []
    }
    for (const hash of hashes) {
      if (await this.store.byTransaction(p.network, hash)) continue
      const read = await network.read(hash, p.recipient, p.asset)
      if (read.state !== 'mined' || read.payment.paid < BigInt(p.amount)) continue
      const t = read.payment
      if (
        network.windowMs !== undefined &&
        t.minedAt !== undefined &&
        t.minedAt < p.created - network.windowMs
      )
        continue
      const after = await this.#attach(p, t, false)
      if (after.txHash) return after
    }
    return undefined
  }

  /** The payment as `GET /v1/payments/{id}` answers it. */
  view(p: Payment, confirmations: number) {
    const network = this.networks.get(p.network)
    const asset = network?.asset(p.asset) ?? { id: p.asset, symbol: p.asset, decimals: 0 }
    return {
      id: p.id,
      reference: p.reference,
      status: p.status,
      network: p.network,
      recipient: p.recipient,
      asset: { id: asset.id, symbol: asset.symbol, decimals: asset.decimals },
      amount: formatUnits(BigInt(p.amount), asset.decimals),
      amountBaseUnits: p.amount,
      confirmationsRequired: p.confirmations,
      transaction: p.txHash
        ? {
            hash: p.txHash,
            from: p.payer,
            paid: formatUnits(BigInt(p.paidAmount ?? '0'), asset.decimals),
            paidBaseUnits: p.paidAmount,
            blockNumber: p.blockNumber,
            confirmations,
          }
        : null,
      created: new Date(p.created).toISOString(),
      settled: p.settledAt === null ? null : new Date(p.settledAt).toISOString(),
    }
  }

  /** One pass of the watcher: open payments, least recently checked first. */
  async watch(limit = 20): Promise<void> {
    for (const p of await this.store.open(limit)) {
      try {
        await this.refresh(p)
      } catch (error) {
        this.log.warn({ err: error, payment: p.id }, 'payment re-read failed; it is read again next pass')
      }
      await this.store.touch(p)
    }
  }
}
