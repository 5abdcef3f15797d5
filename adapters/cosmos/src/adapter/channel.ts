import type { AminoSignResponse, StdSignature, StdSignDoc } from '@cosmjs/amino'
import type { DirectSignResponse } from '@cosmjs/proto-signing'
import type { RequestChannel } from '@portico/core'
import { UnsupportedChainError } from '@portico/core'
import { decodeBech32 } from '../address/index.js'
import { InvalidWalletResponseError } from '../errors/index.js'
import type { Keplr, KeplrDirectSignDoc, KeplrKey } from '../keplr/index.js'
import type { CosmosNetwork } from '../networks/index.js'
import { makeAdr036SignDoc } from '../sign-message/adr036.js'
import { assertKeptAminoContent, assertKeptDirectBody } from './signed-body.js'

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
function fromBase64(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) {
    throw new InvalidWalletResponseError(`${what} is not base64`)
  }
  return Uint8Array.from(atob(value), (c) => c.charCodeAt(0))
}

function signatureOf(answer: unknown): StdSignature {
  const s = (
    answer as { signature?: { signature?: unknown; pub_key?: { type?: unknown; value?: unknown } } } | null
  )?.signature
  fromBase64(s?.signature, 'signature')
  fromBase64(s?.pub_key?.value, 'pub_key')
  // The key type is the peer's text: absent means secp256k1; anything but a short string is refused
  // (String() of an object without a prototype would throw a TypeError).
  const type = s!.pub_key!.type ?? 'tendermint/PubKeySecp256k1'
  if (typeof type !== 'string' || type.length > 64)
    throw new InvalidWalletResponseError('pub_key type is not a key type name')
  return {
    signature: s!.signature as string,
    pub_key: {
      type,
      value: s!.pub_key!.value as string,
    },
  }
}

/**
 * A Keplr-shaped view of a WalletConnect session's `cosmos` namespace, so
 * the adapter drives a remote wallet with the same code as an injected one:
 * `cosmos_getAccounts` for keys (only accounts the session granted),
 * `cosmos_signDirect` / `cosmos_signAmino` for signatures (bytes as base64
 * on the wire), and ADR-036 message signing as a `cosmos_signAmino` of the
 * ADR-036 sign doc. Every answer is validated by the adapter like an
 * injected wallet's.
 */
export function channelKeplr(channel: RequestChannel, networks: readonly CosmosNetwork[]): Keplr {
  const networkOf = (chainId: string): CosmosNetwork => {
    const network = networks.find((n) => n.cosmos.chainId === chainId)
    if (!network || !channel.chains().includes(network.caipNetworkId)) {
      throw new UnsupportedChainError({ caipNetworkId: `cosmos:${chainId}` })
    }
    return network
  }
  const request = <T>(network: CosmosNetwork, method: string, params?: unknown) =>
    channel.request<T>({ method, params, chainId: network.caipNetworkId })

  const keplr: Keplr = {
    async enable(chainIds) {
      for (const id of Array.isArray(chainIds) ? chainIds : [chainIds]) networkOf(id)
    },

    async getKey(chainId): Promise<KeplrKey> {
      const network = networkOf(chainId)
      const answer = await request<unknown>(network, 'cosmos_getAccounts')
      if (!Array.isArray(answer))
        throw new InvalidWalletResponseError('cosmos_getAccounts did not answer a list')
      const granted = channel.accounts()
      const account = (answer as { address?: unknown; algo?: unknown; pubkey?: unknown }[]).find(
        (a) =>
          typeof a?.address === 'string' &&
          decodeBech32(a.address)?.prefix === network.cosmos.bech32Prefix &&
          granted.includes(`${network.caipNetworkId}:${a.address}`),
      )
      if (!account) throw new InvalidWalletResponseError(`no granted account on ${network.caipNetworkId}`)
      const address = account.address as string
      return {
        name: 'WalletConnect',
        algo: typeof account.algo === 'string' ? account.algo : '',
        pubKey: fromBase64(account.pubkey, 'pubkey'),
        address: decodeBech32(address)!.data,
        bech32Address: address,
        isNanoLedger: false,
      }
    },

    getOfflineSigner(chainId) {
      return {
        getAccounts: async () => {
          const key = await keplr.getKey(chainId)
          return [{ address: key.bech32Address, algo: 'secp256k1' as const, pubkey: key.pubKey }]
        },
        signDirect: (signer: string, doc: KeplrDirectSignDoc) => keplr.signDirect(chainId, signer, doc),
        signAmino: (signer: string, doc: StdSignDoc) => keplr.signAmino(chainId, signer, doc),
      }
    },

    getOfflineSignerOnlyAmino(chainId) {
      const { getAccounts, signAmino } = keplr.getOfflineSigner(chainId)
      return { getAccounts, signAmino }
    },

    async signDirect(chainId, signer, signDoc): Promise<DirectSignResponse> {
      const answer = await request<{ signed?: Record<string, unknown> }>(
        networkOf(chainId),
        'cosmos_signDirect',
        {
          signerAddress: signer,
          signDoc: {
            chainId: signDoc.chainId,
            accountNumber: signDoc.accountNumber.toString(),
            authInfoBytes: toBase64(signDoc.authInfoBytes),
            bodyBytes: toBase64(signDoc.bodyBytes),
          },
        },
      )
      const signed = answer?.signed
      if (!signed || typeof signed !== 'object')
        throw new InvalidWalletResponseError('cosmos_signDirect: no signed doc')
      if (signed.chainId !== chainId || !/^\d{1,20}$/.test(String(signed.accountNumber))) {
        throw new InvalidWalletResponseError('cosmos_signDirect: signed doc for another chain or account')
      }
      const bodyBytes = fromBase64(signed.bodyBytes, 'bodyBytes')
      // A wallet may change the fee (auth info: Keplr lets the user pick one) but never the
      // messages or memo: the signed body is what gets broadcast, so a changed one is refused.
      assertKeptDirectBody({ bodyBytes }, signDoc.bodyBytes, 'cosmos_signDirect')
      return {
        signed: {
          chainId,
          accountNumber: BigInt(String(signed.accountNumber)),
          authInfoBytes: fromBase64(signed.authInfoBytes, 'authInfoBytes'),
          bodyBytes,
        },
        signature: signatureOf(answer),
      }
    },

    async signAmino(chainId, signer, signDoc): Promise<AminoSignResponse> {
      const answer = await request<{ signed?: StdSignDoc }>(networkOf(chainId), 'cosmos_signAmino', {
        signerAddress: signer,
        signDoc,
      })
      const signed = answer?.signed
      if (!signed || typeof signed !== 'object' || signed.chain_id !== signDoc.chain_id) {
        throw new InvalidWalletResponseError('cosmos_signAmino: signed doc for another chain')
      }
      // As for direct signing: the fee may change, the messages and memo may not.
      assertKeptAminoContent(signed, signDoc, 'cosmos_signAmino')
      return { signed, signature: signatureOf(answer) }
    },

    async signArbitrary(chainId, signer, data) {
      const network = networkOf(chainId)
      const doc = makeAdr036SignDoc(signer, data)
      const answer = await request<unknown>(network, 'cosmos_signAmino', {
        signerAddress: signer,
        signDoc: doc,
      })
      return signatureOf(answer)
    },

    async experimentalSuggestChain(info) {
      networkOf(info.chainId)
    },
  }
  return keplr
}
