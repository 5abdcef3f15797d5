import { type CaipNetworkId, PorticoError } from '@portico/core'
import {
  aminoParams,
  BECH32_PREFIX,
  type CosmosAccount,
  directParams,
  parseCosmosAccounts,
  parseCosmosSigned,
} from '../cosmos-protocol.js'
import { askFrame, type ChainChannelFactory, caipAccounts, channelError } from './chain-channel.js'

const invalidAnswer = () => new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })

/** The bech32 prefix of a dApp network (`network.cosmos.bech32Prefix`), when it is a valid one. */
function prefixOf(network: unknown): string | undefined {
  const prefix = (network as { cosmos?: { bech32Prefix?: unknown } } | undefined)?.cosmos?.bech32Prefix
  return typeof prefix === 'string' && BECH32_PREFIX.test(prefix) ? prefix : undefined
}

/**
 * The embedded wallet's `cosmos` request channel, driven by the Cosmos
 * adapter with the WalletConnect cosmos methods. The wallet has one
 * secp256k1 key (in the frame); its account on each requested chain is read
 * once on open with that chain's bech32 prefix. Signatures happen in the
 * frame after the visitor's Approve; each answer is checked here (the doc
 * signed must be the doc asked, by this wallet's key) before the adapter sees it.
 */
export const openCosmosChannel: ChainChannelFactory = async (options) => {
  const accounts = new Map<CaipNetworkId, CosmosAccount>()
  for (const chainId of options.chains) {
    const prefix = prefixOf(options.networks().find((n) => n.caipNetworkId === chainId))
    if (!prefix) {
      console.warn(`[portico embedded wallet] ${chainId} has no valid bech32 prefix: no Cosmos account there`)
      continue
    }
    const answer = await askFrame(
      options.frame(),
      { type: 'cosmos', method: 'cosmos_getAccounts', params: { bech32Prefix: prefix }, chainId },
      { approval: false },
    )
    const account = parseCosmosAccounts(answer, prefix)
    if (!account) throw invalidAnswer()
    accounts.set(chainId, account)
  }
  // One key: every chain's account has the same public key (a frame that says otherwise is not believed).
  const pubkeys = new Set([...accounts.values()].map((a) => a.pubkey))
  if (pubkeys.size > 1) throw invalidAnswer()
  const [pubkey] = pubkeys
  if (!pubkey) return undefined
  const chains = [...accounts.keys()]
  const caip = caipAccounts(new Map(chains.map((c) => [c, [accounts.get(c)!.address]])))

  return {
    namespace: 'cosmos',
    accounts: () => caip,
    chains: () => chains,
    on: options.on,
    request: async <T>({
      method,
      params,
      chainId,
    }: {
      method: string
      params?: unknown
      chainId: CaipNetworkId
    }) => {
      const account = accounts.get(chainId)
      if (!account) throw channelError('Unsupported chain', 5100)
      if (method === 'cosmos_getAccounts') return [{ ...account }] as T
      if (method !== 'cosmos_signDirect' && method !== 'cosmos_signAmino')
        throw channelError('Method not supported', 5101)
      const asked = method === 'cosmos_signDirect' ? directParams(params) : aminoParams(params)
      if (!asked) throw channelError('Invalid params', -32602)
      const answer = await askFrame(
        options.frame(),
        { type: 'cosmos', method, params: asked, chainId },
        { approval: true },
      )
      const signed = parseCosmosSigned(answer, asked.signDoc, pubkey)
      if (!signed) throw invalidAnswer()
      return signed as T
    },
  }
}
