// The WalletConnect `bip122` namespace through the contract's request channel:
// getAccountAddresses, signMessage, signPsbt (sendTransfer is left to the
// adapter's own PSBT flow, which checks what the wallet signs).
import type { CaipNetworkId, RequestChannel } from '@portico/core'
import { fromBase64, toBase64 } from '../bytes/index.js'
import { InvalidWalletResponseError } from '../errors/index.js'
import type { BitcoinWalletDriver, RawBitcoinAccount } from './driver.js'

/** The methods and events a WalletConnect proposal lists for bip122 when this adapter is installed. */
export const BITCOIN_CHANNEL = {
  methods: ['getAccountAddresses', 'signMessage', 'signPsbt'],
  events: ['bip122_addressesChanged'],
} as const

const b64 = toBase64
const decoder = new TextDecoder('utf-8', { fatal: true })

/** The session's account addresses on `caipNetworkId` (CAIP-10 `bip122:<ref>:<address>`). */
function sessionAddresses(channel: RequestChannel, caipNetworkId: CaipNetworkId): string[] {
  const prefix = `${caipNetworkId}:`
  return channel
    .accounts()
    .filter((a) => typeof a === 'string' && a.startsWith(prefix))
    .map((a) => a.slice(prefix.length))
}

/**
 * Drives a Bitcoin wallet connected over WalletConnect. Every answer is
 * checked like an injected wallet's (the adapter validates the addresses for
 * the network and verifies signatures and PSBTs).
 */
export function channelDriver(channel: RequestChannel, caipNetworkId: CaipNetworkId): BitcoinWalletDriver {
  const request = <T>(method: string, params: unknown) =>
    channel.request<T>({ method, params, chainId: caipNetworkId })
  return {
    family: 'walletconnect',
    async connect(purposes) {
      const granted = sessionAddresses(channel, caipNetworkId)
      if (granted.length === 0) return []
      const answer = await request<unknown>('getAccountAddresses', {
        account: granted[0],
        intentions: purposes.map((p) => (p === 'ordinals' ? 'ordinal' : p)),
      })
      if (!Array.isArray(answer)) throw new InvalidWalletResponseError('getAccountAddresses returned no list')
      return answer.map((a: unknown) => {
        const { address, publicKey, intention } = (a ?? {}) as Record<string, unknown>
        return {
          address,
          publicKey,
          purpose: intention === 'ordinal' ? 'ordinals' : intention,
        } satisfies RawBitcoinAccount
      })
    },
    grantedAccounts: () => sessionAddresses(channel, caipNetworkId).map((address) => ({ address })),
    async disconnect() {
      // The WalletConnect plugin owns the session: ending it is its job.
    },
    async signMessage(address, message, protocol) {
      let text: string
      try {
        text = decoder.decode(message)
      } catch {
        throw new InvalidWalletResponseError(
          'WalletConnect bip122 signs text messages only (the bytes are not UTF-8)',
        )
      }
      const answer = await request<{ signature?: unknown }>('signMessage', {
        account: address,
        address,
        message: text,
        protocol,
      })
      if (typeof answer?.signature !== 'string')
        throw new InvalidWalletResponseError('signMessage returned no signature')
      return { signature: answer.signature }
    },
    async signPsbt(psbt, inputs) {
      const answer = await request<{ psbt?: unknown }>('signPsbt', {
        account: inputs[0]?.address,
        psbt: b64(psbt),
        signInputs: inputs.flatMap((i) =>
          i.index.map((index) => ({
            address: i.address,
            index,
            ...(i.sighashTypes ? { sighashTypes: i.sighashTypes } : {}),
          })),
        ),
        broadcast: false,
      })
      if (typeof answer?.psbt !== 'string' || !/^[A-Za-z0-9+/]+=*$/.test(answer.psbt))
        throw new InvalidWalletResponseError('signPsbt returned no base64 PSBT')
      try {
        return fromBase64(answer.psbt)
      } catch {
        throw new InvalidWalletResponseError('signPsbt returned no base64 PSBT')
      }
    },
    onAccountsChanged(listener) {
      return channel.on('accountsChanged', () =>
        listener(sessionAddresses(channel, caipNetworkId).map((address) => ({ address }))),
      )
    },
  }
}
