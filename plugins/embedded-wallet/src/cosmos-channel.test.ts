import type { CaipNetworkId, Network, RequestChannel } from '@portico/core'
import { ChainWireError, cosmosKeys } from '@portico/signer/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
// Both real sides, joined without postMessage: the Cosmos adapter's request-channel driver and the frame's Cosmos module.
import { channelKeplr } from '../../../adapters/cosmos/src/adapter/channel.js'
import { cosmosLocalHub, cosmosLocalOsmo } from '../../../adapters/cosmos/src/networks/index.js'
import { verifyAdr036Signature } from '../../../adapters/cosmos/src/sign-message/adr036.js'
import { openCosmosChannel } from './controller/cosmos.js'
import { EmbeddedFrameError, type FrameClient } from './controller/frame-client.js'
import {
  aminoParams,
  directParams,
  isCosmosAddress,
  parseCosmosAccounts,
  parseCosmosSigned,
} from './cosmos-protocol.js'

const urls = { rpcUrl: 'http://127.0.0.1:1', restUrl: 'http://127.0.0.1:1' }
const hub = cosmosLocalHub(urls)
const osmo = cosmosLocalOsmo(urls)
const secret = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const OWN = 'cosmos1hvvtm3jd4rgn6rxs9ntc0jqvewza3se772jw8u'
const OTHER = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu'
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

// A minimal protobuf writer, enough for a MsgSend transaction (length-delimited and varint fields).
const varint = (n: number | bigint) => {
  const out: number[] = []
  let v = BigInt(n)
  while (v > 127n) {
    out.push(Number(v & 127n) | 128)
    v >>= 7n
  }
  return [...out, Number(v)]
}
const bytesField = (no: number, value: Uint8Array | string) => {
  const b = typeof value === 'string' ? new TextEncoder().encode(value) : value
  return Uint8Array.from([...varint((no << 3) | 2), ...varint(b.length), ...b])
}
const cat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]))
const coin = (denom: string, amount: string) => cat(bytesField(1, denom), bytesField(2, amount))
function msgSendTx(from: string, to: string, amount: string, memo: string) {
  const send = cat(bytesField(1, from), bytesField(2, to), bytesField(3, coin('uatom', amount)))
  const any = cat(bytesField(1, '/cosmos.bank.v1beta1.MsgSend'), bytesField(2, send))
  const bodyBytes = cat(bytesField(1, any), bytesField(2, memo))
  const fee = cat(bytesField(1, coin('uatom', '5000')), Uint8Array.from([(2 << 3) | 0, ...varint(200000)]))
  return { bodyBytes, authInfoBytes: bytesField(2, fee) }
}

/** A FrameClient that runs the frame's real Cosmos module: parse, then the public answer or the card + signature (approved). */
function frameStandIn(opts: { tamper?: (answer: unknown) => unknown } = {}) {
  const calls: { method: string; params: Record<string, unknown>; timeoutMs: number | null | undefined }[] =
    []
  const cards: { title: string; lines: string[] }[] = []
  const frame: FrameClient = {
    async request(payload, o) {
      const p = payload as { method: string; params: Record<string, unknown> }
      calls.push({ method: p.method, params: p.params, timeoutMs: o?.timeoutMs })
      const request = cosmosKeys.parse(payload as unknown as Record<string, unknown>)
      if (!request) throw new Error('the frame would ignore this request')
      const publicKey = await cosmosKeys.publicKey(secret)
      try {
        if (cosmosKeys.publicMethods.includes(request.method)) {
          const answer = cosmosKeys.answerPublic(request, publicKey)
          return opts.tamper ? opts.tamper(answer) : answer
        }
        cards.push(cosmosKeys.describe(request, publicKey))
        const answer = await cosmosKeys.sign(secret, request)
        return opts.tamper ? opts.tamper(answer) : answer
      } catch (error) {
        if (error instanceof ChainWireError)
          throw new EmbeddedFrameError({ code: -32602, message: `Invalid request: ${error.message}` })
        throw error
      }
    },
    destroy() {},
  }
  return { frame, calls, cards }
}

const noPrefix = {
  ...hub,
  caipNetworkId: 'cosmos:nowhere-1',
  cosmos: { ...hub.cosmos, bech32Prefix: 'Bad!' },
}
async function open(
  chains: CaipNetworkId[] = [hub.caipNetworkId, osmo.caipNetworkId],
  stand = frameStandIn(),
): Promise<{ channel: RequestChannel; stand: ReturnType<typeof frameStandIn> }> {
  const channel = await openCosmosChannel({
    chains,
    frame: () => stand.frame,
    networks: () => [hub, osmo, noPrefix] as unknown as Network[],
    rpc: {},
    on: () => () => {},
  })
  if (!channel) throw new Error('no channel')
  return { channel, stand }
}

afterEach(() => vi.restoreAllMocks())

describe('embedded wallet Cosmos channel: the Cosmos adapter (channelKeplr) over the frame’s Cosmos module', () => {
  it('on open the frame is asked (no approval) for the account on each chain with that network’s prefix; a network without a valid prefix is left out and logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { channel, stand } = await open([hub.caipNetworkId, osmo.caipNetworkId, 'cosmos:nowhere-1'])
    expect(stand.calls.map((c) => [c.method, c.params, c.timeoutMs])).toEqual([
      ['cosmos_getAccounts', { bech32Prefix: 'cosmos' }, undefined],
      ['cosmos_getAccounts', { bech32Prefix: 'osmo' }, undefined],
    ])
    expect(warn).toHaveBeenCalledOnce()
    expect(channel.chains()).toEqual([hub.caipNetworkId, osmo.caipNetworkId])
    expect(channel.accounts()).toEqual([
      `${hub.caipNetworkId}:${OWN}`,
      expect.stringMatching(new RegExp(`^${osmo.caipNetworkId}:osmo1`)),
    ])
    const keplr = channelKeplr(channel, [hub, osmo])
    const key = await keplr.getKey(hub.cosmos.chainId)
    expect(key).toMatchObject({ bech32Address: OWN, algo: 'secp256k1' })
    expect((await keplr.getKey(osmo.cosmos.chainId)).address).toEqual(key.address)
  })

  it('signDirect: the card shows the transfer, the signed doc comes back as asked with the frame’s signature (approval: no time-out)', async () => {
    const { channel, stand } = await open()
    const keplr = channelKeplr(channel, [hub, osmo])
    const tx = msgSendTx(OWN, OTHER, '777', 'over the frame')
    const out = await keplr.signDirect(hub.cosmos.chainId, OWN, {
      chainId: hub.cosmos.chainId,
      accountNumber: 9n,
      ...tx,
    })
    expect(out.signed.bodyBytes).toEqual(tx.bodyBytes)
    expect(stand.cards.at(-1)?.lines).toEqual([
      `Send 777 uatom to ${OTHER}`,
      'Memo: over the frame',
      'Fee: 5000 uatom (gas limit 200000)',
      'Network: portico-hub-1',
    ])
    expect(stand.calls.at(-1)?.timeoutMs).toBeNull()
    // The signature is the frame module's own (RFC 6979: one doc, one signature); the server test verifies it.
    const direct = (await cosmosKeys.sign(
      secret,
      cosmosKeys.parse({
        type: 'cosmos',
        method: 'cosmos_signDirect',
        params: stand.calls.at(-1)!.params,
        chainId: hub.caipNetworkId,
      })!,
    )) as { signature: { signature: string } }
    expect(out.signature.signature).toBe(direct.signature.signature)
    expect(out.signature.pub_key.value).toBe(b64((await keplr.getKey(hub.cosmos.chainId)).pubKey))
  })

  it('signAmino and signArbitrary (ADR-036, verified by the adapter’s verifier) go through as cosmos_signAmino', async () => {
    const { channel, stand } = await open()
    const keplr = channelKeplr(channel, [hub, osmo])
    const doc = {
      chain_id: hub.cosmos.chainId,
      account_number: '9',
      sequence: '0',
      fee: { amount: [{ denom: 'uatom', amount: '5000' }], gas: '200000' },
      msgs: [
        {
          type: 'cosmos-sdk/MsgSend',
          value: { from_address: OWN, to_address: OTHER, amount: [{ denom: 'uatom', amount: '5' }] },
        },
      ],
      memo: '',
    }
    const amino = await keplr.signAmino(hub.cosmos.chainId, OWN, doc)
    expect(amino.signed).toEqual(doc)
    expect(stand.cards.at(-1)?.lines[0]).toBe(`Send 5 uatom to ${OTHER}`)
    const signature = await keplr.signArbitrary(hub.cosmos.chainId, OWN, 'hello from the dApp')
    expect(stand.cards.at(-1)).toEqual({
      title: 'Sign message (Cosmos)',
      lines: [`Signer: ${OWN}`],
      details: [{ label: 'Message', text: 'hello from the dApp' }],
    })
    expect(
      await verifyAdr036Signature({
        signer: OWN,
        data: 'hello from the dApp',
        publicKey: signature.pub_key.value,
        signature: signature.signature,
      }),
    ).toBe(true)
  })

  it('another chain is 5100, another method 5101; a frame refusal (signer not this wallet) reaches the adapter with its code', async () => {
    const { channel } = await open([hub.caipNetworkId])
    await expect(
      channel.request({ method: 'cosmos_getAccounts', chainId: osmo.caipNetworkId }),
    ).rejects.toMatchObject({ code: 5100 })
    await expect(
      channel.request({ method: 'cosmos_signArbitrary', chainId: hub.caipNetworkId }),
    ).rejects.toMatchObject({ code: 5101 })
    const keplr = channelKeplr(channel, [hub])
    await expect(
      keplr.signDirect(hub.cosmos.chainId, OTHER, {
        chainId: hub.cosmos.chainId,
        accountNumber: 1n,
        ...msgSendTx(OTHER, OWN, '1', ''),
      }),
    ).rejects.toMatchObject({ code: -32602, message: 'Invalid request: the signer is not this wallet' })
    await expect(
      channel.request({
        method: 'cosmos_signAmino',
        params: { signerAddress: OWN, signDoc: 'x' },
        chainId: hub.caipNetworkId,
      }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('a frame that answers another doc, another key or accounts with two keys is not believed (INVALID_FRAME_ANSWER)', async () => {
    const changed = frameStandIn({
      tamper: (a) =>
        Array.isArray(a)
          ? a
          : { ...(a as object), signed: { ...(a as { signed: object }).signed, memo: 'changed' } },
    })
    const { channel } = await open([hub.caipNetworkId], changed)
    await expect(
      channelKeplr(channel, [hub]).signAmino(hub.cosmos.chainId, OWN, {
        chain_id: hub.cosmos.chainId,
        account_number: '1',
        sequence: '0',
        fee: { amount: [], gas: '1' },
        msgs: [{ type: 'x/Y', value: {} }],
        memo: 'asked',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_FRAME_ANSWER' })
    let n = 0
    const twoKeys = frameStandIn({
      tamper: (a) => (n++ === 0 ? a : [{ ...(a as object[])[0], pubkey: 'A'.concat('w'.repeat(43)) }]),
    })
    await expect(open(undefined, twoKeys)).rejects.toMatchObject({ code: 'INVALID_FRAME_ANSWER' })
  })
})

describe('Cosmos frame answers and requests, dApp side validators', () => {
  const pubkey = 'AlqBbV0lPQbZ2n0/t3m7uq/CVIZQvt/OkDKNRL2WYIyg'
  it('an account answer is one secp256k1 account on the asked prefix with a 33-byte compressed key', () => {
    const good = [{ address: OWN, algo: 'secp256k1', pubkey }]
    expect(parseCosmosAccounts(good, 'cosmos')).toEqual(good[0])
    expect(parseCosmosAccounts(good, 'osmo')).toBeUndefined()
    expect(parseCosmosAccounts([...good, ...good], 'cosmos')).toBeUndefined()
    expect(parseCosmosAccounts([{ ...good[0], algo: 'ed25519' }], 'cosmos')).toBeUndefined()
    expect(parseCosmosAccounts([{ ...good[0], pubkey: pubkey.slice(4) }], 'cosmos')).toBeUndefined()
    expect(parseCosmosAccounts([{ ...good[0], pubkey: `B${pubkey.slice(1)}` }], 'cosmos')).toBeUndefined()
    expect(parseCosmosAccounts({ 0: good[0] }, 'cosmos')).toBeUndefined()
  })

  it('addresses: checksum, prefix, lowercase and 20 bytes are checked', () => {
    expect(isCosmosAddress(OWN, 'cosmos')).toBe(true)
    expect(isCosmosAddress(`${OWN.slice(0, -1)}${OWN.endsWith('q') ? 'p' : 'q'}`, 'cosmos')).toBe(false)
    expect(isCosmosAddress(OWN.toUpperCase(), 'cosmos')).toBe(false)
    expect(isCosmosAddress(OWN, 'cosmo')).toBe(false)
    expect(isCosmosAddress('cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq', 'cosmos')).toBe(
      false,
    )
  })

  it('a signed answer must carry the doc exactly as asked and a 64-byte signature by the wallet’s key', () => {
    const asked = { a: [1, { b: 'c' }] }
    const signature = {
      signature: 'A'.repeat(88).replace(/AA$/, '=='),
      pub_key: { type: 'tendermint/PubKeySecp256k1', value: pubkey },
    }
    expect(parseCosmosSigned({ signed: { a: [1, { b: 'c' }] }, signature }, asked, pubkey)).toEqual({
      signed: asked,
      signature,
    })
    expect(parseCosmosSigned({ signed: { a: [1, { b: 'd' }] }, signature }, asked, pubkey)).toBeUndefined()
    expect(
      parseCosmosSigned({ signed: { a: [1, { b: 'c', x: 1 }] }, signature }, asked, pubkey),
    ).toBeUndefined()
    expect(
      parseCosmosSigned({ signed: asked, signature: { ...signature, signature: 'AAAA' } }, asked, pubkey),
    ).toBeUndefined()
    expect(
      parseCosmosSigned(
        {
          signed: asked,
          signature: { ...signature, pub_key: { type: 'tendermint/PubKeySecp256k1', value: 'x' } },
        },
        asked,
        pubkey,
      ),
    ).toBeUndefined()
  })

  it('requests the frame would ignore are refused here first: cyclic or oversized amino docs, malformed direct docs', () => {
    const cyclic: Record<string, unknown> = { chain_id: 'a' }
    cyclic.self = cyclic
    expect(aminoParams({ signerAddress: OWN, signDoc: cyclic })).toBeUndefined()
    expect(aminoParams({ signerAddress: OWN, signDoc: { memo: '&'.repeat(12_000) } })).toBeUndefined()
    expect(aminoParams({ signerAddress: OWN, signDoc: { n: 1n } })).toBeUndefined()
    let deep: Record<string, unknown> = {}
    for (let i = 0; i < 30; i++) deep = { v: deep }
    expect(aminoParams({ signerAddress: OWN, signDoc: deep })).toBeUndefined()
    const doc = { chainId: 'portico-hub-1', accountNumber: '1', authInfoBytes: '', bodyBytes: 'CgA=' }
    expect(directParams({ signerAddress: OWN, signDoc: doc })).toEqual({ signerAddress: OWN, signDoc: doc })
    expect(
      directParams({ signerAddress: OWN, signDoc: { ...doc, accountNumber: '18446744073709551616' } }),
    ).toBeUndefined()
    expect(directParams({ signerAddress: OWN, signDoc: { ...doc, bodyBytes: 'CgA' } })).toBeUndefined()
    expect(directParams({ signerAddress: OWN, signDoc: { ...doc, chainId: 'a b' } })).toBeUndefined()
  })
})
