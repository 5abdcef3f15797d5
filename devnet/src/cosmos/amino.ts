import { makeSignDoc, type StdFee, serializeSignDoc } from '@cosmjs/amino'
import type { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import type { Fee } from 'cosmjs-types/cosmos/tx/v1beta1/tx'

/**
 * The bytes a LEGACY_AMINO_JSON signer signed, rebuilt from the decoded
 * transaction as the SDK's `legacytx.StdSignBytes` does: sorted JSON of chain
 * id, account number, sequence, fee, the messages in their amino form, memo
 * and (when set) the timeout height.
 */
export function aminoSignBytes(params: {
  chainId: string
  accountNumber: bigint
  sequence: bigint
  fee: Fee
  msgs: readonly MsgSend[]
  memo: string
  timeoutHeight: bigint
}): Uint8Array {
  const fee: StdFee = {
    amount: params.fee.amount.map((c) => ({ denom: c.denom, amount: c.amount })),
    gas: params.fee.gasLimit.toString(),
    ...(params.fee.granter ? { granter: params.fee.granter } : {}),
    ...(params.fee.payer ? { payer: params.fee.payer } : {}),
  }
  const msgs = params.msgs.map((m) => ({
    type: 'cosmos-sdk/MsgSend',
    value: {
      from_address: m.fromAddress,
      to_address: m.toAddress,
      amount: m.amount.map((c) => ({ denom: c.denom, amount: c.amount })),
    },
  }))
  const doc = makeSignDoc(
    msgs,
    fee,
    params.chainId,
    params.memo,
    params.accountNumber,
    params.sequence.toString(),
    params.timeoutHeight > 0n ? params.timeoutHeight : undefined,
  )
  return serializeSignDoc(doc)
}
