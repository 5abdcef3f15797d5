import type { CaipNetworkId, RequestChannel } from '@portico/core'
import { PorticoError } from '@portico/core'
import { parsePolkadotAccount, parsePolkadotSignature, polkadotSigningParams } from '../polkadot-protocol.js'
import { askFrame, type ChainChannelFactory, caipAccounts, channelError } from './chain-channel.js'

/** The WalletConnect `polkadot` methods the frame signs (the Polkadot adapter drives exactly these). */
const SIGNING_METHODS = new Set(['polkadot_signMessage', 'polkadot_signTransaction'])

const invalidAnswer = () => new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })

/** A network's SS58 prefix when it names a valid one (0–16383, not the reserved 46 and 47). */
function ss58PrefixOf(network: unknown): number | undefined {
  const n = (network as { ss58Prefix?: unknown } | undefined)?.ss58Prefix
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 16383 && n !== 46 && n !== 47
    ? n
    : undefined
}

/**
 * The embedded wallet's `polkadot` request channel (issue 14), driven by the
 * Polkadot adapter with the WalletConnect `polkadot` methods. On open it asks
 * the frame for the wallet's account on each requested chain, encoded with
 * that network's SS58 prefix (the frame knows no networks); signatures are
 * the frame's, after the visitor's Approve. A chain whose network the dApp
 * did not configure with a prefix is not served; with none served, no channel.
 */
export const openPolkadotChannel: ChainChannelFactory = async (options) => {
  const addresses = new Map<CaipNetworkId, string[]>()
  let publicKey: string | undefined
  for (const chainId of options.chains) {
    const ss58Prefix = ss58PrefixOf(options.networks().find((n) => n.caipNetworkId === chainId))
    if (ss58Prefix === undefined) continue
    const account = parsePolkadotAccount(
      await askFrame(
        options.frame(),
        { type: 'polkadot', method: 'polkadot_getAccounts', params: { ss58Prefix }, chainId },
        { approval: false },
      ),
    )
    // One wallet, one key: every chain's address must be of the same public key.
    if (!account || (publicKey !== undefined && account.publicKey !== publicKey)) throw invalidAnswer()
    publicKey = account.publicKey
    addresses.set(chainId, [account.address])
  }
  if (addresses.size === 0) return undefined
  const channel: RequestChannel = {
    namespace: 'polkadot',
    accounts: () => caipAccounts(addresses),
    chains: () => [...addresses.keys()],
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
      if (!addresses.has(chainId)) throw channelError('Unsupported chain', 5100)
      if (!SIGNING_METHODS.has(method)) throw channelError('Method not supported', 5101)
      const checked = polkadotSigningParams(method, params)
      if (!checked) throw channelError('Invalid params', -32602)
      const signature = parsePolkadotSignature(
        await askFrame(
          options.frame(),
          { type: 'polkadot', method, params: checked, chainId },
          { approval: true },
        ),
      )
      if (!signature) throw invalidAnswer()
      return { signature } as T
    },
  }
  return channel
}
