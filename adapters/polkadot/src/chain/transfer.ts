import type { ApiPromise } from '@polkadot/api'
import type { Signer, SubmittableExtrinsic } from '@polkadot/api/types'
import {
  AmountAndReceiverRequiredError,
  type Balance,
  formatBalance,
  formatUnits,
  MethodNotSupportedError,
  PorticoError,
} from '@portico/core'
import { assertNetworkAddress } from '../address/index.js'
import type { PolkadotTransactionRequest } from '../contract/index.js'
import { PolkadotTransactionInvalidError, toPolkadotPorticoError } from '../errors/index.js'
import type { PolkadotNetwork } from '../networks/index.js'
import { nativeToken } from './balance.js'
import { checkedSigner } from './signed-transaction.js'

type Extrinsic = SubmittableExtrinsic<'promise'>

/**
 * Builds the extrinsic of a request: `{ to, value }` is a
 * `balances.transferKeepAlive` (it refuses to reap the sender's account),
 * `{ call }` a prepared call given as SCALE hex. Addresses must carry the
 * network's prefix.
 */
export function buildExtrinsic(
  api: ApiPromise,
  network: PolkadotNetwork,
  request: PolkadotTransactionRequest,
): Extrinsic {
  if (request && typeof request === 'object' && 'call' in request) {
    if (typeof request.call !== 'string' || !/^0x([0-9a-fA-F]{2})+$/.test(request.call))
      throw new PorticoError('Invalid call', {
        code: 'INVALID_CALL',
        details: 'call must be 0x-hex SCALE bytes',
      })
    try {
      return api.tx(api.createType('Call', request.call))
    } catch (cause) {
      throw new PorticoError('Invalid call', { code: 'INVALID_CALL', cause })
    }
  }
  const { to, value, asset, keepAlive } = (request ?? {}) as {
    to?: unknown
    value?: unknown
    asset?: unknown
    keepAlive?: unknown
  }
  if (typeof to !== 'string' || typeof value !== 'bigint') throw new AmountAndReceiverRequiredError()
  if (value <= 0n)
    throw new PorticoError('Invalid amount', { code: 'INVALID_AMOUNT', details: 'value must be > 0' })
  assertNetworkAddress(to, network.ss58Prefix)
  if (asset !== undefined) {
    if (typeof asset !== 'number' || !Number.isSafeInteger(asset) || asset < 0 || asset > 0xffffffff)
      throw new PorticoError('Invalid asset', { code: 'INVALID_ASSET', details: 'asset must be a u32 id' })
    const method = keepAlive === false ? 'transfer' : 'transferKeepAlive'
    const transferAsset = api.tx.assets?.[method]
    if (!transferAsset) throw new MethodNotSupportedError({ method: `assets.${method}` })
    return transferAsset(asset, to, value)
  }
  const transfer = api.tx.balances?.transferKeepAlive
  if (!transfer) throw new MethodNotSupportedError({ method: 'balances.transferKeepAlive' })
  return transfer(to, value)
}

/** The fee the chain would charge `payer` for the request (`TransactionPaymentApi` through `paymentInfo`). */
export async function estimateFee(
  api: ApiPromise,
  network: PolkadotNetwork,
  request: PolkadotTransactionRequest,
  payer: string,
): Promise<Balance> {
  const tx = buildExtrinsic(api, network, request)
  const info = await tx.paymentInfo(payer)
  const value = info.partialFee.toBigInt()
  const { symbol, decimals } = nativeToken(api, network)
  return { value, decimals, symbol, formatted: formatBalance(formatUnits(value, decimals)) }
}

/**
 * Signs the extrinsic through the extension's signer (`signPayload`), submits
 * it (`author_submitExtrinsic`) and returns its hash once the node accepted
 * it, with the first block it can be in (where `waitForInclusion` starts).
 */
export async function signAndSubmit(params: {
  api: ApiPromise
  network: PolkadotNetwork
  tx: Extrinsic
  address: string
  signer: Signer
  /** The wallet's name, for the errors its invalid answers become. */
  wallet: string
}): Promise<{ hash: string; fromBlock: number }> {
  const { api, tx, address } = params
  const signer = checkedSigner(params.signer, params.wallet, api.registry)
  let signed: Extrinsic
  try {
    // withSignedTransaction: wallets that build the extrinsic themselves (Talisman, SubWallet; with
    // CheckMetadataHash for Ledger's generic app) answer it whole; checkedSigner checks it first.
    signed = await tx.signAsync(address, { signer, nonce: -1, withSignedTransaction: true })
  } catch (e) {
    throw toPolkadotPorticoError(e)
  }
  const from = (await api.rpc.chain.getHeader()).number.toNumber() + 1
  let hash: string
  try {
    hash = (await api.rpc.author.submitExtrinsic(signed)).toHex()
  } catch (e) {
    throw new PolkadotTransactionInvalidError(e)
  }
  return { hash, fromBlock: from }
}
