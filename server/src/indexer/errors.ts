/**
 * What the node answered does not hang together (a log names a block hash
 * other than the block read for its number, a transaction not in its block,
 * a `removed` log): the step fails, is logged and retried, nothing is written.
 */
export class ChainDisagreementError extends Error {
  override name = 'ChainDisagreementError'
  constructor(
    message: string,
    readonly block: bigint,
  ) {
    super(message)
  }
}

/** A re-org reaches below the block hashes the indexer keeps: it cannot find where the chains part. */
export class ReorgTooDeepError extends Error {
  override name = 'ReorgTooDeepError'
}

/** Reading a range from the provider failed (refused range, time-out, error answer); the range shrinks. */
export class ProviderRangeError extends Error {
  override name = 'ProviderRangeError'
  constructor(
    readonly from: bigint,
    readonly to: bigint,
    override readonly cause: unknown,
  ) {
    super(`the provider failed blocks ${from}–${to}: ${(cause as Error)?.message ?? String(cause)}`)
  }
}
