import { GenericAuthorization } from 'cosmjs-types/cosmos/authz/v1beta1/authz'
import { MsgGrant } from 'cosmjs-types/cosmos/authz/v1beta1/tx'
import { SendAuthorization } from 'cosmjs-types/cosmos/bank/v1beta1/authz'
import { ChainWireError } from '../chain-keys.js'
import { ct } from './strings.js'

/**
 * Authz grants (x/authz `MsgGrant`) called out on the card: a grant lets
 * another account sign for this one, later, without asking. The warning
 * names the grantee, what the grant allows, and until when.
 */
export const MSG_GRANT = '/cosmos.authz.v1beta1.MsgGrant'
export const AMINO_MSG_GRANT = 'cosmos-sdk/MsgGrant'
const GENERIC = '/cosmos.authz.v1beta1.GenericAuthorization'
const SEND = '/cosmos.bank.v1beta1.SendAuthorization'

type Plain = (value: string, max?: number) => string

const until = (seconds: bigint | undefined) =>
  seconds === undefined
    ? ct('grantForever')
    : ct('grantUntil', { date: new Date(Number(seconds) * 1000).toISOString() })

/** The warning of a protobuf `MsgGrant` (its `Any.value` bytes). */
export function grantWarning(value: Uint8Array, plain: Plain): string {
  let grant: MsgGrant
  try {
    grant = MsgGrant.decode(value)
  } catch {
    throw new ChainWireError('a MsgGrant does not decode')
  }
  const auth = grant.grant?.authorization
  let allows = ct('grantOther', { type: plain(auth?.typeUrl ?? '?', 160) })
  try {
    if (auth?.typeUrl === GENERIC)
      allows = ct('grantGeneric', { msg: plain(GenericAuthorization.decode(auth.value).msg, 160) })
    if (auth?.typeUrl === SEND) {
      const limit = SendAuthorization.decode(auth.value).spendLimit
      allows = ct('grantSend', {
        limit: limit.map((c) => `${plain(c.amount, 80)} ${plain(c.denom, 128)}`).join(' + '),
      })
    }
  } catch {
    throw new ChainWireError('a grant’s authorization does not decode')
  }
  return ct('grant', {
    grantee: plain(grant.grantee),
    allows,
    until: until(grant.grant?.expiration?.seconds),
  })
}

/** The warning of an amino `cosmos-sdk/MsgGrant` (its JSON value, as signed). */
export function aminoGrantWarning(value: Record<string, unknown>, plain: Plain): string {
  const grant = (value.grant ?? {}) as {
    authorization?: { type?: unknown; value?: Record<string, unknown> }
    expiration?: unknown
  }
  const type = typeof grant.authorization?.type === 'string' ? grant.authorization.type : '?'
  const msg = grant.authorization?.value?.msg
  const allows =
    type === 'cosmos-sdk/GenericAuthorization' && typeof msg === 'string'
      ? ct('grantGeneric', { msg: plain(msg, 160) })
      : ct('grantOther', { type: plain(type, 160) })
  const expiration =
    typeof grant.expiration === 'string'
      ? ct('grantUntil', { date: plain(grant.expiration, 40) })
      : ct('grantForever')
  return ct('grant', {
    grantee: plain(typeof value.grantee === 'string' ? value.grantee : '?'),
    allows,
    until: expiration,
  })
}
