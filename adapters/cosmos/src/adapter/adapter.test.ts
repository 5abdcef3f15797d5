import { encodeSecp256k1Pubkey } from '@cosmjs/amino'
import { fromHex } from '@cosmjs/encoding'
import { encodePubkey, makeAuthInfoBytes, makeSignDoc, Registry } from '@cosmjs/proto-signing'
import { defaultRegistryTypes, StargateClient } from '@cosmjs/stargate'
import { NetworkRequestError, UserRejectedRequestError } from '@portico/core'
import type { CosmosDevnet } from '@portico/devnet'
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { beforeAll, describe, expect, it } from 'vitest'
import { InvalidCosmosAddressError } from '../address/index.js'
import { CosmosTransactionError, InvalidWalletResponseError } from '../errors/index.js'
import { type CosmosNetwork, cosmosLocalHub } from '../networks/index.js'
import { verifyAdr036Signature } from '../sign-message/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { setupDevWallet, useCosmosSimulator } from '../test-helpers/simulator.js'
import { cosmosAdapter } from './index.js'

const HUB = 'portico-hub-1'
const OSMO = 'portico-osmo-1'
const env = useCosmosSimulator()
let sim: CosmosDevnet
let hub: CosmosNetwork
let osmo: CosmosNetwork
beforeAll(() => {
  ;({ sim, hub, osmo } = env())
})
const setup = (opts: Parameters<typeof setupDevWallet>[1] = {}) => setupDevWallet(env(), opts)

const fixture = (i: number, chainId = HUB) => sim.fixtures.accounts[i]!.addresses[chainId]!

describe('cosmosAdapter against the Cosmos simulator with the dev wallet', () => {
  it('discovers window.keplr and connects: enable, getKey, a CAIP-10 account with the chain prefix and key', async () => {
    const { adapter, test, dev, connectorId } = await setup()
    expect(test.latest().map((c) => [c.id, c.name, c.chain])).toEqual([[connectorId, 'Keplr', 'cosmos']])
    const result = await adapter.connect({ connectorId })
    expect(result.caipNetworkId).toBe('cosmos:portico-hub-1')
    expect(result.accounts).toEqual([
      {
        namespace: 'cosmos',
        address: fixture(0),
        caipAddress: `cosmos:${HUB}:${fixture(0)}`,
        type: 'eoa',
        publicKey: `0x${sim.fixtures.accounts[0]!.publicKey}`,
        addressType: 'secp256k1',
      },
    ])
    expect(result.wallet?.name).toBe('Keplr')
    expect(dev.enabled).toEqual([HUB])
    expect((await adapter.getAccounts({ connectorId })).accounts[0]!.address).toBe(fixture(0))
  })

  it('connect with chainIds enables every chain in one prompt; an unknown chain is suggested from the network', async () => {
    const { adapter, dev, connectorId } = await setup({ only: [HUB] })
    const result = await adapter.connect({
      connectorId,
      caipNetworkId: osmo.caipNetworkId,
      options: { chainIds: [HUB] },
    })
    expect(result.accounts[0]!.address).toBe(fixture(0, OSMO))
    expect(dev.requests).toContain('experimentalSuggestChain')
    expect(dev.chainIds).toContain(OSMO)
    expect([...dev.enabled].sort()).toEqual([HUB, OSMO].sort())
  })

  it('switchNetwork re-reads the account: new prefix, same key, announced with chainChanged', async () => {
    const { adapter, connectorId } = await setup()
    const first = await adapter.connect({ connectorId })
    const events: unknown[] = []
    adapter.on('chainChanged', (e) => events.push(e))
    const switched = await adapter.switchNetwork!({ connectorId, caipNetworkId: osmo.caipNetworkId })
    expect(switched.status).toBe('switched')
    const account = switched.status === 'switched' ? switched.accounts![0]! : undefined
    expect(account?.address).toBe(fixture(0, OSMO))
    expect(account?.caipAddress).toBe(`cosmos:${OSMO}:${fixture(0, OSMO)}`)
    expect(account?.publicKey).toBe(first.accounts[0]!.publicKey)
    expect(events).toEqual([{ connectorId, caipNetworkId: osmo.caipNetworkId, accounts: [account] }])
  })

  it('balances: the fee coin in display units (SPEC §5, 3 decimals truncated); token balances are the other denoms with their symbols', async () => {
    const { adapter } = await setup()
    const address = fixture(2, OSMO)
    expect(await adapter.getBalance({ address, caipNetworkId: osmo.caipNetworkId })).toEqual({
      value: 1_000_000_000_000n,
      decimals: 6,
      symbol: 'OSMO',
      formatted: '1000000.000',
    })
    const holdings = await adapter.getTokenBalances!({
      address: fixture(2),
      caipNetworkId: hub.caipNetworkId,
    })
    // The fee coin is core's native entry (getBalance), so it is not a token too.
    expect(holdings.map((h) => [h.token, h.symbol, h.decimals])).toEqual([['uusdc', 'USDC', 6]])
    const asked = await adapter.getTokenBalances!({
      address: fixture(2),
      caipNetworkId: hub.caipNetworkId,
      tokens: ['uatom', 'uusdc'],
    })
    expect(asked.map((h) => [h.token, h.value])).toEqual([
      ['uatom', 1_000_000_000_000n],
      ['uusdc', 1_000_000_000_000n],
    ])
    await expect(
      adapter.getBalance({ address: fixture(0, OSMO), caipNetworkId: hub.caipNetworkId }),
    ).rejects.toBeInstanceOf(InvalidCosmosAddressError)
  })

  it("a denom missing from the network's currency list is shown in base units and labelled so", async () => {
    const bare = { ...hub, cosmos: { ...hub.cosmos, currencies: [hub.cosmos.currencies[0]!] } }
    const adapter = cosmosAdapter({ networks: [bare] })
    const holdings = await adapter.getTokenBalances!({
      address: fixture(2),
      caipNetworkId: bare.caipNetworkId,
    })
    expect(holdings[0]).toMatchObject({
      token: 'uusdc',
      symbol: 'uusdc',
      decimals: 0,
      name: 'uusdc (unlisted denom, base units)',
    })
  })

  it('signMessage is ADR-036: the signature verifies for the account and the signed bytes are returned', async () => {
    const { adapter, connectorId } = await setup()
    const { accounts } = await adapter.connect({ connectorId })
    const address = accounts[0]!.address
    const signed = await adapter.signMessage({ connectorId, address, message: 'Sign in to Portico' })
    expect(Buffer.from(signed.signature, 'base64')).toHaveLength(64)
    expect(
      await verifyAdr036Signature({
        signer: address,
        data: 'Sign in to Portico',
        publicKey: signed.publicKey!,
        signature: signed.signature,
      }),
    ).toBe(true)
    expect(new TextDecoder().decode(signed.signedMessage)).toContain('"type":"sign/MsgSignData"')
  })

  it('send (direct): estimateFee is the fee paid; the receiver gains the amount, the sender loses amount + fee', async () => {
    const { adapter, connectorId } = await setup()
    const { accounts } = await adapter.connect({ connectorId })
    const from = accounts[0]!.address
    const to = fixture(1)
    const request = { to, amount: [{ denom: 'uatom', amount: 250_000n }], memo: 'portico' }
    const fee = await adapter.estimateFee!({ address: from, caipNetworkId: hub.caipNetworkId, request })
    expect(fee).toMatchObject({ symbol: 'ATOM', decimals: 6 })
    expect(fee.value).toBeGreaterThan(0n)
    const client = await StargateClient.connect(hub.rpcUrls.default.http[0]!)
    const before = {
      from: BigInt((await client.getBalance(from, 'uatom')).amount),
      to: BigInt((await client.getBalance(to, 'uatom')).amount),
    }
    const hash = await adapter.sendTransaction({ connectorId, request })
    expect(hash).toMatch(/^[0-9A-F]{64}$/)
    const outcome = await adapter.waitForTransaction!({ hash, caipNetworkId: hub.caipNetworkId })
    expect(outcome).toMatchObject({ status: 'succeeded', hash, block: expect.stringMatching(/^\d+$/) })
    // The fee charged is the fee previewed (the wallet keeps the adapter's fee; tolerance 0).
    expect(outcome.status === 'succeeded' && outcome.fee?.value).toBe(fee.value)
    expect(BigInt((await client.getBalance(to, 'uatom')).amount) - before.to).toBe(250_000n)
    expect(before.from - BigInt((await client.getBalance(from, 'uatom')).amount)).toBe(250_000n + fee.value)
    client.disconnect()
  })

  it('a send that passes CheckTx and fails at delivery is failed with the ABCI code, codespace and log; the fee is still paid', async () => {
    const { adapter, connectorId } = await setup()
    const { accounts } = await adapter.connect({ connectorId })
    const from = accounts[0]!.address
    const client = await StargateClient.connect(hub.rpcUrls.default.http[0]!)
    const held = BigInt((await client.getBalance(from, 'uatom')).amount)
    // An explicit fee skips simulation, so the overspend reaches the chain: CheckTx (fee, signature,
    // sequence) accepts it, the bank send fails in the block.
    const hash = await adapter.sendTransaction({
      connectorId,
      request: {
        to: fixture(1),
        amount: [{ denom: 'uatom', amount: held * 2n }],
        fee: { amount: [{ denom: 'uatom', amount: '5000' }], gas: '200000' },
      },
    })
    const outcome = await adapter.waitForTransaction!({ hash, caipNetworkId: hub.caipNetworkId })
    expect(outcome).toMatchObject({
      status: 'failed',
      hash,
      reason: { code: 5, message: expect.stringContaining('insufficient funds (sdk code 5)') },
      fee: { value: 5000n, symbol: 'ATOM' },
    })
    if (outcome.status !== 'failed') throw new Error('unreachable')
    expect(JSON.parse(outcome.reason.raw!)).toMatchObject({ code: 5, codespace: 'sdk' })
    expect(BigInt((await client.getBalance(from, 'uatom')).amount)).toBe(held - 5000n)
    client.disconnect()
  })

  it('getReserve: sending a token other than the fee coin keeps the fee of sending all of it, in ATOM (fee-denom); the fee coin itself keeps nothing', async () => {
    const { adapter, connectorId } = await setup()
    const { accounts } = await adapter.connect({ connectorId })
    const address = accounts[0]!.address
    const caipNetworkId = hub.caipNetworkId
    const reserve = await adapter.getReserve!({ address, caipNetworkId, token: 'uusdc' })
    // Priced for the whole USDC balance (the longest amount: gas grows with the message's bytes).
    const client = await StargateClient.connect(hub.rpcUrls.default.http[0]!)
    const held = (await client.getBalance(address, 'uusdc')).amount
    client.disconnect()
    const fee = await adapter.estimateFee!({
      address,
      caipNetworkId,
      request: { to: address, amount: [{ denom: 'uusdc', amount: held }] },
    })
    const small = await adapter.estimateFee!({
      address,
      caipNetworkId,
      request: { to: address, amount: [{ denom: 'uusdc', amount: '1' }] },
    })
    expect(fee.value).toBeGreaterThanOrEqual(small.value)
    expect(reserve).toEqual({
      keep: fee,
      kind: 'fee-denom',
      reason: `The fee is paid in ATOM: keep ${fee.formatted} ATOM for it`,
    })
    expect(fee.symbol).toBe('ATOM')
    expect(await adapter.getReserve!({ address, caipNetworkId })).toBeUndefined()
    expect(await adapter.getReserve!({ address, caipNetworkId, token: 'uatom' })).toBeUndefined()
  })

  it('waitForTransaction: a hash no block has is pending at the time-out; an unreachable node rejects with NetworkRequestError', async () => {
    const { adapter } = await setup()
    const hash = 'AB'.repeat(32)
    expect(
      await adapter.waitForTransaction!({ hash, caipNetworkId: hub.caipNetworkId, timeoutMs: 600 }),
    ).toEqual({ status: 'pending', hash, stage: 'submitted' })
    const down = cosmosLocalHub({ rpcUrl: 'http://127.0.0.1:9', restUrl: 'http://127.0.0.1:9' })
    const offline = cosmosAdapter({ networks: [down], discover: false })
    await offline.setup(createTestContext().ctx)
    await expect(
      offline.waitForTransaction!({ hash, caipNetworkId: down.caipNetworkId, timeoutMs: 400 }),
    ).rejects.toBeInstanceOf(NetworkRequestError)
  })

  it('send (amino) from a Ledger-style account: the adapter picks the amino-only signer and the chain accepts it', async () => {
    const { adapter, dev, connectorId } = await setup({ aminoOnly: true })
    await adapter.connect({ connectorId })
    const hash = await adapter.sendTransaction({
      connectorId,
      request: { to: fixture(2), amount: [{ denom: 'uusdc', amount: '42' }] },
    })
    expect((await adapter.waitForTransaction!({ hash, caipNetworkId: hub.caipNetworkId })).status).toBe(
      'succeeded',
    )
    expect(dev.requests).toContain('signAmino')
    expect(dev.requests).not.toContain('signDirect')
  })

  it('a rejection in the wallet is UserRejectedRequestError; a held request waits until released', async () => {
    const { adapter, dev, connectorId } = await setup()
    dev.rejectNext()
    await expect(adapter.connect({ connectorId })).rejects.toBeInstanceOf(UserRejectedRequestError)
    const { accounts } = await adapter.connect({ connectorId })
    dev.rejectNext()
    await expect(
      adapter.signMessage({ connectorId, address: accounts[0]!.address, message: 'x' }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    dev.rejectNext()
    await expect(
      adapter.sendTransaction({
        connectorId,
        request: { to: fixture(1), amount: [{ denom: 'uatom', amount: '1' }] },
      }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    dev.holdNext()
    const pending = adapter.signMessage({ connectorId, address: accounts[0]!.address, message: 'held' })
    const held = await dev.nextHeld()
    expect(held.method).toBe('signArbitrary')
    held.release()
    expect((await pending).signature).toBeTruthy()
  })

  it("the chain's refusals are typed: an overspend is CosmosTransactionError code 5 (insufficient funds)", async () => {
    const { adapter, connectorId } = await setup()
    await adapter.connect({ connectorId })
    const request = { to: fixture(1), amount: [{ denom: 'uatom', amount: 10n ** 15n }] }
    const estimate = adapter.estimateFee!({ address: fixture(0), caipNetworkId: hub.caipNetworkId, request })
    await expect(estimate).rejects.toBeInstanceOf(CosmosTransactionError)
    await expect(estimate).rejects.toMatchObject({ chainCode: 5, shortMessage: 'Insufficient funds' })
    await expect(adapter.sendTransaction({ connectorId, request })).rejects.toMatchObject({ chainCode: 5 })
  })

  it("bad input is refused before the wallet is asked: another chain's prefix, zero amounts, long memos", async () => {
    const { adapter, dev, connectorId } = await setup()
    await adapter.connect({ connectorId })
    const asked = dev.requests.length
    await expect(
      adapter.sendTransaction({
        connectorId,
        request: { to: fixture(1, OSMO), amount: [{ denom: 'uatom', amount: '1' }] },
      }),
    ).rejects.toBeInstanceOf(InvalidCosmosAddressError)
    await expect(
      adapter.sendTransaction({
        connectorId,
        request: { to: fixture(1), amount: [{ denom: 'uatom', amount: '0' }] },
      }),
    ).rejects.toThrow(/positive integer/)
    await expect(
      adapter.sendTransaction({
        connectorId,
        request: { to: fixture(1), amount: [{ denom: 'uatom', amount: '1' }], memo: 'm'.repeat(257) },
      }),
    ).rejects.toThrow(/256 characters/)
    expect(dev.requests.length).toBe(asked)
  })

  it('malformed wallet answers are typed errors: wrong-prefix key, foreign public key, short signature', async () => {
    const { adapter, dev, connectorId } = await setup()
    const keplr = dev.keplr
    const realGetKey = keplr.getKey.bind(keplr)
    keplr.getKey = async (chainId) => ({ ...(await realGetKey(chainId)), bech32Address: fixture(0, OSMO) })
    await expect(adapter.connect({ connectorId })).rejects.toBeInstanceOf(InvalidWalletResponseError)
    keplr.getKey = async (chainId) => ({
      ...(await realGetKey(chainId)),
      pubKey: fromHex(sim.fixtures.accounts[1]!.publicKey),
    })
    await expect(adapter.connect({ connectorId })).rejects.toThrow(/does not belong to its address/)
    keplr.getKey = realGetKey
    const { accounts } = await adapter.connect({ connectorId })
    const realSign = keplr.signArbitrary.bind(keplr)
    keplr.signArbitrary = async (...args) => {
      const s = await realSign(...args)
      return { ...s, signature: Buffer.from(s.signature, 'base64').subarray(1).toString('base64') }
    }
    await expect(
      adapter.signMessage({ connectorId, address: accounts[0]!.address, message: 'x' }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
  })

  it('a key switch in the wallet (keplr_keystorechange) re-reads the account and emits accountsChanged', async () => {
    const { adapter, dev, connectorId } = await setup()
    await adapter.connect({ connectorId })
    const changed = new Promise((resolve) => adapter.on('accountsChanged', resolve))
    dev.selectAccount(1)
    expect(await changed).toMatchObject({ connectorId, accounts: [{ address: fixture(1) }] })
  })

  it('signTransaction (direct) returns a signature the chain accepts when broadcast; a wallet that signs another body is refused', async () => {
    const { adapter, connectorId, window } = await setup()
    const { accounts } = await adapter.connect({ connectorId })
    const from = accounts[0]!.address
    const client = await StargateClient.connect(hub.rpcUrls.default.http[0]!)
    const { accountNumber, sequence } = (await client.getAccount(from))!
    const registry = new Registry(defaultRegistryTypes)
    const bodyBytes = registry.encode({
      typeUrl: '/cosmos.tx.v1beta1.TxBody',
      value: {
        messages: [
          {
            typeUrl: '/cosmos.bank.v1beta1.MsgSend',
            value: { fromAddress: from, toAddress: fixture(1), amount: [{ denom: 'uatom', amount: '5' }] },
          },
        ],
        memo: '',
      },
    })
    const pubkey = encodePubkey(encodeSecp256k1Pubkey(fromHex(accounts[0]!.publicKey!.slice(2))))
    const authInfoBytes = makeAuthInfoBytes(
      [{ pubkey, sequence }],
      [{ denom: 'uatom', amount: '5000' }],
      200_000,
      undefined,
      undefined,
    )
    const signDoc = makeSignDoc(bodyBytes, authInfoBytes, HUB, accountNumber)
    const result = await adapter.signTransaction!({
      connectorId,
      address: from,
      request: { mode: 'direct', signDoc },
    })
    expect(result.mode).toBe('direct')
    const tx = TxRaw.encode({
      bodyBytes,
      authInfoBytes,
      signatures: [Buffer.from(result.signature, 'base64')],
    }).finish()
    const hash = await client.broadcastTxSync(tx)
    expect(hash).toMatch(/^[0-9A-F]{64}$/)

    // An injected wallet that validly signs another body (memo rewritten) is refused, as over WalletConnect.
    const keplr = (window as unknown as { keplr: { signDirect: (...a: unknown[]) => Promise<unknown> } })
      .keplr
    const honest = keplr.signDirect.bind(keplr)
    keplr.signDirect = (chainId, signer, doc) => {
      const d = doc as { bodyBytes: Uint8Array }
      const rewritten = TxBody.encode({
        ...TxBody.decode(d.bodyBytes),
        memo: 'rewritten by the wallet',
      }).finish()
      return honest(chainId, signer, { ...d, bodyBytes: rewritten })
    }
    const next = (await client.getAccount(from))!
    await expect(
      adapter.signTransaction!({
        connectorId,
        address: from,
        request: {
          mode: 'direct',
          signDoc: makeSignDoc(
            bodyBytes,
            makeAuthInfoBytes(
              [{ pubkey, sequence: next.sequence }],
              [{ denom: 'uatom', amount: '5000' }],
              200_000,
              undefined,
              undefined,
            ),
            HUB,
            accountNumber,
          ),
        },
      }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
    client.disconnect()
  })
})
