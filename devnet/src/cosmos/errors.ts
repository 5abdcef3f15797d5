/**
 * Cosmos SDK error codes (codespace `sdk`, `types/errors`) the simulator
 * answers with, so clients see the numbers a real chain gives.
 */
export const SDK_CODES = {
  txDecode: 2,
  invalidSequence: 3,
  unauthorized: 4,
  insufficientFunds: 5,
  unknownRequest: 6,
  invalidAddress: 7,
  invalidPubKey: 8,
  unknownAddress: 9,
  invalidCoins: 10,
  outOfGas: 11,
  memoTooLarge: 12,
  insufficientFee: 13,
  noSignatures: 15,
  invalidRequest: 18,
  txInMempoolCache: 19,
  txTooLarge: 21,
  keyNotFound: 22,
  invalidChainId: 28,
  txTimeoutHeight: 30,
  wrongSequence: 32,
  invalidGasLimit: 41,
} as const

/** Why the chain refused a transaction or query: an ABCI code, its codespace and the log text. */
export class CosmosTxError extends Error {
  override name = 'CosmosTxError'
  constructor(
    readonly code: number,
    message: string,
    readonly codespace = 'sdk',
  ) {
    super(message)
  }
}

/** Shorthand: `fail(SDK_CODES.insufficientFunds, '1uatom is smaller than 2uatom', 'insufficient funds')` → log `…: insufficient funds`. */
export function fail(code: number, detail: string, reason: string): never {
  throw new CosmosTxError(code, detail ? `${detail}: ${reason}` : reason)
}
