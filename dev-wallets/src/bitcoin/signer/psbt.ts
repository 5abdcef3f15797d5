import { Psbt } from 'bitcoinjs-lib'
import type { BitcoinSigningKey } from './keys.js'

/** One input to sign: its index, optionally the address the caller expects it to spend, and sighash types. */
export interface BitcoinSignTarget {
  index: number
  address?: string
  sighashTypes?: number[]
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])
const invalid = (message: string, code = -32602) => Object.assign(new Error(message), { code })

/**
 * Signs `targets` of `psbt` with the key whose script each input spends
 * (`'own'`: every input spending one of `keys`). An input of another script,
 * or one whose script is not the `address` the caller named, is refused: the
 * wallet signs only its own coins, and says which input it would not sign.
 * p2sh-p2wpkh inputs get their redeem script, p2tr ones their internal key.
 */
export function signPsbtInputs(
  psbt: Psbt,
  keys: readonly BitcoinSigningKey[],
  targets: readonly BitcoinSignTarget[] | 'own',
): number[] {
  const keyOf = (i: number) => {
    const script = psbt.data.inputs[i]?.witnessUtxo?.script
    return script ? keys.find((k) => sameBytes(k.script, script)) : undefined
  }
  const list: readonly BitcoinSignTarget[] =
    targets === 'own' ? psbt.data.inputs.flatMap((_, index) => (keyOf(index) ? [{ index }] : [])) : targets
  for (const { index, address, sighashTypes } of list) {
    const key = keyOf(index)
    if (!key) throw invalid(`input ${index} does not spend an address of this wallet`)
    if (address !== undefined && address !== key.address)
      throw invalid(`input ${index} spends ${key.address}, not ${address}`)
    const input = psbt.data.inputs[index]!
    if (key.redeemScript && !input.redeemScript) psbt.updateInput(index, { redeemScript: key.redeemScript })
    if (key.internalKey && !input.tapInternalKey) psbt.updateInput(index, { tapInternalKey: key.internalKey })
    psbt.signInput(index, key.signer as never, sighashTypes)
  }
  return list.map((t) => t.index)
}

/** Reads a PSBT of any of the encodings wallets exchange, or throws -32602 naming the one expected. */
export function readPsbt(
  data: Uint8Array | string,
  encoding: 'bytes' | 'base64' | 'hex',
  network: Psbt['opts']['network'],
): Psbt {
  try {
    if (encoding === 'hex' && typeof data === 'string') {
      if (!/^([0-9a-f]{2})+$/i.test(data)) throw new Error('not hex')
      return Psbt.fromHex(data, { network })
    }
    if (encoding === 'base64' && typeof data === 'string') return Psbt.fromBase64(data, { network })
    if (encoding === 'bytes' && data instanceof Uint8Array) return Psbt.fromBuffer(data, { network })
  } catch {
    // fall through to the typed refusal
  }
  throw invalid(`psbt is not a ${encoding === 'bytes' ? 'serialized' : encoding} PSBT`)
}
