import { AmountAndReceiverRequiredError, type CaipNetworkId, PorticoError } from '@portico/core'
import type { Rpc, SolanaRpcApi } from '@solana/kit'
import { isSolanaAddress } from '../address/index.js'
import type { SolanaTransactionRequest } from '../contract/index.js'

export class InvalidSolanaAddressError extends PorticoError {
  override name = 'InvalidSolanaAddressError'
  constructor(value: unknown) {
    super('Invalid address', {
      code: 'INVALID_ADDRESS',
      details: `${String(value)} is not 32–44 base58 characters`,
    })
  }
}

/**
 * The wire bytes of a request: a pre-built transaction (bytes or base64) as
 * given, or a SOL transfer `{ to, value }` built here (unsigned, fee payer
 * `from`, on the cluster's latest blockhash).
 */
export async function wireTransaction(params: {
  from: string
  caipNetworkId: CaipNetworkId
  request: SolanaTransactionRequest | { transaction?: unknown; to?: unknown; value?: unknown }
  versions: readonly (string | number)[]
  rpc: (caipNetworkId: CaipNetworkId) => Promise<Rpc<SolanaRpcApi>>
  commitment: 'processed' | 'confirmed' | 'finalized'
}): Promise<Uint8Array> {
  const { from, request, versions } = params
  const kit = await import('@solana/kit')
  if (request.transaction instanceof Uint8Array) return request.transaction
  if (typeof request.transaction === 'string') {
    return new Uint8Array(kit.getBase64Encoder().encode(request.transaction))
  }
  const { to, value } = request
  if (typeof to !== 'string' || typeof value !== 'bigint') throw new AmountAndReceiverRequiredError()
  if (!isSolanaAddress(to)) throw new InvalidSolanaAddressError(to)
  if (!isSolanaAddress(from)) throw new InvalidSolanaAddressError(from)
  if (value < 0n) throw new AmountAndReceiverRequiredError({ details: 'the amount is negative' })
  const { getTransferSolInstruction } = await import('@solana-program/system')
  const rpc = await params.rpc(params.caipNetworkId)
  const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: params.commitment }).send()
  const payer = kit.createNoopSigner(kit.address(from))
  const message = kit.pipe(
    kit.createTransactionMessage({ version: versions.includes(0) ? 0 : 'legacy' }),
    (m) => kit.setTransactionMessageFeePayerSigner(payer, m),
    (m) => kit.setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      kit.appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: payer,
          destination: kit.address(to),
          amount: kit.lamports(value),
        }),
        m,
      ),
  )
  return new Uint8Array(kit.getTransactionEncoder().encode(kit.compileTransaction(message)))
}
