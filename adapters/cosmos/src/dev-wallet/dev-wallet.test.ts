import { SigningStargateClient } from '@cosmjs/stargate'
import { type CosmosDevnet, startCosmosDevnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyAdr036Signature } from '../sign-message/index.js'
import { createCosmosDevWallet } from './index.js'

let sim: CosmosDevnet
const HUB = 'portico-hub-1'
const OSMO = 'portico-osmo-1'
const fee = { amount: [{ denom: 'uatom', amount: '5000' }], gas: '200000' }

beforeAll(async () => {
  sim = await startCosmosDevnet()
})
afterAll(() => sim?.stop())

const devWallet = (opts: { aminoOnly?: boolean; only?: string[] } = {}) =>
  createCosmosDevWallet({
    chains: sim.chains
      .filter((c) => !opts.only || opts.only.includes(c.chainId))
      .map((c) => ({ chainId: c.chainId, bech32Prefix: c.bech32Prefix, rpc: c.rpcUrl, rest: c.restUrl })),
    aminoOnly: opts.aminoOnly,
  })

describe('Cosmos dev wallet (Keplr API over CosmJS HD wallets)', () => {
  it('enable + getKey give the funded dev key: same public key on both chains, address per prefix', async () => {
    const dev = devWallet()
    await dev.keplr.enable([HUB, OSMO])
    const hub = await dev.keplr.getKey(HUB)
    const osmo = await dev.keplr.getKey(OSMO)
    expect(hub.bech32Address).toBe(sim.fixtures.accounts[0]!.addresses[HUB])
    expect(osmo.bech32Address).toBe(sim.fixtures.accounts[0]!.addresses[OSMO])
    expect(hub.pubKey).toEqual(osmo.pubKey)
    expect(Buffer.from(hub.pubKey).toString('hex')).toBe(sim.fixtures.accounts[0]!.publicKey)
    expect(hub).toMatchObject({ algo: 'secp256k1', isNanoLedger: false })
    await expect(dev.keplr.enable('unknown-1')).rejects.toThrow('There is no chain info for unknown-1')
  })

  it('signArbitrary is an ADR-036 signature that verifies for the signer and fails for other data', async () => {
    const dev = devWallet()
    const signer = await dev.address(HUB)
    const signed = await dev.keplr.signArbitrary(HUB, signer, 'Sign in to Portico')
    const args = { signer, publicKey: signed.pub_key.value, signature: signed.signature }
    expect(await verifyAdr036Signature({ ...args, data: 'Sign in to Portico' })).toBe(true)
    expect(await verifyAdr036Signature({ ...args, data: 'Sign in to Portico!' })).toBe(false)
    expect(
      await verifyAdr036Signature({
        ...args,
        data: 'Sign in to Portico',
        signer: sim.fixtures.accounts[1]!.addresses[HUB]!,
      }),
    ).toBe(false)
  })

  it('its offline signers drive SigningStargateClient against the simulator, direct and amino', async () => {
    const dev = devWallet()
    await dev.keplr.enable(HUB)
    const from = await dev.address(HUB)
    const to = sim.fixtures.accounts[1]!.addresses[HUB]!
    for (const signer of [dev.keplr.getOfflineSigner(HUB), dev.keplr.getOfflineSignerOnlyAmino(HUB)]) {
      const client = await SigningStargateClient.connectWithSigner(sim.chains[0]!.rpcUrl, signer, {
        broadcastPollIntervalMs: 50,
      })
      const result = await client.sendTokens(from, to, [{ denom: 'uatom', amount: '10' }], fee)
      expect(result.code).toBe(0)
      client.disconnect()
    }
    expect(dev.requests).toContain('signDirect')
    expect(dev.requests).toContain('signAmino')
  })

  it('behaviour switch: reject-next fails once with Keplr\'s "Request rejected", hold waits for release or reject', async () => {
    const dev = devWallet()
    dev.rejectNext()
    await expect(dev.keplr.enable(HUB)).rejects.toThrow(/^Request rejected$/)
    expect(dev.enabled).toEqual([])
    await dev.keplr.enable(HUB)
    expect(dev.enabled).toEqual([HUB])
    const signer = await dev.address(HUB)
    dev.setBehaviour('hold')
    const first = dev.keplr.signArbitrary(HUB, signer, 'one')
    const second = dev.keplr.signArbitrary(HUB, signer, 'two')
    const held = await dev.nextHeld()
    expect(held.method).toBe('signArbitrary')
    await new Promise((r) => setTimeout(r, 20))
    expect(dev.pending).toHaveLength(2)
    dev.pending[1]!.reject()
    await expect(second).rejects.toThrow('Request rejected')
    dev.releaseAll()
    expect((await first).signature).toMatch(/^[A-Za-z0-9+/]{86}==$/)
  })

  it('experimentalSuggestChain adds an unknown chain after approval; bad chain info is refused', async () => {
    const dev = devWallet({ only: [HUB] })
    await expect(dev.keplr.getKey(OSMO)).rejects.toThrow(`There is no chain info for ${OSMO}`)
    const osmo = sim.chains[1]!
    await expect(dev.keplr.experimentalSuggestChain({ chainId: OSMO } as never)).rejects.toThrow(
      'Invalid chain info',
    )
    await dev.keplr.experimentalSuggestChain({
      chainId: OSMO,
      chainName: 'Osmo',
      rpc: osmo.rpcUrl,
      rest: osmo.restUrl,
      bip44: { coinType: 118 },
      bech32Config: {
        bech32PrefixAccAddr: 'osmo',
        bech32PrefixAccPub: 'osmopub',
        bech32PrefixValAddr: 'osmovaloper',
        bech32PrefixValPub: 'osmovaloperpub',
        bech32PrefixConsAddr: 'osmovalcons',
        bech32PrefixConsPub: 'osmovalconspub',
      },
      currencies: [{ coinDenom: 'OSMO', coinMinimalDenom: 'uosmo', coinDecimals: 6 }],
      feeCurrencies: [{ coinDenom: 'OSMO', coinMinimalDenom: 'uosmo', coinDecimals: 6 }],
    })
    expect((await dev.keplr.getKey(OSMO)).bech32Address).toBe(sim.fixtures.accounts[0]!.addresses[OSMO])
  })

  it('a Ledger-style (amino only) account reports isNanoLedger and refuses direct signing', async () => {
    const dev = devWallet({ aminoOnly: true })
    const key = await dev.keplr.getKey(HUB)
    expect(key.isNanoLedger).toBe(true)
    await expect(
      dev.keplr.signDirect(HUB, key.bech32Address, {
        bodyBytes: new Uint8Array(),
        authInfoBytes: new Uint8Array(),
        chainId: HUB,
        accountNumber: 0n,
      }),
    ).rejects.toThrow(/amino/)
  })

  it('selectAccount switches the key and dispatches keplr_keystorechange on the window it is installed on', async () => {
    const dev = devWallet()
    const target = new EventTarget()
    const uninstall = dev.install(target)
    expect((target as unknown as { keplr: unknown }).keplr).toBe(dev.keplr)
    let changes = 0
    target.addEventListener('keplr_keystorechange', () => changes++)
    dev.selectAccount(1)
    expect(changes).toBe(1)
    expect(await dev.address(HUB)).toBe(sim.fixtures.accounts[1]!.addresses[HUB])
    expect(() => dev.selectAccount(7)).toThrow('no dev account 7')
    uninstall()
    expect((target as unknown as { keplr?: unknown }).keplr).toBeUndefined()
  })

  it('setsOwnFee: like Keplr’s fee picker, the wallet signs its own fee (twice the asked) unless asked preferNoSetFee', async () => {
    const dev = createCosmosDevWallet({
      chains: sim.chains.map((c) => ({ chainId: c.chainId, bech32Prefix: c.bech32Prefix })),
      setsOwnFee: true,
    })
    await dev.keplr.enable(HUB)
    const signer = sim.fixtures.accounts[0]!.addresses[HUB]!
    const doc = {
      chain_id: HUB,
      account_number: '0',
      sequence: '0',
      fee,
      msgs: [{ type: 'cosmos-sdk/MsgSend', value: { from_address: signer, to_address: signer, amount: [] } }],
      memo: '',
    }
    const own = await dev.keplr.signAmino(HUB, signer, doc)
    expect(own.signed.fee.amount).toEqual([{ denom: 'uatom', amount: '10000' }])
    const kept = await dev.keplr.signAmino(HUB, signer, doc, { preferNoSetFee: true })
    expect(kept.signed.fee).toEqual(fee)
  })
})
