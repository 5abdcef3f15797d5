import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit'
import { RpcError } from './params.js'

// Transactions on the wire: decoding what clients send, and the `json` form getTransaction answers with.

/** The fields of @solana/kit's compiled message this server reads (legacy and v0). */
export interface CompiledMessage {
  version: 'legacy' | number
  header: {
    numSignerAccounts: number
    numReadonlySignerAccounts: number
    numReadonlyNonSignerAccounts: number
  }
  staticAccounts: string[]
  lifetimeToken: string
  instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[]
  addressTableLookups?: { lookupTableAddress: string; writableIndexes: number[]; readonlyIndexes: number[] }[]
}

/** The `json` encoding of a transaction (signatures + message with base58 instruction data). */
export function transactionJson(wire: Uint8Array, message: CompiledMessage) {
  const tx = getTransactionDecoder().decode(wire)
  return {
    signatures: Object.values(tx.signatures).map((sig) => (sig ? getBase58Decoder().decode(sig) : null)),
    message: {
      accountKeys: message.staticAccounts,
      header: {
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      },
      instructions: message.instructions.map((ix) => ({
        programIdIndex: ix.programAddressIndex,
        accounts: ix.accountIndices ?? [],
        data: getBase58Decoder().decode(ix.data ?? new Uint8Array()),
        stackHeight: null,
      })),
      recentBlockhash: message.lifetimeToken,
      ...(message.version === 'legacy'
        ? {}
        : {
            addressTableLookups: (message.addressTableLookups ?? []).map((l) => ({
              accountKey: l.lookupTableAddress,
              writableIndexes: l.writableIndexes,
              readonlyIndexes: l.readonlyIndexes,
            })),
          }),
    },
  }
}

/** A wire transaction (base64, else base58) → the transaction; -32602 when it does not decode. */
export function decodeTransaction(wire: string, encoding: unknown): Transaction {
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(
      encoding === 'base64' ? getBase64Encoder().encode(wire) : getBase58Encoder().encode(wire),
    )
    return getTransactionDecoder().decode(bytes)
  } catch (cause) {
    throw new RpcError(-32602, `invalid transaction: failed to deserialize (${String(cause)})`)
  }
}

/** The transaction's id: its first signature (-32003 when unsigned). */
export function signatureOf(tx: Transaction): string {
  const first = Object.values(tx.signatures)[0]
  if (!first) throw new RpcError(-32003, 'Transaction signature verification failure')
  return getBase58Decoder().decode(first)
}

/** The recent blockhash of a message (after the header and the account keys). */
export function blockhashOf(m: Uint8Array): string {
  let o = ((m[0]! & 0x80) !== 0 ? 1 : 0) + 3
  let count = 0
  let shift = 0
  for (;;) {
    const b = m[o++]!
    count |= (b & 0x7f) << shift
    if ((b & 0x80) === 0) break
    shift += 7
  }
  o += count * 32
  return getBase58Decoder().decode(m.slice(o, o + 32))
}
