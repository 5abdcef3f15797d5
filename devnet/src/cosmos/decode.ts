import { fromBech32 } from '@cosmjs/encoding'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { fail, SDK_CODES } from './errors.js'

export const MSG_SEND_TYPE_URL = '/cosmos.bank.v1beta1.MsgSend'
const SECP256K1_PUBKEY_TYPE_URL = '/cosmos.crypto.secp256k1.PubKey'
/** `MaxMemoCharacters` of the auth module's default params. */
export const MAX_MEMO_CHARACTERS = 256

/** A transaction decoded and checked for shape (the SDK's TxDecoder + ValidateBasic). */
export interface DecodedTx {
  raw: TxRaw
  body: TxBody
  authInfo: AuthInfo
  msgs: MsgSend[]
  /** The one signer: the messages' sender. */
  signer: string
  /** From the signer info, when present. */
  pubKey?: Uint8Array
  sequence: bigint
  signMode: SignMode
  signature: Uint8Array
}

function decodeOr<T>(what: string, decode: () => T): T {
  try {
    return decode()
  } catch (e) {
    return fail(
      SDK_CODES.txDecode,
      `${what}: ${e instanceof Error ? e.message : String(e)}`,
      'tx parse error',
    )
  }
}

/** Checks a bech32 address of this chain (prefix and 20- or 32-byte payload). */
export function checkAddress(address: string, prefix: string, what: string): void {
  let decoded: ReturnType<typeof fromBech32>
  try {
    decoded = fromBech32(address, 256)
  } catch (e) {
    fail(SDK_CODES.invalidAddress, `invalid ${what} address: ${(e as Error).message}`, 'invalid address')
  }
  if (decoded.prefix !== prefix) {
    fail(
      SDK_CODES.invalidAddress,
      `invalid ${what} address: invalid Bech32 prefix; expected ${prefix}, got ${decoded.prefix}`,
      'invalid address',
    )
  }
  if (decoded.data.length !== 20 && decoded.data.length !== 32) {
    fail(
      SDK_CODES.invalidAddress,
      `invalid ${what} address: address length ${decoded.data.length}`,
      'invalid address',
    )
  }
}

/**
 * Decodes `TxRaw` bytes with cosmjs-types and checks what the SDK checks
 * before any state is read: known message types (only MsgSend), one signer,
 * one signer info with one signature, a single sign mode, memo length.
 */
export function decodeTx(bytes: Uint8Array, prefix: string, simulate: boolean): DecodedTx {
  const raw = decodeOr('TxRaw', () => TxRaw.decode(bytes))
  const body = decodeOr('TxBody', () => TxBody.decode(raw.bodyBytes))
  const authInfo = decodeOr('AuthInfo', () => AuthInfo.decode(raw.authInfoBytes))
  if (body.messages.length === 0)
    fail(SDK_CODES.invalidRequest, 'must contain at least one message', 'invalid request')
  const msgs = body.messages.map((any) => {
    if (any.typeUrl !== MSG_SEND_TYPE_URL) {
      fail(SDK_CODES.txDecode, `unable to resolve type URL ${any.typeUrl}`, 'tx parse error')
    }
    return decodeOr('MsgSend', () => MsgSend.decode(any.value))
  })
  for (const msg of msgs) {
    checkAddress(msg.fromAddress, prefix, 'from')
    checkAddress(msg.toAddress, prefix, 'to')
  }
  const signers = [...new Set(msgs.map((m) => m.fromAddress))]
  if (signers.length !== 1)
    fail(SDK_CODES.unauthorized, `wrong number of signers; expected 1, got ${signers.length}`, 'unauthorized')
  if (raw.signatures.length === 0)
    fail(SDK_CODES.noSignatures, 'no signatures supplied', 'no signatures supplied')
  if (raw.signatures.length !== 1 || authInfo.signerInfos.length !== 1) {
    fail(
      SDK_CODES.unauthorized,
      `wrong number of signatures; expected 1, got ${raw.signatures.length}`,
      'unauthorized',
    )
  }
  if ([...body.memo].length > MAX_MEMO_CHARACTERS) {
    fail(
      SDK_CODES.memoTooLarge,
      `maximum number of characters is ${MAX_MEMO_CHARACTERS} but received ${[...body.memo].length} characters`,
      'memo too large',
    )
  }
  const info = authInfo.signerInfos[0]!
  const mode = info.modeInfo?.single?.mode
  if (mode === undefined)
    fail(SDK_CODES.txDecode, 'only single-signer mode info is supported', 'tx parse error')
  if (!simulate && mode !== SignMode.SIGN_MODE_DIRECT && mode !== SignMode.SIGN_MODE_LEGACY_AMINO_JSON) {
    fail(SDK_CODES.txDecode, `unsupported sign mode ${mode}`, 'tx parse error')
  }
  let pubKey: Uint8Array | undefined
  if (info.publicKey) {
    if (info.publicKey.typeUrl !== SECP256K1_PUBKEY_TYPE_URL) {
      fail(SDK_CODES.invalidPubKey, `unsupported key type ${info.publicKey.typeUrl}`, 'invalid pubkey')
    }
    pubKey = decodeOr('PubKey', () => PubKey.decode(info.publicKey!.value)).key
    if (pubKey.length !== 33)
      fail(SDK_CODES.invalidPubKey, `length ${pubKey.length}, want 33`, 'invalid pubkey')
  }
  return {
    raw,
    body,
    authInfo,
    msgs,
    signer: signers[0]!,
    pubKey,
    sequence: info.sequence,
    signMode: mode,
    signature: raw.signatures[0]!,
  }
}
