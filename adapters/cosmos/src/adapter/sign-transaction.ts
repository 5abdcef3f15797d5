import { toHexString } from '../client/index.js'
import { InvalidWalletResponseError, toCosmosPorticoError } from '../errors/index.js'
import { KEEP_FEE_SIGN_OPTIONS } from '../send/index.js'
import type { CosmosSession } from './session.js'
import { assertKeptAminoContent, assertKeptDirectBody } from './signed-body.js'
import type { CosmosSignTransactionRequest, CosmosSignTransactionResult } from './types.js'

function base64Bytes(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) {
    throw new InvalidWalletResponseError(`${what} is not base64`)
  }
  return Uint8Array.from(atob(value), (c) => c.charCodeAt(0))
}

/**
 * Signs a sign doc without broadcasting (`signDirect` / `signAmino`) and
 * checks the answer: the sign doc must stay on the session's chain, the
 * signed body keep the messages and memo asked for (the fee may change: it is
 * asked with `preferNoSetFee`, which wallets may still override), the
 * signature be 64 bytes and made by the connected key.
 */
export async function signCosmosTransaction(
  session: CosmosSession,
  request: CosmosSignTransactionRequest,
): Promise<CosmosSignTransactionResult> {
  const chainId = session.network.cosmos.chainId
  const address = session.key.record.address
  let answer: { signed?: unknown; signature?: { signature?: unknown; pub_key?: { value?: unknown } } }
  try {
    if (request?.mode === 'direct') {
      if (request.signDoc?.chainId !== chainId)
        throw new InvalidWalletResponseError('sign doc is for another chain')
      answer = await session.keplr.signDirect(chainId, address, request.signDoc, KEEP_FEE_SIGN_OPTIONS)
    } else if (request?.mode === 'amino') {
      if (request.signDoc?.chain_id !== chainId)
        throw new InvalidWalletResponseError('sign doc is for another chain')
      answer = await session.keplr.signAmino(chainId, address, request.signDoc, KEEP_FEE_SIGN_OPTIONS)
    } else {
      throw new InvalidWalletResponseError('mode must be "direct" or "amino"')
    }
  } catch (e) {
    throw toCosmosPorticoError(e)
  }
  const signature = base64Bytes(answer?.signature?.signature, 'signature')
  if (signature.length !== 64)
    throw new InvalidWalletResponseError(`signature is ${signature.length} bytes, not 64`)
  const pubKey = toHexString(base64Bytes(answer?.signature?.pub_key?.value, 'pub_key'))
  if (pubKey !== session.key.record.publicKey) throw new InvalidWalletResponseError('signed by another key')
  const signed = answer.signed as never
  if (!signed || typeof signed !== 'object') throw new InvalidWalletResponseError('no signed document')
  // As over WalletConnect: the fee may change (the wallet's own choice), the messages and memo may not.
  if (request.mode === 'direct') assertKeptDirectBody(signed, request.signDoc.bodyBytes, 'signDirect')
  else assertKeptAminoContent(signed, request.signDoc, 'signAmino')
  return {
    mode: request.mode,
    signed,
    signature: answer.signature!.signature as string,
    publicKey: pubKey,
  } as CosmosSignTransactionResult
}
