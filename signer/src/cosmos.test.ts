import { createHmac } from 'node:crypto'
import { encodeSecp256k1Pubkey, pubkeyToAddress, type StdSignDoc, serializeSignDoc } from '@cosmjs/amino'
import {
  DirectSecp256k1HdWallet,
  encodePubkey,
  makeAuthInfoBytes,
  makeCosmoshubPath,
  makeSignBytes,
} from '@cosmjs/proto-signing'
import { SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import {
  cosmosAdapter,
  cosmosLocalHub,
  cosmosLocalOsmo,
  makeAdr036SignDoc,
  verifyAdr036Signature,
} from '@portico/adapter-cosmos'
import type { CaipAddress, CaipNetworkId, RequestChannel } from '@portico/core'
import { COSMOS_DEV_MNEMONIC, type CosmosDevnet, startCosmosDevnet } from '@portico/devnet'
import { createTestContext } from '@portico/devnet/test-helpers'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { TxBody } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChainRequest, ChainWireError } from './chain-keys.js'
import { COSMOS_DERIVATION, cosmosKeys } from './cosmos/index.js'
import { COSMOS_FRAME_CATALOGUE } from './cosmos/strings.js'

const HUB = 'portico-hub-1'
const CHAIN = `cosmos:${HUB}`
const secret = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const fromB64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'))
const other = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu'

function parse(payload: Record<string, unknown>): ChainRequest {
  const request = cosmosKeys.parse({ type: 'cosmos', chainId: CHAIN, ...payload })
  if (!request) throw new Error('the request did not parse')
  return request
}

async function account(prefix = 'cosmos') {
  const publicKey = await cosmosKeys.publicKey(secret)
  const [a] = cosmosKeys.answerPublic(
    parse({ method: 'cosmos_getAccounts', params: { bech32Prefix: prefix } }),
    publicKey,
  ) as {
    address: string
    algo: string
    pubkey: string
  }[]
  return { ...a!, publicKey }
}

/** A MsgSend transaction as CosmJS builds it (body, auth info), for this wallet's key. */
function directDoc(from: string, pubkey: string, opts: { memo?: string; chainId?: string } = {}) {
  const bodyBytes = TxBody.encode(
    TxBody.fromPartial({
      messages: [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: MsgSend.encode({
            fromAddress: from,
            toAddress: other,
            amount: [{ denom: 'uatom', amount: '1234' }],
          }).finish(),
        },
      ],
      memo: opts.memo ?? '',
    }),
  ).finish()
  const authInfoBytes = makeAuthInfoBytes(
    [{ pubkey: encodePubkey(encodeSecp256k1Pubkey(fromB64(pubkey))), sequence: 3 }],
    [{ denom: 'uatom', amount: '5000' }],
    200000,
    undefined,
    undefined,
  )
  return {
    chainId: opts.chainId ?? HUB,
    accountNumber: '7',
    authInfoBytes: b64(authInfoBytes),
    bodyBytes: b64(bodyBytes),
  }
}

function aminoDoc(from: string, overrides: Partial<StdSignDoc> = {}): StdSignDoc {
  return {
    chain_id: HUB,
    account_number: '7',
    sequence: '3',
    fee: { amount: [{ denom: 'uatom', amount: '5000' }], gas: '200000' },
    msgs: [
      {
        type: 'cosmos-sdk/MsgSend',
        value: { from_address: from, to_address: other, amount: [{ denom: 'uatom', amount: '1234' }] },
      },
    ],
    memo: 'a <b> & c',
    ...overrides,
  }
}

type Signed = { signed: unknown; signature: { signature: string; pub_key: { type: string; value: string } } }

describe('embedded wallet, Cosmos key (issue 14: secp256k1 for Cosmos from the same 2-of-3 secret)', () => {
  it('the key is HMAC-SHA-256 of the secret under the Cosmos label, not the EVM key; its address is pinned and is what CosmJS makes of the public key', async () => {
    const a = await account()
    const expected = createHmac('sha256', COSMOS_DERIVATION).update(secret).digest()
    expect(a.publicKey).toBe(Buffer.from(secp256k1.getPublicKey(expected, true)).toString('hex'))
    // The EVM key is the secret itself: the Cosmos key must be another one.
    expect(a.publicKey).not.toBe(Buffer.from(secp256k1.getPublicKey(secret, true)).toString('hex'))
    expect(a.algo).toBe('secp256k1')
    expect(fromB64(a.pubkey)).toEqual(new Uint8Array(Buffer.from(a.publicKey, 'hex')))
    expect(a.address).toBe(pubkeyToAddress(encodeSecp256k1Pubkey(fromB64(a.pubkey)), 'cosmos'))
    // A wallet's Cosmos address never changes across releases: this secret's is pinned.
    expect(a.address).toMatchInlineSnapshot(`"cosmos1hvvtm3jd4rgn6rxs9ntc0jqvewza3se772jw8u"`)
    // One key for every chain: the prefix changes, the 20 bytes do not.
    const osmo = await account('osmo')
    expect(osmo.address).toBe(pubkeyToAddress(encodeSecp256k1Pubkey(fromB64(a.pubkey)), 'osmo'))
  })

  it('key export: the 32-byte private key as hex, whose public key is the wallet’s; the note names the cosmos1 address', async () => {
    const a = await account()
    const exported = await cosmosKeys.exportKey(secret)
    expect(exported.key).toMatch(/^[0-9a-f]{64}$/)
    expect(Buffer.from(secp256k1.getPublicKey(Buffer.from(exported.key, 'hex'), true)).toString('hex')).toBe(
      a.publicKey,
    )
    expect(exported.label).toBe('Cosmos private key (hex)')
    expect(exported.note).toContain(a.address)
    // The secret exported from is untouched (the caller wipes it).
    expect(secret).toEqual(Uint8Array.from({ length: 32 }, (_, i) => i + 1))
  })

  it('a direct MsgSend is shown by amount, receiver, memo, fee and chain; the signature is a low-S secp256k1 signature over the SignDoc bytes CosmJS makes', async () => {
    const a = await account()
    const doc = directDoc(a.address, a.pubkey, { memo: '<img src=x onerror=alert(1)>' })
    const request = parse({ method: 'cosmos_signDirect', params: { signerAddress: a.address, signDoc: doc } })
    expect(cosmosKeys.describe(request, a.publicKey)).toEqual({
      title: 'Sign transaction (Cosmos)',
      lines: [
        `Send 1234 uatom to ${other}`,
        'Memo: <img src=x onerror=alert(1)>',
        'Fee: 5000 uatom (gas limit 200000)',
        `Network: ${HUB}`,
      ],
    })
    const out = (await cosmosKeys.sign(secret, request)) as Signed
    expect(out.signed).toEqual(doc)
    expect(out.signature.pub_key).toEqual({ type: 'tendermint/PubKeySecp256k1', value: a.pubkey })
    const signBytes = makeSignBytes({
      chainId: HUB,
      accountNumber: 7n,
      authInfoBytes: fromB64(doc.authInfoBytes),
      bodyBytes: fromB64(doc.bodyBytes),
    })
    const sig = fromB64(out.signature.signature)
    expect(sig).toHaveLength(64)
    expect(secp256k1.verify(sig, sha256(signBytes), fromB64(a.pubkey), { lowS: true })).toBe(true)
  })

  it('an amino MsgSend is signed over sha256 of the canonical JSON (CosmJS serializeSignDoc, & < > escaped) and answered with the doc as asked', async () => {
    const a = await account()
    const doc = aminoDoc(a.address, {
      msgs: [
        ...aminoDoc(a.address).msgs,
        { type: 'cosmos-sdk/MsgDelegate', value: { delegator_address: a.address } },
      ],
    })
    const request = parse({ method: 'cosmos_signAmino', params: { signerAddress: a.address, signDoc: doc } })
    expect(cosmosKeys.describe(request, a.publicKey).lines).toEqual([
      `Send 1234 uatom to ${other}`,
      'Message: cosmos-sdk/MsgDelegate',
      'Memo: a <b> & c',
      'Fee: 5000 uatom (gas limit 200000)',
      `Network: ${HUB}`,
    ])
    const out = (await cosmosKeys.sign(secret, request)) as Signed
    expect(out.signed).toEqual(doc)
    const hash = sha256(serializeSignDoc(doc))
    expect(secp256k1.verify(fromB64(out.signature.signature), hash, fromB64(a.pubkey), { lowS: true })).toBe(
      true,
    )
  })

  it('an ADR-036 doc is shown as a message (text as text, bytes as hex) and the adapter’s own verifier accepts the signature', async () => {
    const a = await account()
    const text = 'Sign in to example.org\nnonce: 42'
    const request = parse({
      method: 'cosmos_signAmino',
      params: { signerAddress: a.address, signDoc: makeAdr036SignDoc(a.address, text) },
    })
    expect(cosmosKeys.describe(request, a.publicKey)).toEqual({
      title: 'Sign message (Cosmos)',
      lines: [`Signer: ${a.address}`],
      details: [{ label: 'Message', text }],
    })
    const out = (await cosmosKeys.sign(secret, request)) as Signed
    expect(
      await verifyAdr036Signature({
        signer: a.address,
        data: text,
        publicKey: out.signature.pub_key.value,
        signature: out.signature.signature,
      }),
    ).toBe(true)
    const binary = parse({
      method: 'cosmos_signAmino',
      params: {
        signerAddress: a.address,
        signDoc: makeAdr036SignDoc(a.address, Uint8Array.from([0, 1, 0xff])),
      },
    })
    expect(cosmosKeys.describe(binary, a.publicKey).details?.[0]?.text).toBe('0001ff')
  })

  it('refuses (ChainWireError) a doc for another chain, a signer that is not this wallet, body bytes that are not a body, and a doctored ADR-036 doc', async () => {
    const a = await account()
    const refuse = (payload: Record<string, unknown>) => {
      const request = parse(payload)
      expect(() => cosmosKeys.describe(request, a.publicKey)).toThrow(ChainWireError)
      return expect(cosmosKeys.sign(secret, request)).rejects.toBeInstanceOf(ChainWireError)
    }
    const direct = directDoc(a.address, a.pubkey)
    await refuse({
      method: 'cosmos_signDirect',
      params: { signerAddress: a.address, signDoc: { ...direct, chainId: 'portico-osmo-1' } },
    })
    await refuse({ method: 'cosmos_signDirect', params: { signerAddress: other, signDoc: direct } })
    await refuse({
      method: 'cosmos_signDirect',
      params: {
        signerAddress: a.address,
        signDoc: { ...direct, bodyBytes: b64(Uint8Array.from([0xff, 0xff, 0xff, 0x07])) },
      },
    })
    // Bytes that decode as a body with no message (here: an auth info) are not a transaction either.
    await refuse({
      method: 'cosmos_signDirect',
      params: { signerAddress: a.address, signDoc: { ...direct, bodyBytes: direct.authInfoBytes } },
    })
    await refuse({
      method: 'cosmos_signAmino',
      params: { signerAddress: a.address, signDoc: aminoDoc(a.address, { chain_id: 'portico-osmo-1' }) },
    })
    await refuse({
      method: 'cosmos_signAmino',
      params: { signerAddress: other, signDoc: aminoDoc(a.address) },
    })
    // An ADR-036 message with a fee or a chain could be a transaction: refused.
    await refuse({
      method: 'cosmos_signAmino',
      params: { signerAddress: a.address, signDoc: { ...makeAdr036SignDoc(a.address, 'x'), chain_id: HUB } },
    })
    await refuse({
      method: 'cosmos_signAmino',
      params: { signerAddress: a.address, signDoc: makeAdr036SignDoc(other, 'x') },
    })
  })
})

describe('signer frame protocol, frame side: Cosmos requests are schema-checked and capped', () => {
  const addr = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu'
  const direct = { chainId: HUB, accountNumber: '1', authInfoBytes: 'AA==', bodyBytes: 'CgA=' }
  it('accepts the three methods', () => {
    expect(
      cosmosKeys.parse({
        type: 'cosmos',
        method: 'cosmos_getAccounts',
        params: { bech32Prefix: 'osmo' },
        chainId: CHAIN,
      }),
    ).toEqual({
      type: 'cosmos',
      method: 'cosmos_getAccounts',
      params: { bech32Prefix: 'osmo' },
      chainId: CHAIN,
    })
    expect(
      cosmosKeys.parse({
        type: 'cosmos',
        method: 'cosmos_signDirect',
        params: { signerAddress: addr, signDoc: direct },
        chainId: CHAIN,
      })?.type,
    ).toBe('cosmos')
    expect(
      cosmosKeys.parse({
        type: 'cosmos',
        method: 'cosmos_signAmino',
        params: { signerAddress: addr, signDoc: aminoDoc(addr) },
        chainId: CHAIN,
      })?.type,
    ).toBe('cosmos')
  })

  const cyclic: Record<string, unknown> = { ...aminoDoc(addr) }
  cyclic.msgs = [{ type: 'x', value: cyclic }]
  let deep: Record<string, unknown> = {}
  for (let i = 0; i < 40; i++) deep = { v: deep }
  it.each([
    ['another method', { method: 'cosmos_signArbitrary', params: { signerAddress: addr, signDoc: direct } }],
    ['a bad prefix', { method: 'cosmos_getAccounts', params: { bech32Prefix: 'Cosmos' } }],
    [
      'a chain that is not cosmos',
      { method: 'cosmos_getAccounts', params: { bech32Prefix: 'cosmos' }, chainId: 'eip155:1' },
    ],
    [
      'a signer that is not bech32-shaped',
      { method: 'cosmos_signDirect', params: { signerAddress: 'cosmos1<b>', signDoc: direct } },
    ],
    [
      'an account number over uint64',
      {
        method: 'cosmos_signDirect',
        params: { signerAddress: addr, signDoc: { ...direct, accountNumber: '18446744073709551616' } },
      },
    ],
    [
      'body bytes not base64',
      {
        method: 'cosmos_signDirect',
        params: { signerAddress: addr, signDoc: { ...direct, bodyBytes: 'CgA' } },
      },
    ],
    [
      'a body over 64 KiB',
      {
        method: 'cosmos_signDirect',
        params: { signerAddress: addr, signDoc: { ...direct, bodyBytes: 'A'.repeat(87_384 + 4) } },
      },
    ],
    [
      'auth info over 8 KiB',
      {
        method: 'cosmos_signDirect',
        params: { signerAddress: addr, signDoc: { ...direct, authInfoBytes: 'A'.repeat(10_924 + 4) } },
      },
    ],
    [
      'an amino doc with no message',
      {
        method: 'cosmos_signAmino',
        params: { signerAddress: addr, signDoc: { ...aminoDoc(addr), msgs: [] } },
      },
    ],
    [
      'an amino doc with an unknown field',
      {
        method: 'cosmos_signAmino',
        params: { signerAddress: addr, signDoc: { ...aminoDoc(addr), extra: '1' } },
      },
    ],
    [
      'an amino fee that is not coins',
      {
        method: 'cosmos_signAmino',
        params: {
          signerAddress: addr,
          signDoc: { ...aminoDoc(addr), fee: { amount: [{ denom: 'uatom', amount: -1 }], gas: '1' } },
        },
      },
    ],
    [
      'an amino doc over 64 KiB',
      {
        method: 'cosmos_signAmino',
        params: {
          signerAddress: addr,
          signDoc: aminoDoc(addr, { msgs: [{ type: 'x', value: { s: 'a'.repeat(70_000) } }] }),
        },
      },
    ],
    ['a cyclic amino doc', { method: 'cosmos_signAmino', params: { signerAddress: addr, signDoc: cyclic } }],
    [
      'an amino doc nested too deep',
      {
        method: 'cosmos_signAmino',
        params: { signerAddress: addr, signDoc: aminoDoc(addr, { msgs: [{ type: 'x', value: deep }] }) },
      },
    ],
    [
      'an amino doc holding a non-JSON value',
      {
        method: 'cosmos_signAmino',
        params: {
          signerAddress: addr,
          signDoc: aminoDoc(addr, { msgs: [{ type: 'x', value: { d: new Date(0) } }] }),
        },
      },
    ],
    ['params as a list', { method: 'cosmos_getAccounts', params: ['cosmos'] }],
  ])('ignores %s', (_name, body) => {
    expect(cosmosKeys.parse({ type: 'cosmos', chainId: CHAIN, ...body })).toBeUndefined()
  })
})

describe("the signer frame's Cosmos catalogue", () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
  it.each(Object.entries(COSMOS_FRAME_CATALOGUE))(
    '%s has every key of the English catalogue, none empty, with the same placeholders',
    (_locale, strings) => {
      const en = COSMOS_FRAME_CATALOGUE.en
      expect(Object.keys(strings).sort()).toEqual(Object.keys(en).sort())
      for (const [key, value] of Object.entries(strings)) {
        expect(value.trim(), key).not.toBe('')
        expect(placeholders(value), key).toEqual(placeholders(en[key as keyof typeof en]))
      }
    },
  )
})

describe('the Cosmos key through the real adapter flow, broadcast to the Cosmos simulator', () => {
  let sim: CosmosDevnet
  beforeAll(async () => {
    sim = await startCosmosDevnet()
  }, 60_000)
  afterAll(() => sim?.stop())

  /** The frame's Cosmos side behind a request channel: parse, then the public answer or describe + sign (approved). */
  function frameChannel(chains: CaipNetworkId[], granted: CaipAddress[], prefixes: Record<string, string>) {
    const shown: string[][] = []
    const channel: RequestChannel = {
      namespace: 'cosmos',
      chains: () => chains,
      accounts: () => granted,
      on: () => () => {},
      async request<T>({
        method,
        params,
        chainId,
      }: {
        method: string
        params?: unknown
        chainId: CaipNetworkId
      }) {
        const p = method === 'cosmos_getAccounts' ? { bech32Prefix: prefixes[chainId] } : params
        const request = cosmosKeys.parse({
          type: 'cosmos',
          method,
          params: p as Record<string, unknown>,
          chainId,
        })
        if (!request) throw Object.assign(new Error('ignored'), { code: -32602 })
        const publicKey = await cosmosKeys.publicKey(secret)
        if (cosmosKeys.publicMethods.includes(method)) return cosmosKeys.answerPublic(request, publicKey) as T
        shown.push(cosmosKeys.describe(request, publicKey).lines)
        return (await cosmosKeys.sign(secret, request)) as T
      },
    }
    return { channel, shown }
  }

  it.each(['direct', 'amino'] as const)(
    'a MsgSend (%s) signed by the frame module lands: the receiver gains the amount, the card showed it',
    async (signMode) => {
      const hub = cosmosLocalHub({ rpcUrl: sim.chains[0]!.rpcUrl, restUrl: sim.chains[0]!.restUrl })
      const osmo = cosmosLocalOsmo({ rpcUrl: sim.chains[1]!.rpcUrl, restUrl: sim.chains[1]!.restUrl })
      const own = (await account()).address
      // Fund the wallet's Cosmos address from a dev account (gas and the amount).
      const dev = await DirectSecp256k1HdWallet.fromMnemonic(COSMOS_DEV_MNEMONIC, {
        prefix: 'cosmos',
        hdPaths: [makeCosmoshubPath(0)],
      })
      const funder = await SigningStargateClient.connectWithSigner(hub.rpcUrls.default.http[0]!, dev, {
        broadcastPollIntervalMs: 50,
      })
      const devAddress = (await dev.getAccounts())[0]!.address
      const funded = await funder.sendTokens(devAddress, own, [{ denom: 'uatom', amount: '1000000' }], {
        amount: [{ denom: 'uatom', amount: '5000' }],
        gas: '200000',
      })
      expect(funded.code).toBe(0)
      funder.disconnect()

      const { channel, shown } = frameChannel([hub.caipNetworkId], [`${hub.caipNetworkId}:${own}`], {
        [hub.caipNetworkId]: 'cosmos',
      })
      const adapter = cosmosAdapter({ networks: [hub, osmo], signMode })
      await adapter.setup(createTestContext({ namespace: 'cosmos' }).ctx)
      const connectorId = 'walletConnect'
      const { accounts } = await adapter.connect({ connectorId, caipNetworkId: hub.caipNetworkId, channel })
      expect(accounts[0]!.address).toBe(own)
      const to = sim.fixtures.accounts[2]!.addresses[HUB]!
      const client = await StargateClient.connect(hub.rpcUrls.default.http[0]!)
      const before = BigInt((await client.getBalance(to, 'uatom')).amount)
      const hash = await adapter.sendTransaction({
        connectorId,
        request: { to, amount: [{ denom: 'uatom', amount: '4321' }], memo: signMode },
      })
      const outcome = await adapter.waitForTransaction!({ hash, caipNetworkId: hub.caipNetworkId })
      expect(outcome.status).toBe('succeeded')
      expect(BigInt((await client.getBalance(to, 'uatom')).amount) - before).toBe(4321n)
      expect(shown.at(-1)).toContain(`Send 4321 uatom to ${to}`)
      expect(shown.at(-1)).toContain(`Memo: ${signMode}`)
      client.disconnect()
    },
  )
})
