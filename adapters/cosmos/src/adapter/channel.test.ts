import { StargateClient } from '@cosmjs/stargate'
import type { CaipAddress, CaipNetworkId, RequestChannel } from '@portico/core'
import { AccountCannotSendError, UnsupportedChainError, UserRejectedRequestError } from '@portico/core'
import { type CosmosDevnet, startCosmosDevnet } from '@portico/devnet'
import { TxBody } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCosmosDevWallet } from '../dev-wallet/index.js'
import { InvalidWalletResponseError } from '../errors/index.js'
import { type CosmosNetwork, cosmosLocalHub, cosmosLocalOsmo } from '../networks/index.js'
import { verifyAdr036Signature } from '../sign-message/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { cosmosAdapter } from './index.js'

const HUB = 'portico-hub-1'
let sim: CosmosDevnet
let hub: CosmosNetwork
let osmo: CosmosNetwork
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'base64'))

beforeAll(async () => {
  sim = await startCosmosDevnet()
  hub = cosmosLocalHub({ rpcUrl: sim.chains[0]!.rpcUrl, restUrl: sim.chains[0]!.restUrl })
  osmo = cosmosLocalOsmo({ rpcUrl: sim.chains[1]!.rpcUrl, restUrl: sim.chains[1]!.restUrl })
})
afterAll(() => sim?.stop())

/**
 * The far end of a WalletConnect session's `cosmos` namespace, answering the
 * WalletConnect cosmos methods (bytes as base64) with the dev wallet's keys —
 * what the WalletConnect plugin's request channel delivers once issue 10 lands.
 */
function sessionPeer(
  chains: CosmosNetwork[],
  opts: { grant?: 'all' | 'none'; rewriteMemo?: boolean; rejectSigning?: boolean; ethKey?: boolean } = {},
) {
  const asked: string[] = []
  const dev = createCosmosDevWallet({
    chains: sim.chains.map((c) => ({ chainId: c.chainId, bech32Prefix: c.bech32Prefix })),
  })
  const handlers = new Map<string, Set<(p: unknown) => void>>()
  const granted: CaipAddress[] = []
  const channel: RequestChannel = {
    namespace: 'cosmos',
    async request<T>({
      method,
      params,
      chainId,
    }: {
      method: string
      params?: unknown
      chainId: CaipNetworkId
    }) {
      asked.push(method)
      const chain = chainId.slice('cosmos:'.length)
      const p = params as { signerAddress: string; signDoc: Record<string, unknown> }
      if (method === 'cosmos_getAccounts') {
        const key = await dev.keplr.getKey(chain)
        // ethKey: the wallet reports an Ethermint account (Evmos, Injective) for the same key.
        const algo = opts.ethKey ? 'ethsecp256k1' : key.algo
        return [{ address: key.bech32Address, algo, pubkey: b64(key.pubKey) }] as T
      }
      // The user pressed Reject in the wallet: WalletConnect's USER_REJECTED.
      if (opts.rejectSigning) throw { code: 5000, message: 'User rejected.' }
      if (method === 'cosmos_signDirect') {
        const d = p.signDoc as {
          chainId: string
          accountNumber: string
          authInfoBytes: string
          bodyBytes: string
        }
        // rewriteMemo: a peer that validly signs a body other than the one it was asked to.
        const body = opts.rewriteMemo
          ? TxBody.encode({ ...TxBody.decode(bytes(d.bodyBytes)), memo: 'rewritten by the wallet' }).finish()
          : bytes(d.bodyBytes)
        const r = await dev.keplr.signDirect(chain, p.signerAddress, {
          chainId: d.chainId,
          accountNumber: BigInt(d.accountNumber),
          authInfoBytes: bytes(d.authInfoBytes),
          bodyBytes: body,
        })
        const signed = {
          chainId: r.signed.chainId,
          accountNumber: r.signed.accountNumber.toString(),
          authInfoBytes: b64(r.signed.authInfoBytes),
          bodyBytes: b64(r.signed.bodyBytes),
        }
        return { signed, signature: r.signature } as T
      }
      if (method === 'cosmos_signAmino') {
        const doc = opts.rewriteMemo ? { ...p.signDoc, memo: 'rewritten by the wallet' } : p.signDoc
        return (await dev.keplr.signAmino(chain, p.signerAddress, doc as never)) as T
      }
      throw Object.assign(new Error('Unsupported method'), { code: 5101 })
    },
    accounts: () => granted,
    chains: () => chains.map((c) => c.caipNetworkId),
    on(event, handler) {
      const set = handlers.get(event) ?? new Set()
      handlers.set(event, set)
      set.add(handler)
      return () => set.delete(handler)
    },
  }
  return {
    dev,
    channel,
    asked,
    async grant() {
      if (opts.grant === 'none') return
      for (const c of chains) granted.push(`${c.caipNetworkId}:${await dev.address(c.cosmos.chainId)}`)
    },
    fire: (event: string) => {
      for (const h of handlers.get(event) ?? []) h({})
    },
  }
}

async function connected(
  chains: CosmosNetwork[],
  opts?: {
    grant?: 'all' | 'none'
    rewriteMemo?: boolean
    rejectSigning?: boolean
    ethKey?: boolean
    signMode?: 'direct' | 'amino'
  },
) {
  const peer = sessionPeer(chains, opts)
  await peer.grant()
  const adapter = cosmosAdapter({
    networks: [hub, osmo],
    ...(opts?.signMode ? { signMode: opts.signMode } : {}),
  })
  await adapter.setup(createTestContext().ctx)
  return { peer, adapter, connectorId: 'walletConnect' }
}

describe('cosmosAdapter over a request channel (WalletConnect cosmos namespace)', () => {
  it('declares the cosmos methods it drives; connect reads the granted account with cosmos_getAccounts', async () => {
    const { adapter, peer, connectorId } = await connected([hub])
    expect(adapter.channel?.methods).toEqual(['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'])
    const result = await adapter.connect({
      connectorId,
      caipNetworkId: hub.caipNetworkId,
      channel: peer.channel,
    })
    expect(result.accounts[0]).toMatchObject({
      address: sim.fixtures.accounts[0]!.addresses[HUB],
      caipAddress: `cosmos:${HUB}:${sim.fixtures.accounts[0]!.addresses[HUB]}`,
    })
  })

  it('signMessage goes out as cosmos_signAmino of the ADR-036 doc and verifies; a transfer signed with cosmos_signDirect lands', async () => {
    const { adapter, peer, connectorId } = await connected([hub])
    const { accounts } = await adapter.connect({
      connectorId,
      caipNetworkId: hub.caipNetworkId,
      channel: peer.channel,
    })
    const address = accounts[0]!.address
    const signed = await adapter.signMessage({ connectorId, address, message: 'over the relay' })
    expect(
      await verifyAdr036Signature({
        signer: address,
        data: 'over the relay',
        publicKey: signed.publicKey!,
        signature: signed.signature,
      }),
    ).toBe(true)
    const to = sim.fixtures.accounts[1]!.addresses[HUB]!
    const client = await StargateClient.connect(hub.rpcUrls.default.http[0]!)
    const before = BigInt((await client.getBalance(to, 'uatom')).amount)
    const hash = await adapter.sendTransaction({
      connectorId,
      request: { to, amount: [{ denom: 'uatom', amount: '777' }] },
    })
    expect((await adapter.waitForTransaction!({ hash, caipNetworkId: hub.caipNetworkId })).status).toBe(
      'succeeded',
    )
    expect(BigInt((await client.getBalance(to, 'uatom')).amount) - before).toBe(777n)
    expect(peer.dev.requests).toContain('signDirect')
    client.disconnect()
  })

  it('a chain outside the session is UnsupportedChainError; an account the session did not grant is refused', async () => {
    const { adapter, peer, connectorId } = await connected([hub])
    await adapter.connect({ connectorId, caipNetworkId: hub.caipNetworkId, channel: peer.channel })
    await expect(
      adapter.switchNetwork!({ connectorId, caipNetworkId: osmo.caipNetworkId }),
    ).rejects.toBeInstanceOf(UnsupportedChainError)
    const stranger = await connected([hub], { grant: 'none' })
    await expect(
      stranger.adapter.connect({
        connectorId,
        caipNetworkId: hub.caipNetworkId,
        channel: stranger.peer.channel,
      }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
  })

  it.each(['direct', 'amino'] as const)(
    'a peer that signs (%s) another body than asked (memo rewritten) is refused with InvalidWalletResponseError; nothing is broadcast',
    async (signMode) => {
      const { adapter, peer, connectorId } = await connected([hub], { rewriteMemo: true, signMode })
      await adapter.connect({ connectorId, caipNetworkId: hub.caipNetworkId, channel: peer.channel })
      const to = sim.fixtures.accounts[2]!.addresses[HUB]!
      const client = await StargateClient.connect(hub.rpcUrls.default.http[0]!)
      const before = (await client.getBalance(to, 'uatom')).amount
      await expect(
        adapter.sendTransaction({
          connectorId,
          request: { to, amount: [{ denom: 'uatom', amount: '555' }], memo: 'asked' },
        }),
      ).rejects.toBeInstanceOf(InvalidWalletResponseError)
      expect((await client.getBalance(to, 'uatom')).amount).toBe(before)
      client.disconnect()
    },
  )

  it('a peer answering WalletConnect 5000 (USER_REJECTED) is UserRejectedRequestError, for a message and a transfer', async () => {
    const { adapter, peer, connectorId } = await connected([hub], { rejectSigning: true })
    const { accounts } = await adapter.connect({
      connectorId,
      caipNetworkId: hub.caipNetworkId,
      channel: peer.channel,
    })
    const address = accounts[0]!.address
    await expect(adapter.signMessage({ connectorId, address, message: 'no' })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
    await expect(
      adapter.sendTransaction({
        connectorId,
        request: { to: sim.fixtures.accounts[1]!.addresses[HUB]!, amount: [{ denom: 'uatom', amount: '1' }] },
      }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('an ethsecp256k1 account is refused before signing (AccountCannotSendError): CosmJS cannot build its transactions', async () => {
    const { adapter, peer, connectorId } = await connected([hub], { ethKey: true })
    const { accounts } = await adapter.connect({
      connectorId,
      caipNetworkId: hub.caipNetworkId,
      channel: peer.channel,
    })
    expect(accounts[0]!.addressType).toBe('ethsecp256k1')
    await expect(
      adapter.sendTransaction({
        connectorId,
        request: { to: sim.fixtures.accounts[1]!.addresses[HUB]!, amount: [{ denom: 'uatom', amount: '1' }] },
      }),
    ).rejects.toBeInstanceOf(AccountCannotSendError)
    expect(peer.asked).toEqual(['cosmos_getAccounts'])
  })

  it('the session ending emits disconnect', async () => {
    const { adapter, peer, connectorId } = await connected([hub])
    await adapter.connect({ connectorId, caipNetworkId: hub.caipNetworkId, channel: peer.channel })
    const ended = new Promise((resolve) => adapter.on('disconnect', resolve))
    peer.fire('disconnect')
    expect(await ended).toMatchObject({ connectorId, reason: 'the WalletConnect session ended' })
  })
})
