import { pubkeyToAddress, type StdSignDoc, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import { makeSignBytes } from '@cosmjs/proto-signing'
import { AuthInfo } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { describe, expect, it } from 'vitest'
import { COSMOS_PERSONALITIES } from '../personalities/index.js'
import { COSMOS_SIMULATOR_CHAINS, createCosmosSigner, makeAdr036SignDoc } from './index.js'

/** Verifies with CosmJS's secp256k1 (not the signer's code): signature over sha256(bytes) by `pubkey`. */
const verifies = (signature: string, bytes: Uint8Array, pubkey: Uint8Array) =>
  Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(fromBase64(signature)), sha256(bytes), pubkey)

const amountOf = (authInfoBytes: Uint8Array) => AuthInfo.decode(authInfoBytes).fee!.amount[0]!.amount

describe('the Cosmos signing core', () => {
  it('one key per HD index, the same public key under every prefix, the address its key hashes to', async () => {
    const signer = createCosmosSigner()
    const hub = await signer.account('cosmos', 1)
    const osmo = await signer.account('osmo', 1)
    expect(hub.pubkey).toEqual(osmo.pubkey)
    expect(
      pubkeyToAddress({ type: 'tendermint/PubKeySecp256k1', value: toBase64(hub.pubkey) }, 'cosmos'),
    ).toBe(hub.address)
    expect(osmo.address.startsWith('osmo1')).toBe(true)
    await expect(signer.account('cosmos', 3)).rejects.toThrow(RangeError)
    await expect(signer.account('Not A Prefix', 0)).rejects.toThrow(TypeError)
    expect(COSMOS_SIMULATOR_CHAINS.map((c) => c.bech32Prefix)).toEqual(['cosmos', 'osmo'])
  })

  it('direct, amino and ADR-036 signatures verify with CosmJS for the signing key only', async () => {
    const signer = createCosmosSigner()
    const { address, pubkey } = await signer.account('cosmos', 0)
    const other = (await signer.account('cosmos', 1)).pubkey
    const direct = await signer.signDirect('cosmos', 0, {
      bodyBytes: new Uint8Array([1, 2, 3]),
      authInfoBytes: AuthInfo.encode(
        AuthInfo.fromPartial({ fee: { amount: [{ denom: 'uatom', amount: '5000' }], gasLimit: 200_000n } }),
      ).finish(),
      chainId: 'portico-hub-1',
      accountNumber: 7n,
    })
    expect(await verifies(direct.signature.signature, makeSignBytes(direct.signed), pubkey)).toBe(true)
    expect(await verifies(direct.signature.signature, makeSignBytes(direct.signed), other)).toBe(false)
    const doc: StdSignDoc = {
      chain_id: 'portico-hub-1',
      account_number: '7',
      sequence: '0',
      fee: { gas: '200000', amount: [{ denom: 'uatom', amount: '5000' }] },
      msgs: [],
      memo: 'm',
    }
    const amino = await signer.signAmino('cosmos', 0, doc)
    expect(await verifies(amino.signature.signature, serializeSignDoc(amino.signed), pubkey)).toBe(true)
    const arbitrary = await signer.signArbitrary('cosmos', 0, 'Portico')
    const adr036 = serializeSignDoc(makeAdr036SignDoc(address, 'Portico'))
    expect(await verifies(arbitrary.signature, adr036, pubkey)).toBe(true)
    expect(
      await verifies(arbitrary.signature, serializeSignDoc(makeAdr036SignDoc(address, 'portico')), pubkey),
    ).toBe(false)
  })
})

describe('Keplr-style personalities on the core', () => {
  const doc = async (address: string) => ({
    bodyBytes: new Uint8Array([1]),
    authInfoBytes: AuthInfo.encode(
      AuthInfo.fromPartial({ fee: { amount: [{ denom: 'uatom', amount: '5000' }], gasLimit: 200_000n } }),
    ).finish(),
    chainId: 'portico-hub-1',
    accountNumber: 0n,
    address,
  })

  it("Keplr's fee picker replaces the fee unless preferNoSetFee comes with the call or from defaultOptions.sign", async () => {
    const keplr = COSMOS_PERSONALITIES.keplr()
    const address = await keplr.address('portico-hub-1')
    const { address: _, ...signDoc } = await doc(address)
    const picked = await keplr.provider.signDirect('portico-hub-1', address, signDoc)
    expect(amountOf(picked.signed.authInfoBytes)).toBe('10000')
    const kept = await keplr.provider.signDirect('portico-hub-1', address, signDoc, { preferNoSetFee: true })
    expect(amountOf(kept.signed.authInfoBytes)).toBe('5000')
    keplr.provider.defaultOptions = { sign: { preferNoSetFee: true } }
    const byDefault = await keplr.provider.signDirect('portico-hub-1', address, signDoc)
    expect(amountOf(byDefault.signed.authInfoBytes)).toBe('5000')
  })

  it('each installs at its own path and fires its own keystore event on a key switch', async () => {
    const paths = { keplr: 'keplr', leap: 'leap', cosmostation: 'cosmostation.providers.keplr' } as const
    for (const [id, path] of Object.entries(paths) as [keyof typeof paths, string][]) {
      const wallet = COSMOS_PERSONALITIES[id]()
      const win = new EventTarget() as EventTarget & Record<string, unknown>
      const remove = wallet.install(win)
      expect(path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], win)).toBe(
        wallet.provider,
      )
      const fired = new Promise((resolve) => win.addEventListener(wallet.profile.keystoreEvent, resolve))
      wallet.switchAccount(1)
      await fired
      expect(wallet.profile.keystoreEvent).toBe(`${path.split('.')[0]}_keystorechange`)
      remove()
      expect(
        path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], win),
      ).toBe(undefined)
    }
  })
})
