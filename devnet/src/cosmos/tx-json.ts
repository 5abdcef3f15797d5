import { toBase64 } from '@cosmjs/encoding'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { MSG_SEND_TYPE_URL } from './decode.js'

const SIGN_MODES: Record<number, string> = {
  1: 'SIGN_MODE_DIRECT',
  127: 'SIGN_MODE_LEGACY_AMINO_JSON',
}

/**
 * A committed transaction as the gRPC-gateway prints a `cosmos.tx.v1beta1.Tx`
 * (proto JSON: snake_case fields, `@type` on `Any`, 64-bit numbers as
 * strings). Only MsgSend can be in a block of the simulator.
 */
export function txJson(bytes: Uint8Array) {
  const raw = TxRaw.decode(bytes)
  const body = TxBody.decode(raw.bodyBytes)
  const auth = AuthInfo.decode(raw.authInfoBytes)
  return {
    body: {
      messages: body.messages.map((any) => {
        if (any.typeUrl !== MSG_SEND_TYPE_URL) return { '@type': any.typeUrl }
        const msg = MsgSend.decode(any.value)
        return {
          '@type': any.typeUrl,
          from_address: msg.fromAddress,
          to_address: msg.toAddress,
          amount: msg.amount.map((c) => ({ denom: c.denom, amount: c.amount })),
        }
      }),
      memo: body.memo,
      timeout_height: body.timeoutHeight.toString(),
      extension_options: [],
      non_critical_extension_options: [],
    },
    auth_info: {
      signer_infos: auth.signerInfos.map((s) => ({
        public_key: s.publicKey
          ? { '@type': s.publicKey.typeUrl, key: toBase64(s.publicKey.value.slice(2)) }
          : null,
        mode_info: { single: { mode: SIGN_MODES[s.modeInfo?.single?.mode ?? 0] ?? 'SIGN_MODE_UNSPECIFIED' } },
        sequence: s.sequence.toString(),
      })),
      fee: {
        amount: (auth.fee?.amount ?? []).map((c) => ({ denom: c.denom, amount: c.amount })),
        gas_limit: (auth.fee?.gasLimit ?? 0n).toString(),
        payer: auth.fee?.payer ?? '',
        granter: auth.fee?.granter ?? '',
      },
      tip: null,
    },
    signatures: raw.signatures.map(toBase64),
  }
}
