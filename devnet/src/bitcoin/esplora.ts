// Esplora-shaped JSON from bcoin objects: the subset of the public Esplora
// REST API that wallets and Portico read (addresses' UTXOs and transactions,
// raw transactions, broadcast, fee estimates, tip height).
import type { BitcoinNode } from './node.js'

// biome-ignore lint/suspicious/noExplicitAny: bcoin is untyped
type B = any

/** Esplora's `status` object of a transaction or UTXO. */
export interface EsploraStatus {
  confirmed: boolean
  block_height?: number
  block_hash?: string
  block_time?: number
}

export interface EsploraUtxo {
  txid: string
  vout: number
  status: EsploraStatus
  value: number
}

export interface EsploraOutput {
  scriptpubkey: string
  scriptpubkey_type: string
  scriptpubkey_address?: string
  value: number
}

export interface EsploraTx {
  txid: string
  version: number
  locktime: number
  vin: {
    txid: string
    vout: number
    prevout: EsploraOutput | null
    scriptsig: string
    witness?: string[]
    is_coinbase: boolean
    sequence: number
  }[]
  vout: EsploraOutput[]
  size: number
  weight: number
  fee: number
  status: EsploraStatus
}

/** A 400 answer with Esplora's plain-text message. */
export class EsploraError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

// bcoin 1.0.2 keeps hashes as hex strings in internal byte order; Esplora shows them reversed.
const revHex = (hash: string) => Buffer.from(hash, 'hex').reverse().toString('hex')

function scriptType(script: B): string {
  if (script.isPubkeyhash()) return 'p2pkh'
  if (script.isScripthash()) return 'p2sh'
  if (script.isWitnessPubkeyhash()) return 'v0_p2wpkh'
  if (script.isWitnessScripthash()) return 'v0_p2wsh'
  if (script.isNulldata()) return 'op_return'
  const program = script.getProgram()
  if (program && program.version === 1 && program.data.length === 32) return 'v1_p2tr'
  return 'unknown'
}

export class EsploraFacade {
  constructor(
    private readonly btc: BitcoinNode,
    private feeRates: Record<string, number>,
  ) {}

  /** Parses a regtest address for the node's index; a malformed or foreign one is a 400. */
  private bcoinAddress(address: string): B {
    let script: Buffer
    try {
      script = this.btc.outputScript(address)
    } catch {
      throw new EsploraError(400, 'Invalid Bitcoin address')
    }
    const parsed = this.btc.bcoin.Script.fromRaw(script).getAddress()
    if (!parsed) throw new EsploraError(400, 'Invalid Bitcoin address')
    return parsed
  }

  private output(output: B): EsploraOutput {
    const raw: Buffer = output.script.toRaw()
    const address = this.btc.addressOf(raw)
    return {
      scriptpubkey: raw.toString('hex'),
      scriptpubkey_type: scriptType(output.script),
      ...(address ? { scriptpubkey_address: address } : {}),
      value: Number(output.value),
    }
  }

  private async status(height: number, blockHash: string | null): Promise<EsploraStatus> {
    if (height < 0 || !blockHash) return { confirmed: false }
    const entry = await this.btc.node.chain.getEntry(height)
    return {
      confirmed: true,
      block_height: height,
      block_hash: revHex(blockHash),
      block_time: entry?.time ?? 0,
    }
  }

  private async txJson(meta: B): Promise<EsploraTx> {
    const tx = meta.tx
    const view = await this.btc.node.getMetaView(meta)
    const vin = tx.inputs.map((input: B) => {
      const coinbase = input.prevout.isNull()
      const prev = coinbase ? null : view.getOutputFor(input)
      return {
        txid: revHex(input.prevout.hash),
        vout: coinbase ? 0xffffffff : input.prevout.index,
        prevout: prev ? this.output(prev) : null,
        scriptsig: input.script.toRaw().toString('hex'),
        witness: input.witness.items.map((w: Buffer) => w.toString('hex')),
        is_coinbase: coinbase,
        sequence: input.sequence,
      }
    })
    return {
      txid: tx.txid(),
      version: tx.version,
      locktime: tx.locktime,
      vin,
      vout: tx.outputs.map((o: B) => this.output(o)),
      size: tx.getSize(),
      weight: tx.getWeight(),
      fee: tx.isCoinbase() ? 0 : Number(tx.getFee(view)),
      status: await this.status(meta.height, meta.block),
    }
  }

  private async meta(txid: string): Promise<B> {
    if (!/^[0-9a-f]{64}$/i.test(txid)) throw new EsploraError(400, 'Invalid hex string')
    const meta = await this.btc.node.getMeta(revHex(txid.toLowerCase()))
    if (!meta) throw new EsploraError(404, 'Transaction not found')
    return meta
  }

  /** GET /address/:address/utxo — confirmed and mempool outputs not spent in the mempool. */
  async utxos(address: string): Promise<EsploraUtxo[]> {
    const coins = await this.btc.node.getCoinsByAddress([this.bcoinAddress(address)])
    const out: EsploraUtxo[] = []
    const seen = new Set<string>()
    // While a block connects, bcoin can report an output from both the chain and the mempool:
    // list each output once, the chain's (confirmed) entry first.
    coins.sort((a: { height: number }, b: { height: number }) => b.height - a.height)
    for (const coin of coins) {
      const outpoint = `${coin.txid()}:${coin.index}`
      if (seen.has(outpoint)) continue
      seen.add(outpoint)
      const entry = coin.height >= 0 ? await this.btc.node.chain.getEntry(coin.height) : null
      out.push({
        txid: coin.txid(),
        vout: coin.index,
        status: entry
          ? { confirmed: true, block_height: coin.height, block_hash: entry.rhash(), block_time: entry.time }
          : { confirmed: false },
        value: Number(coin.value),
      })
    }
    return out
  }

  /**
   * GET /address/:address/txs — mempool transactions first, then up to 25
   * confirmed ones, newest first; `/txs/chain/:lastSeen` pages on after that txid.
   */
  async addressTxs(address: string, afterTxid?: string): Promise<EsploraTx[]> {
    const metas: B[] = await this.btc.node.getMetaByAddress([this.bcoinAddress(address)])
    const mempool = metas.filter((m) => m.height < 0).sort((a, b) => b.mtime - a.mtime)
    let chain = metas.filter((m) => m.height >= 0).sort((a, b) => b.height - a.height || b.index - a.index)
    if (afterTxid !== undefined) {
      const at = chain.findIndex((m) => m.tx.txid() === afterTxid)
      if (at < 0) throw new EsploraError(400, 'Unknown last seen txid')
      chain = chain.slice(at + 1)
    }
    const page = [...(afterTxid === undefined ? mempool : []), ...chain.slice(0, 25)]
    return await Promise.all(page.map((m) => this.txJson(m)))
  }

  async tx(txid: string): Promise<EsploraTx> {
    return await this.txJson(await this.meta(txid))
  }

  async txHex(txid: string): Promise<string> {
    return (await this.meta(txid)).tx.toRaw().toString('hex')
  }

  async txStatus(txid: string): Promise<EsploraStatus> {
    const meta = await this.meta(txid)
    return await this.status(meta.height, meta.block)
  }

  /**
   * GET /tx/:txid/outspend/:vout — the transaction spending that output: the
   * mempool's spender, else a confirmed transaction of the output's address
   * (the address index) with that outpoint among its inputs.
   */
  async outspend(
    txid: string,
    vout: number,
  ): Promise<{ spent: boolean; txid?: string; vin?: number; status?: EsploraStatus }> {
    const meta = await this.meta(txid)
    const output = meta.tx.outputs[vout]
    if (!output) throw new EsploraError(400, 'Output index out of range')
    const prevHash = revHex(txid.toLowerCase())
    const spends = (tx: B) =>
      tx.inputs.findIndex((i: B) => i.prevout.hash === prevHash && i.prevout.index === vout)
    const inMempool = this.btc.node.mempool.getSpentTX(prevHash, vout)
    if (inMempool)
      return { spent: true, txid: inMempool.txid(), vin: spends(inMempool), status: { confirmed: false } }
    const address = output.script.getAddress()
    const metas: B[] = address ? await this.btc.node.getMetaByAddress([address]) : []
    for (const m of metas) {
      const vin = spends(m.tx)
      if (vin >= 0)
        return { spent: true, txid: m.tx.txid(), vin, status: await this.status(m.height, m.block) }
    }
    return { spent: false }
  }

  /** POST /tx — the raw hex in the body; answers the txid, or 400 with the node's reason. */
  async broadcast(body: string): Promise<string> {
    const hex = body.trim()
    if (!/^([0-9a-f]{2})+$/i.test(hex))
      throw new EsploraError(400, 'sendrawtransaction RPC error: TX decode failed')
    let tx: B
    try {
      tx = this.btc.bcoin.TX.fromRaw(Buffer.from(hex, 'hex'))
    } catch {
      throw new EsploraError(400, 'sendrawtransaction RPC error: TX decode failed')
    }
    try {
      const missing = await this.btc.node.mempool.addTX(tx)
      if (missing) throw new EsploraError(400, 'sendrawtransaction RPC error: bad-txns-inputs-missingorspent')
    } catch (e) {
      if (e instanceof EsploraError) throw e
      const reason = (e as { reason?: string }).reason ?? (e as Error).message
      throw new EsploraError(400, `sendrawtransaction RPC error: ${reason}`)
    }
    return tx.txid()
  }

  /** GET /fee-estimates — confirmation target (blocks) → sat/vB. */
  feeEstimates(): Record<string, number> {
    return { ...this.feeRates }
  }

  setFeeEstimates(rates: Record<string, number>): void {
    this.feeRates = { ...rates }
  }

  tipHeight(): number {
    return this.btc.height()
  }

  tipHash(): string {
    return this.btc.node.chain.tip.rhash()
  }
}
