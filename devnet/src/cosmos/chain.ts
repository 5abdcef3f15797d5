import { sha256 } from '@cosmjs/crypto'
import { toBase64, toHex } from '@cosmjs/encoding'
import { MsgSendResponse } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci'
import { type AnteResult, feeCollectorAddress, GAS, GasMeter, runAnte } from './ante.js'
import { coinsString, parseCoins } from './coins.js'
import { type DecodedTx, decodeTx, MSG_SEND_TYPE_URL } from './decode.js'
import { CosmosTxError, fail, SDK_CODES } from './errors.js'
import { FeeMarket } from './feemarket.js'
import type { CosmosChainSpec } from './fixtures.js'
import { OsmosisEipFeeMarket } from './osmosis-txfees.js'
import { ChainStore } from './store.js'

/** An ABCI event as CometBFT reports it (attributes as plain strings, CometBFT ≥ 0.37). */
export interface AbciEvent {
  type: string
  attributes: { key: string; value: string; index: boolean }[]
}

/** The outcome of CheckTx / DeliverTx / Simulate. */
export interface TxResult {
  code: number
  codespace: string
  log: string
  data: Uint8Array
  gasWanted: bigint
  gasUsed: bigint
  events: AbciEvent[]
}

/** A transaction included in a block. */
export interface IndexedTx {
  /** Uppercase hex sha256 of the tx bytes. */
  hash: string
  height: number
  index: number
  tx: Uint8Array
  result: TxResult
}

export interface Block {
  height: number
  time: string
  hash: string
  appHash: string
  txs: Uint8Array[]
}

function event(type: string, attrs: Record<string, string>): AbciEvent {
  return { type, attributes: Object.entries(attrs).map(([key, value]) => ({ key, value, index: true })) }
}

/** RFC 3339 with nanoseconds, as CometBFT prints block times. */
function cometTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z')
}

/**
 * One simulated chain: the auth + bank state machine, a block per delivered
 * transaction (instant finality) and a tx index. Strict where a real chain is:
 * see `runAnte` and `deliverMsgs`.
 */
export class CosmosChain {
  readonly store = new ChainStore()
  readonly blocks: Block[] = []
  readonly txs = new Map<string, IndexedTx>()
  private readonly genesisTime = Date.now()
  /** Where fees go (the `fee_collector` module account). */
  readonly feeCollector: string
  /** The chain's fee market (Skip's x/feemarket or Osmosis's EIP-1559, simulated), when its spec has one. */
  readonly feeMarket: FeeMarket | OsmosisEipFeeMarket | undefined

  constructor(readonly spec: CosmosChainSpec) {
    this.feeCollector = feeCollectorAddress(spec.bech32Prefix)
    const feeDenom = spec.denoms[0]!.denom
    this.feeMarket =
      spec.feeMarket?.kind === 'skip-feemarket'
        ? new FeeMarket(spec.feeMarket, feeDenom)
        : spec.feeMarket?.kind === 'osmosis-eip'
          ? new OsmosisEipFeeMarket(spec.feeMarket, feeDenom)
          : undefined
    this.pushBlock([])
  }

  get height(): number {
    return this.blocks.length
  }
  get latest(): Block {
    return this.blocks[this.blocks.length - 1]!
  }

  private appHash(): string {
    const state = JSON.stringify(
      [...this.store.balances].map(([a, b]) => [a, [...b].map(([d, v]) => [d, `${v}`])]),
    )
    return toHex(sha256(new TextEncoder().encode(`${this.blocks.length}:${state}`))).toUpperCase()
  }

  private pushBlock(txs: Uint8Array[]): Block {
    const height = this.blocks.length + 1
    const block: Block = {
      height,
      // Blocks are at least a millisecond apart so times stay strictly increasing.
      time: cometTime(Math.max(Date.now(), this.genesisTime + height)),
      hash: toHex(
        sha256(new TextEncoder().encode(`${this.spec.chainId}/${height}/${txs.map(toBase64).join()}`)),
      ).toUpperCase(),
      appHash: this.appHash(),
      txs,
    }
    this.blocks.push(block)
    return block
  }

  static txHash(tx: Uint8Array): string {
    return toHex(sha256(tx)).toUpperCase()
  }

  /** CheckTx: decode + ante on a throwaway fork (the mempool's view). Code 0 means accepted. */
  checkTx(tx: Uint8Array): TxResult {
    const hash = CosmosChain.txHash(tx)
    if (this.txs.has(hash))
      return errorResult(new CosmosTxError(SDK_CODES.txInMempoolCache, 'tx already exists in cache'), 0n, 0n)
    let decoded: DecodedTx | undefined
    const gas = new GasMeter(undefined)
    try {
      decoded = decodeTx(tx, this.spec.bech32Prefix, false)
      const limit = decoded.authInfo.fee?.gasLimit ?? 0n
      const meter = new GasMeter(limit)
      runAnte({
        spec: this.spec,
        store: this.store.fork(),
        tx: decoded,
        txBytes: tx,
        gas: meter,
        height: BigInt(this.height + 1),
        mode: 'check',
        feeMarket: this.feeMarket,
      })
      return {
        code: 0,
        codespace: '',
        log: '',
        data: new Uint8Array(),
        gasWanted: limit,
        gasUsed: meter.used,
        events: [],
      }
    } catch (e) {
      return errorResult(e, decoded?.authInfo.fee?.gasLimit ?? 0n, gas.used)
    }
  }

  /**
   * broadcast_tx_sync: CheckTx, and when it passes, the tx is delivered in a
   * new block at once. Returns the CheckTx result (as CometBFT does); the
   * delivery result is in the tx index.
   */
  broadcast(tx: Uint8Array): TxResult & { hash: string } {
    const hash = CosmosChain.txHash(tx)
    const check = this.checkTx(tx)
    if (check.code === 0) this.deliver(tx, hash)
    return { ...check, hash }
  }

  private deliver(tx: Uint8Array, hash: string): void {
    const decoded = decodeTx(tx, this.spec.bech32Prefix, false)
    const limit = decoded.authInfo.fee?.gasLimit ?? 0n
    const gas = new GasMeter(limit)
    const height = this.height + 1
    let result: TxResult
    const anteFork = this.store.fork()
    let ante: AnteResult
    try {
      ante = runAnte({
        spec: this.spec,
        store: anteFork,
        tx: decoded,
        txBytes: tx,
        gas,
        height: BigInt(height),
        mode: 'deliver',
        feeMarket: this.feeMarket,
      })
    } catch (e) {
      // CheckTx passed, so this is a race with another tx; nothing is written.
      result = errorResult(e, limit, gas.used)
      this.index(tx, hash, result)
      return
    }
    this.store.commit(anteFork)
    const anteEvents = this.anteEvents(decoded, ante)
    const msgFork = this.store.fork()
    try {
      const { events, data } = this.deliverMsgs(msgFork, decoded, gas)
      this.store.commit(msgFork)
      result = {
        code: 0,
        codespace: '',
        log: '',
        data,
        gasWanted: limit,
        gasUsed: gas.used,
        events: [...anteEvents, ...events],
      }
    } catch (e) {
      // The fee and the sequence stay spent, the messages leave no trace (as on a real chain).
      result = { ...errorResult(e, limit, gas.used), events: anteEvents }
    }
    this.index(tx, hash, result)
  }

  private index(tx: Uint8Array, hash: string, result: TxResult): void {
    const block = this.pushBlock([tx])
    // EndBlock: the fee market reads the block's fullness (one tx per block here).
    this.feeMarket?.endBlock(result)
    this.txs.set(hash, { hash, height: block.height, index: 0, tx, result })
  }

  private anteEvents(tx: DecodedTx, ante: AnteResult): AbciEvent[] {
    const fee = coinsString(ante.fee)
    return [
      ...(ante.fee.length > 0
        ? [
            event('coin_spent', { spender: ante.feePayer, amount: fee, msg_index: '' }),
            event('coin_received', { receiver: this.feeCollector, amount: fee }),
            event('transfer', { recipient: this.feeCollector, sender: ante.feePayer, amount: fee }),
            event('message', { sender: ante.feePayer }),
          ]
        : []),
      event('tx', { fee, fee_payer: ante.feePayer }),
      event('tx', { acc_seq: `${tx.signer}/${ante.sequence}` }),
      event('tx', { signature: toBase64(tx.signature) }),
    ].map((e) => ({ ...e, attributes: e.attributes.filter((a) => a.key !== 'msg_index') }))
  }

  /** Runs the messages (MsgSend only) on `store`, with gas and the standard bank events. */
  private deliverMsgs(
    store: ChainStore,
    tx: DecodedTx,
    gas: GasMeter,
  ): { events: AbciEvent[]; data: Uint8Array } {
    const events: AbciEvent[] = []
    for (const [i, msg] of tx.msgs.entries()) {
      const coins = parseCoins(msg.amount, 'amount')
      gas.consume(GAS.msgSend + GAS.perCoin * BigInt(coins.length), 'bank send')
      store.send(msg.fromAddress, msg.toAddress, coins)
      const amount = coinsString(coins)
      const index = String(i)
      events.push(
        event('message', {
          action: MSG_SEND_TYPE_URL,
          sender: msg.fromAddress,
          module: 'bank',
          msg_index: index,
        }),
        event('coin_spent', { spender: msg.fromAddress, amount, msg_index: index }),
        event('coin_received', { receiver: msg.toAddress, amount, msg_index: index }),
        event('transfer', { recipient: msg.toAddress, sender: msg.fromAddress, amount, msg_index: index }),
        event('message', { sender: msg.fromAddress, msg_index: index }),
      )
    }
    const data = TxMsgData.encode({
      data: [],
      msgResponses: tx.msgs.map(() => ({
        typeUrl: '/cosmos.bank.v1beta1.MsgSendResponse',
        value: MsgSendResponse.encode({}).finish(),
      })),
    }).finish()
    return { events, data }
  }

  /**
   * Simulate: the tx (signatures not checked, sequence is) runs on a fork with
   * an unlimited gas meter; returns the gas it used and its events, or throws
   * the `CosmosTxError` a delivery would fail with.
   */
  simulate(tx: Uint8Array): TxResult {
    const decoded = decodeTx(tx, this.spec.bech32Prefix, true)
    const gas = new GasMeter(undefined)
    const store = this.store.fork()
    const ante = runAnte({
      spec: this.spec,
      store,
      tx: decoded,
      txBytes: tx,
      gas,
      height: BigInt(this.height + 1),
      mode: 'simulate',
    })
    const { events, data } = this.deliverMsgs(store, decoded, gas)
    return {
      code: 0,
      codespace: '',
      log: '',
      data,
      gasWanted: gas.used,
      gasUsed: gas.used,
      events: [...this.anteEvents(decoded, ante), ...events],
    }
  }

  /**
   * Transactions matching a CometBFT query of terms joined by AND: `key='value'`
   * (tx.hash, tx.height, any event attribute) and, on `tx.height`, the range
   * operators `<`, `<=`, `>`, `>=` with a number.
   */
  search(query: string): IndexedTx[] {
    const terms = query.split(/\s+AND\s+/i).map((term) => {
      const range = /^\s*tx\.height\s*(<=|>=|<|>)\s*(\d{1,15})\s*$/.exec(term)
      if (range) return { key: 'tx.height', op: range[1]!, value: range[2]! }
      const m = /^\s*([\w.]+)\s*=\s*'?([^']*)'?\s*$/.exec(term)
      if (!m) fail(SDK_CODES.invalidRequest, `unsupported query term ${term}`, 'invalid request')
      return { key: m[1]!, op: '=', value: m[2]! }
    })
    return [...this.txs.values()].filter((tx) =>
      terms.every(({ key, op, value }) => {
        if (key === 'tx.hash') return tx.hash === value.toUpperCase()
        if (key === 'tx.height') {
          const h = Number(value)
          if (op === '<') return tx.height < h
          if (op === '<=') return tx.height <= h
          if (op === '>') return tx.height > h
          if (op === '>=') return tx.height >= h
          return String(tx.height) === value
        }
        const dot = key.indexOf('.')
        const type = key.slice(0, dot)
        const attr = key.slice(dot + 1)
        return tx.result.events.some(
          (e) => e.type === type && e.attributes.some((a) => a.key === attr && a.value === value),
        )
      }),
    )
  }
}

/** The result of a refused tx: its SDK code and log (an unexpected error becomes code 1, internal). */
export function errorResult(e: unknown, gasWanted: bigint, gasUsed: bigint): TxResult {
  const err =
    e instanceof CosmosTxError
      ? e
      : new CosmosTxError(1, `internal: ${e instanceof Error ? e.message : String(e)}`, 'undefined')
  return {
    code: err.code,
    codespace: err.codespace,
    log: err.message,
    data: new Uint8Array(),
    gasWanted,
    gasUsed,
    events: [],
  }
}
