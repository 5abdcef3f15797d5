import type { Signer } from '@polkadot/api/types'
import type { SignerPayloadJSON, SignerPayloadRaw, SignerResult } from '@polkadot/types/types'
import type { RequestChannel } from '@portico/core'
import { InvalidExtensionResponseError } from '../errors/index.js'
import type { ValidInjected } from '../extensions/index.js'
import type { PolkadotNetwork } from '../networks/index.js'

/** The WalletConnect `polkadot` methods this adapter drives over a request channel. */
export const POLKADOT_CHANNEL_METHODS = ['polkadot_signMessage', 'polkadot_signTransaction'] as const
export const POLKADOT_CHANNEL_EVENTS = ['accountsChanged'] as const

function signatureOf(answer: unknown, method: string): SignerResult {
  const signature = (answer as { signature?: unknown } | null)?.signature
  if (typeof signature !== 'string' || !/^0x([0-9a-fA-F]{2}){64,66}$/.test(signature))
    throw new InvalidExtensionResponseError(`${method} returned no hex signature`)
  return { id: 0, signature: signature as `0x${string}` }
}

/**
 * A session's "injected" object for a wallet reached over a request channel
 * (WalletConnect): the granted CAIP-10 accounts of the network become the
 * account list (validated like an extension's), `signRaw` is
 * `polkadot_signMessage` and `signPayload` is `polkadot_signTransaction`.
 */
export function channelInjected(channel: RequestChannel, network: PolkadotNetwork): ValidInjected {
  const chainId = network.caipNetworkId
  const listAccounts = () =>
    channel
      .accounts()
      .filter((a) => typeof a === 'string' && a.startsWith(`${chainId}:`))
      .map((a) => ({ address: a.slice(chainId.length + 1) }))
  const signer: Signer = {
    async signRaw(raw: SignerPayloadRaw) {
      const answer = await channel.request({
        method: 'polkadot_signMessage',
        params: { address: raw.address, message: raw.data },
        chainId,
      })
      return signatureOf(answer, 'polkadot_signMessage')
    },
    async signPayload(payload: SignerPayloadJSON) {
      const answer = await channel.request({
        method: 'polkadot_signTransaction',
        params: { address: payload.address, transactionPayload: payload },
        chainId,
      })
      return signatureOf(answer, 'polkadot_signTransaction')
    },
  }
  return {
    accounts: {
      get: async () => listAccounts(),
      subscribe: (cb) => channel.on('accountsChanged', () => cb(listAccounts())),
    },
    signer,
  }
}
