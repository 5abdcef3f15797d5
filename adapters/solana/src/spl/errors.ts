import { PorticoError } from '@portico/core'

/** The classic SPL Token program and Token-2022: a mint is owned by one of them. */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/** The address given as an SPL mint is not a mint of the Token or Token-2022 program. */
export class InvalidSplMintError extends PorticoError {
  override name = 'InvalidSplMintError'
  constructor(mint: string, why: string) {
    super('Invalid token mint', { code: 'INVALID_SPL_MINT', details: `${mint}: ${why}` })
  }
}

/**
 * The receiver is a token account (or a mint), not a wallet: tokens sent to
 * its associated account would be out of reach. A token account of the mint
 * being sent is accepted as is (the tokens land in it).
 */
export class ReceiverIsTokenAccountError extends PorticoError {
  override name = 'ReceiverIsTokenAccountError'
  constructor(receiver: string, why: string) {
    super('The receiver is a token account of another token', {
      code: 'RECEIVER_IS_TOKEN_ACCOUNT',
      details: `${receiver}: ${why}`,
    })
  }
}

/** The sender's SOL does not cover the transaction fee plus the rent of the receiver's new token account. */
export class InsufficientSolForFeeError extends PorticoError {
  override name = 'InsufficientSolForFeeError'
  constructor(details: string) {
    super('Not enough SOL for the fee', { code: 'INSUFFICIENT_SOL_FOR_FEE', details })
  }
}
