import { AmountAndReceiverRequiredError, PorticoError } from '@portico/core'
import { assertCosmosAddress } from '../address/index.js'
import type { CosmosNetwork } from '../networks/index.js'

/** A coin amount in base units (`uatom`): a bigint or an integer string. */
export interface CosmosCoinAmount {
  denom: string
  amount: bigint | string
}

/** An explicit fee: coins and a gas limit, as CosmJS's `StdFee`. */
export interface CosmosFee {
  amount: { denom: string; amount: string }[]
  gas: string
}

/** A Cosmos transfer (`MsgSend`) as `sendTransaction` / `estimateFee` take it. */
export interface CosmosTransactionRequest {
  /** Receiver, a bech32 address of the chain. */
  to: string
  amount: readonly CosmosCoinAmount[]
  memo?: string
  /** Explicit fee; by default gas is simulated and multiplied by the adapter's `gasMultiplier`. */
  fee?: CosmosFee
}

/** `MaxMemoCharacters` of the auth module's default params. */
export const MAX_MEMO_CHARACTERS = 256
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/

/** A request field is not what a chain would accept (checked before the wallet is asked). */
export class InvalidCosmosRequestError extends PorticoError {
  override name = 'InvalidCosmosRequestError'
  override readonly code = 'INVALID_COSMOS_REQUEST' as const
  constructor(details: string) {
    super('Invalid transaction request', { details })
  }
}

/** The MsgSend of a request, checked as the chain's ValidateBasic would (prefixes, sorted positive coins, memo length). */
export function toMsgSend(network: CosmosNetwork, from: string, request: CosmosTransactionRequest) {
  if (
    !request ||
    typeof request !== 'object' ||
    !request.to ||
    !Array.isArray(request.amount) ||
    request.amount.length === 0
  ) {
    throw new AmountAndReceiverRequiredError()
  }
  const prefix = network.cosmos.bech32Prefix
  assertCosmosAddress(from, prefix)
  assertCosmosAddress(request.to, prefix)
  const coins = request.amount.map((c) => {
    if (!c || typeof c.denom !== 'string' || !DENOM.test(c.denom)) {
      throw new InvalidCosmosRequestError(`invalid denom ${String(c?.denom).slice(0, 130)}`)
    }
    const text = typeof c.amount === 'bigint' ? c.amount.toString() : c.amount
    if (typeof text !== 'string' || !/^\d{1,77}$/.test(text) || BigInt(text) <= 0n) {
      throw new InvalidCosmosRequestError(`amount of ${c.denom} must be a positive integer in base units`)
    }
    return { denom: c.denom, amount: BigInt(text).toString() }
  })
  coins.sort((a, b) => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0))
  for (let i = 1; i < coins.length; i++) {
    if (coins[i]!.denom === coins[i - 1]!.denom)
      throw new InvalidCosmosRequestError(`${coins[i]!.denom} appears twice`)
  }
  const memo = request.memo ?? ''
  if (typeof memo !== 'string' || [...memo].length > MAX_MEMO_CHARACTERS) {
    throw new InvalidCosmosRequestError(`the memo is limited to ${MAX_MEMO_CHARACTERS} characters`)
  }
  if (request.fee !== undefined) {
    const { fee } = request
    if (!fee || !/^\d{1,20}$/.test(String(fee.gas)) || !Array.isArray(fee.amount)) {
      throw new InvalidCosmosRequestError('fee must be { amount: [{ denom, amount }], gas }')
    }
  }
  return {
    msg: {
      typeUrl: '/cosmos.bank.v1beta1.MsgSend',
      value: { fromAddress: from, toAddress: request.to, amount: coins },
    },
    memo,
  }
}
