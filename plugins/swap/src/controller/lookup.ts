import { hasValidChecksum } from './checksum.js'
import { errorMessage } from './errors.js'
import {
  BAD_CHECKSUM_TEXT,
  type CustomTokenLookup,
  INVALID_TOKEN_ADDRESS_TEXT,
  NOT_A_TOKEN_TEXT,
  type SwapTokenInfo,
} from './state.js'
import type { SwapWallet } from './wallet.js'

/**
 * What a pasted token address (already trimmed) names: refused at once when
 * it is malformed or no wallet is connected, the listed token when it is in
 * `tokens`, else (a promise) the token read from the chain through the
 * connected adapter after its EIP-55 checksum is checked. Never rejects: a
 * failed read is a `status: 'error'` answer with the reason.
 */
export function lookupCustomToken(
  query: string,
  wallet: SwapWallet,
  tokens: readonly SwapTokenInfo[],
): CustomTokenLookup | Promise<CustomTokenLookup> {
  if (!/^0x[0-9a-fA-F]{40}$/.test(query))
    return { query, status: 'invalid', message: INVALID_TOKEN_ADDRESS_TEXT }
  const account = wallet.account()
  if (!account) return { query, status: 'error', message: 'Connect a wallet to look up a token' }
  const id = `${account.caipNetworkId}:${query.toLowerCase()}`
  const listed = tokens.find((t) => t.address === id)
  if (listed) return { query, status: 'ready', token: listed }
  return readCustomToken(query, id, account.caipNetworkId, wallet)
}

async function readCustomToken(
  query: string,
  id: string,
  caipNetworkId: Parameters<SwapWallet['readToken']>[1],
  wallet: SwapWallet,
): Promise<CustomTokenLookup> {
  try {
    if (!(await hasValidChecksum(query))) return { query, status: 'invalid', message: BAD_CHECKSUM_TEXT }
    const read = await wallet.readToken(query, caipNetworkId)
    if (!read) return { query, status: 'invalid', message: NOT_A_TOKEN_TEXT }
    const { symbol, name, decimals, balance } = read
    return { query, status: 'ready', token: { address: id, symbol, name, decimals, balance, imported: true } }
  } catch (error) {
    return { query, status: 'error', message: `Could not read the token: ${errorMessage(error)}` }
  }
}
