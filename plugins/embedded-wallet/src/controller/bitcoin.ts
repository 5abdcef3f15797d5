import { type CaipNetworkId, PorticoError, type RequestChannel } from '@portico/core'
import {
  type BitcoinAccountAnswer,
  type BitcoinIntention,
  bitcoinHrp,
  parseBitcoinAccounts,
  parseBitcoinPsbt,
  parseBitcoinSignature,
} from '../bitcoin-protocol.js'
import { askFrame, type ChainChannelFactory, caipAccounts, channelError } from './chain-channel.js'

const invalidAnswer = () => new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })
const BOTH: BitcoinIntention[] = ['payment', 'ordinal']

/**
 * The embedded wallet's `bip122` request channel, driven by the Bitcoin
 * adapter with the WalletConnect bip122 methods. On open it asks the frame
 * for the wallet's addresses on each chain (public: no approval); signatures
 * (`signMessage`, `signPsbt`) happen in the frame after the visitor's
 * Approve. Every answer is checked here before the adapter sees it.
 */
export const openBitcoinChannel: ChainChannelFactory = async (options) => {
  const addresses = new Map<CaipNetworkId, BitcoinAccountAnswer[]>()
  for (const chainId of options.chains) {
    // A chain the frame does not know would go unanswered: it is left out.
    if (!bitcoinHrp(chainId)) continue
    const answer = await askFrame(
      options.frame(),
      { type: 'bip122', method: 'getAccountAddresses', params: { intentions: BOTH }, chainId },
      { approval: false },
    )
    const accounts = parseBitcoinAccounts(answer, chainId, BOTH)
    if (!accounts) throw invalidAnswer()
    addresses.set(chainId, accounts)
  }
  if (addresses.size === 0) return undefined
  const chains = [...addresses.keys()]

  const channel: RequestChannel = {
    namespace: 'bip122',
    accounts: () =>
      caipAccounts(new Map([...addresses].map(([chain, list]) => [chain, list.map((a) => a.address)]))),
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
      const own = addresses.get(chainId)
      if (!own) throw channelError('Unsupported chain', 5100)
      const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
      const ask = (payload: Record<string, unknown>, approval: boolean) =>
        askFrame(options.frame(), { type: 'bip122', method, params: payload, chainId }, { approval })
      if (method === 'getAccountAddresses') {
        const wanted = p.intentions === undefined ? BOTH : p.intentions
        if (!Array.isArray(wanted) || !wanted.every((i) => i === 'payment' || i === 'ordinal'))
          throw channelError('Invalid params', -32602)
        const answer = parseBitcoinAccounts(await ask({ intentions: wanted }, false), chainId, wanted)
        // The wallet's addresses do not change within a session: anything else is not this wallet's answer.
        if (!answer?.every((a) => own.some((o) => o.address === a.address && o.publicKey === a.publicKey)))
          throw invalidAnswer()
        return answer as T
      }
      if (method === 'signMessage') {
        if (!own.some((a) => a.address === p.address)) throw channelError('Action not allowed', 4100)
        const address = p.address as string
        const answer = parseBitcoinSignature(
          await ask(
            { address, message: p.message, ...(p.protocol === undefined ? {} : { protocol: p.protocol }) },
            true,
          ),
          address,
        )
        if (!answer) throw invalidAnswer()
        return answer as T
      }
      if (method === 'signPsbt') {
        const answer = parseBitcoinPsbt(
          await ask(
            {
              psbt: p.psbt,
              signInputs: p.signInputs,
              ...(p.broadcast === undefined ? {} : { broadcast: p.broadcast }),
            },
            true,
          ),
        )
        if (!answer) throw invalidAnswer()
        return answer as T
      }
      throw channelError('Method not supported', 5101)
    },
  }
  return channel
}
