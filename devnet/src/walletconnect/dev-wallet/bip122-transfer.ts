import { address as baddress, type Network, Psbt, payments } from 'bitcoinjs-lib'
import { invalidParams, unauthorized, WalletError } from './errors.js'

/** Outputs below this many sats are refused by nodes' default relay policy (p2wpkh dust). */
const DUST_SATS = 546n
/** The dev wallet's fee rate (sat/vB): regtest relays anything ≥ 1. */
const FEE_RATE = 2n
/** Virtual size of a p2wpkh spend: overhead, 68 vB per input, 31 per output (43 allowed for taproot outputs). */
const vsize = (inputs: number, outputs: number) => BigInt(11 + 68 * inputs + 43 * outputs)

/** The wallet key `sendTransfer` pays from: its p2wpkh payment address and signer. */
export interface TransferKey {
  address: string
  script: Uint8Array
  signer: { publicKey: Uint8Array; sign?(h: Uint8Array): Uint8Array }
}

interface Utxo {
  txid: string
  vout: number
  value: number
}

/**
 * WalletConnect `sendTransfer` (`{ account, recipientAddress, amount, changeAddress?, memo? }`
 * → `{ txid }`): the wallet picks its own payment UTXOs (largest first) from the
 * Esplora API, pays `amount` sats to the recipient, the change back (to
 * `changeAddress` or the payment address; dropped into the fee when it would
 * be dust), an OP_RETURN `memo` when given, signs, and broadcasts.
 */
export async function sendTransfer(
  params: Record<string, unknown>,
  key: TransferKey,
  network: Network,
  esploraUrl: string | undefined,
): Promise<{ txid: string }> {
  if (!esploraUrl) throw new WalletError(4200, 'sendTransfer needs the wallet to know an Esplora API')
  if (params.account !== key.address) throw unauthorized('sendTransfer pays from the payment address only.')
  const recipient = params.recipientAddress
  const script = (address: unknown, field: string): Uint8Array => {
    if (typeof address !== 'string') throw invalidParams(field)
    try {
      return baddress.toOutputScript(address, network)
    } catch {
      throw invalidParams(`${field} is not an address of this network`)
    }
  }
  const to = script(recipient, 'recipientAddress')
  const change =
    params.changeAddress === undefined ? key.script : script(params.changeAddress, 'changeAddress')
  if (typeof params.amount !== 'string' || !/^[1-9][0-9]{0,15}$/.test(params.amount))
    throw invalidParams('amount (a whole number of sats, as a string)')
  const amount = BigInt(params.amount)
  if (amount < DUST_SATS) throw invalidParams(`amount is below the dust limit (${DUST_SATS} sats)`)
  if (params.memo !== undefined && (typeof params.memo !== 'string' || Buffer.byteLength(params.memo) > 80))
    throw invalidParams('memo (at most 80 bytes)')

  const res = await fetch(`${esploraUrl}/address/${key.address}/utxo`)
  if (!res.ok) throw new WalletError(-32603, `Esplora answered ${res.status} for the wallet's UTXOs`)
  const utxos = ((await res.json()) as Utxo[]).sort((a, b) => b.value - a.value)
  const outputs = params.memo ? 3 : 2
  const picked: Utxo[] = []
  let total = 0n
  for (const utxo of utxos) {
    if (total >= amount + vsize(picked.length, outputs) * FEE_RATE) break
    picked.push(utxo)
    total += BigInt(utxo.value)
  }
  const fee = vsize(picked.length, outputs) * FEE_RATE
  if (total < amount + fee) throw new WalletError(-32603, 'Insufficient funds for this transfer and its fee')

  const psbt = new Psbt({ network })
  for (const u of picked)
    psbt.addInput({
      hash: u.txid,
      index: u.vout,
      witnessUtxo: { script: key.script, value: BigInt(u.value) },
    })
  psbt.addOutput({ script: to, value: amount })
  if (total - amount - fee >= DUST_SATS) psbt.addOutput({ script: change, value: total - amount - fee })
  if (params.memo)
    psbt.addOutput({
      script: payments.embed({ data: [Buffer.from(params.memo as string)] }).output!,
      value: 0n,
    })
  for (let i = 0; i < picked.length; i++) psbt.signInput(i, key.signer as never)
  const hex = psbt.finalizeAllInputs().extractTransaction().toHex()
  const posted = await fetch(`${esploraUrl}/tx`, { method: 'POST', body: hex })
  const body = await posted.text()
  if (!posted.ok) throw new WalletError(-32603, `Broadcast refused: ${body}`)
  return { txid: body.trim() }
}
