import type { Network } from '../contracts/index.js'
import type { PaymentSession, PayParams } from '../contracts/pay.js'
import { MethodNotSupportedError, NetworkNotFoundError, PorticoError } from '../errors/index.js'
import type { AdapterRegistry } from '../networks/index.js'
import { isAddress, parseUnits } from '../utils/index.js'
import { InvalidPaymentRequestError } from './errors.js'

/** A reference the site's back end knows the order by: 1–128 printable ASCII characters. */
const REFERENCE = /^[\x20-\x7e]{1,128}$/
/** An asset's symbol as shown: 1–16 characters, no control characters. */
const SYMBOL = /^[^\p{Cc}]{1,16}$/u

const invalid = (field: string, details: string, cause?: unknown) =>
  new InvalidPaymentRequestError(field, { details, ...(cause ? { cause: cause as Error } : {}) })

/**
 * Checks a `portico.pay` request from an untrusted caller, field by field, and
 * resolves it for the view: the network's namespace and name, the asset
 * (the native currency's symbol and decimals filled in) and the amount in
 * integer units.
 *
 * @throws InvalidPaymentRequestError (`field` names what is wrong), NetworkNotFoundError
 *   ('Network not found': not a configured network), MethodNotSupportedError (the
 *   namespace's adapter cannot send transfers)
 */
export async function checkPayParams(
  params: PayParams,
  ctx: { networks: readonly Network[]; adapters: AdapterRegistry },
): Promise<Pick<PaymentSession, 'request' | 'namespace' | 'networkName' | 'asset' | 'units'>> {
  if (params === null || typeof params !== 'object')
    throw invalid('recipient', 'the request is not an object')
  const { recipient, amount, asset, network, reference } = params
  if (typeof network !== 'string' || (network as string) === '')
    throw invalid('network', 'a CAIP-2 network id is required')
  const net = ctx.networks.find((n) => n.caipNetworkId === network)
  if (!net) throw new NetworkNotFoundError({ details: `${network} is not a configured network` })
  const adapter = ctx.adapters.find(net.chainNamespace)
  if (!adapter?.transferRequest) throw new MethodNotSupportedError({ method: 'transferRequest' })

  let resolved: PaymentSession['asset']
  if (asset === 'native') {
    resolved = { symbol: net.nativeCurrency.symbol, decimals: net.nativeCurrency.decimals }
  } else if (asset && typeof asset === 'object') {
    if (typeof asset.token !== 'string' || asset.token.trim() === '' || asset.token.length > 128)
      throw invalid('asset', 'asset.token must be the token’s address')
    if (typeof asset.symbol !== 'string' || !SYMBOL.test(asset.symbol))
      throw invalid('asset', 'asset.symbol must be 1–16 characters')
    if (!Number.isInteger(asset.decimals) || asset.decimals < 0 || asset.decimals > 36)
      throw invalid('asset', 'asset.decimals must be an integer from 0 to 36')
    resolved = { token: asset.token.trim(), symbol: asset.symbol, decimals: asset.decimals }
  } else {
    throw invalid('asset', "asset must be 'native' or { token, symbol, decimals }")
  }

  if (typeof amount !== 'string') throw invalid('amount', 'the amount is decimal text, e.g. "12.5"')
  let units: bigint
  try {
    units = parseUnits(amount.trim(), resolved.decimals)
  } catch (error) {
    throw invalid('amount', `"${amount}" is not an amount in ${resolved.symbol}`, error)
  }
  if (units <= 0n) throw invalid('amount', 'the amount must be more than 0')

  if (typeof recipient !== 'string' || recipient.trim() === '' || recipient.length > 256)
    throw invalid('recipient', 'the recipient address is required')
  const to = recipient.trim()
  let valid: boolean
  try {
    valid = adapter.isValidAddress
      ? await adapter.isValidAddress({ address: to, caipNetworkId: network })
      : isAddress(to, net.chainNamespace)
  } catch (error) {
    if (error instanceof PorticoError) throw error
    valid = false
  }
  if (!valid) throw invalid('recipient', `not an address on ${net.name}`)

  if (reference !== undefined && (typeof reference !== 'string' || !REFERENCE.test(reference)))
    throw invalid('reference', 'the reference is 1–128 printable ASCII characters')

  return {
    request: {
      recipient: to,
      amount: amount.trim(),
      asset,
      network,
      ...(reference !== undefined ? { reference } : {}),
    },
    namespace: net.chainNamespace,
    networkName: net.name,
    asset: resolved,
    units,
  }
}
