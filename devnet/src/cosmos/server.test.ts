import { Secp256k1HdWallet } from '@cosmjs/amino'
import { stringToPath } from '@cosmjs/crypto'
import { toBase64 } from '@cosmjs/encoding'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import { GasPrice, SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SDK_CODES } from './errors.js'
import {
  COSMOS_DEV_GENESIS_AMOUNT,
  COSMOS_DEV_MNEMONIC,
  COSMOS_LOCAL_HUB,
  COSMOS_LOCAL_OSMO,
} from './fixtures.js'
import { type CosmosDevnet, startCosmosDevnet } from './server.js'

const HUB = COSMOS_LOCAL_HUB.chainId
const OSMO = COSMOS_LOCAL_OSMO.chainId
let sim: CosmosDevnet
let direct: DirectSecp256k1HdWallet
let amino: Secp256k1HdWallet
let hubRpc: string

const hdPaths = [0, 1, 2].map((i) => stringToPath(`m/44'/118'/0'/0/${i}`))
const fee = { amount: [{ denom: 'uatom', amount: '5000' }], gas: '200000' }

beforeAll(async () => {
  sim = await startCosmosDevnet()
  hubRpc = sim.chains[0]!.rpcUrl
  direct = await DirectSecp256k1HdWallet.fromMnemonic(COSMOS_DEV_MNEMONIC, { prefix: 'cosmos', hdPaths })
  amino = await Secp256k1HdWallet.fromMnemonic(COSMOS_DEV_MNEMONIC, { prefix: 'cosmos', hdPaths })
})
afterAll(() => sim?.stop())

const addr = (i: number, chainId = HUB) => sim.fixtures.accounts[i]!.addresses[chainId]!

describe('Cosmos chain simulator (CometBFT RPC in front of auth + bank)', () => {
  it('StargateClient reads chain id, height, account and balances of the funded dev accounts', async () => {
    const client = await StargateClient.connect(hubRpc)
    expect(await client.getChainId()).toBe(HUB)
    expect(await client.getHeight()).toBeGreaterThanOrEqual(1)
    const account = await client.getAccount(addr(2))
    expect(account).toMatchObject({ address: addr(2), sequence: 0 })
    expect(await client.getAllBalances(addr(2))).toEqual([
      { denom: 'uatom', amount: COSMOS_DEV_GENESIS_AMOUNT.toString() },
      { denom: 'uusdc', amount: COSMOS_DEV_GENESIS_AMOUNT.toString() },
    ])
    expect(await client.getAccount('cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a')).toBeNull()
    const block = await client.getBlock()
    expect(block.header.chainId).toBe(HUB)
    client.disconnect()
  })

  it('the two chains have different chain ids and bech32 prefixes for the same key', async () => {
    expect(addr(0, HUB)).toMatch(/^cosmos1/)
    expect(addr(0, OSMO)).toMatch(/^osmo1/)
    const client = await StargateClient.connect(sim.chains[1]!.rpcUrl)
    expect(await client.getChainId()).toBe(OSMO)
    expect((await client.getBalance(addr(0, OSMO), 'uosmo')).amount).toBe(
      COSMOS_DEV_GENESIS_AMOUNT.toString(),
    )
    client.disconnect()
  })

  it('SIGN_MODE_DIRECT MsgSend: simulate gives gas, the transfer moves amount + fee, events and tx_search work', async () => {
    const client = await SigningStargateClient.connectWithSigner(hubRpc, direct, {
      gasPrice: GasPrice.fromString('0.025uatom'),
      broadcastPollIntervalMs: 50,
    })
    const [from, to] = [addr(0), addr(1)]
    const gas = await client.simulate(
      from,
      [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: { fromAddress: from, toAddress: to, amount: [{ denom: 'uatom', amount: '1' }] },
        },
      ],
      '',
    )
    expect(gas).toBeGreaterThan(40_000)
    expect(gas).toBeLessThan(200_000)
    const before = BigInt((await client.getBalance(to, 'uatom')).amount)
    const senderBefore = BigInt((await client.getBalance(from, 'uatom')).amount)
    const result = await client.sendTokens(from, to, [{ denom: 'uatom', amount: '1234' }], 'auto', 'hello')
    expect(result.code).toBe(0)
    expect(BigInt((await client.getBalance(to, 'uatom')).amount) - before).toBe(1234n)
    const tx = await client.getTx(result.transactionHash)
    const paidFee = senderBefore - BigInt((await client.getBalance(from, 'uatom')).amount) - 1234n
    expect(paidFee).toBeGreaterThan(0n)
    expect(
      tx?.events.find((e) => e.type === 'transfer' && e.attributes.some((a) => a.value === to)),
    ).toBeDefined()
    expect(
      tx?.events.find((e) => e.type === 'tx' && e.attributes[0]?.key === 'fee')?.attributes[0]?.value,
    ).toBe(`${paidFee}uatom`)
    const bySender = await client.searchTx(`message.sender='${from}'`)
    expect(bySender.map((t) => t.hash)).toContain(result.transactionHash)
    client.disconnect()
  })

  it('LEGACY_AMINO_JSON MsgSend (a Ledger-style signer) is verified and applied', async () => {
    const client = await SigningStargateClient.connectWithSigner(hubRpc, amino, {
      broadcastPollIntervalMs: 50,
    })
    const [from, to] = [addr(1), addr(2)]
    const before = BigInt((await client.getBalance(to, 'uusdc')).amount)
    const result = await client.sendTokens(from, to, [{ denom: 'uusdc', amount: '77' }], fee, 'amino')
    expect(result.code).toBe(0)
    expect(BigInt((await client.getBalance(to, 'uusdc')).amount) - before).toBe(77n)
    client.disconnect()
  })

  it('a forged signature is refused with code 4 (unauthorized) and nothing changes', async () => {
    const client = await SigningStargateClient.connectWithSigner(hubRpc, direct)
    const [from, to] = [addr(0), addr(1)]
    const signed = await client.sign(
      from,
      [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: { fromAddress: from, toAddress: to, amount: [{ denom: 'uatom', amount: '5' }] },
        },
      ],
      fee,
      '',
    )
    const forged = Uint8Array.from(signed.signatures[0]!)
    forged[10]! ^= 0xff
    const bytes = TxRaw.encode({ ...signed, signatures: [forged] }).finish()
    const sequence = (await client.getAccount(from))!.sequence
    await expect(client.broadcastTxSync(bytes)).rejects.toMatchObject({
      code: SDK_CODES.unauthorized,
      codespace: 'sdk',
    })
    await expect(client.broadcastTxSync(bytes)).rejects.toThrow(/signature verification failed/)
    expect((await client.getAccount(from))!.sequence).toBe(sequence)
    client.disconnect()
  })

  it('a signature for another chain id is refused (code 4): the chain id is part of what is signed', async () => {
    const client = await SigningStargateClient.connectWithSigner(hubRpc, direct)
    const from = addr(0)
    const { accountNumber, sequence } = (await client.getAccount(from))!
    const signed = await client.sign(
      from,
      [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: { fromAddress: from, toAddress: addr(1), amount: [{ denom: 'uatom', amount: '5' }] },
        },
      ],
      fee,
      '',
      { accountNumber, sequence, chainId: OSMO },
    )
    await expect(client.broadcastTxSync(TxRaw.encode(signed).finish())).rejects.toMatchObject({
      code: SDK_CODES.unauthorized,
    })
    client.disconnect()
  })

  it('a replayed sequence is refused with code 32, and the exact same bytes again are refused by the cache', async () => {
    const client = await SigningStargateClient.connectWithSigner(hubRpc, direct, {
      broadcastPollIntervalMs: 50,
    })
    const from = addr(0)
    const { accountNumber, sequence } = (await client.getAccount(from))!
    const msg = [
      {
        typeUrl: '/cosmos.bank.v1beta1.MsgSend',
        value: { fromAddress: from, toAddress: addr(1), amount: [{ denom: 'uatom', amount: '9' }] },
      },
    ]
    const first = TxRaw.encode(
      await client.sign(from, msg, fee, 'first', { accountNumber, sequence, chainId: HUB }),
    ).finish()
    expect((await client.broadcastTx(first, 10_000, 50)).code).toBe(0)
    const replay = TxRaw.encode(
      await client.sign(from, msg, fee, 'again', { accountNumber, sequence, chainId: HUB }),
    ).finish()
    await expect(client.broadcastTxSync(replay)).rejects.toMatchObject({ code: SDK_CODES.wrongSequence })
    await expect(client.broadcastTxSync(replay)).rejects.toThrow(
      `account sequence mismatch, expected ${sequence + 1}, got ${sequence}`,
    )
    await expect(client.broadcastTxSync(first)).rejects.toThrow(/tx already exists in cache/)
    client.disconnect()
  })

  it('an overspend fails simulation with code 5; sent anyway, it fails in the block, keeps the fee, moves nothing', async () => {
    const client = await SigningStargateClient.connectWithSigner(hubRpc, direct, {
      gasPrice: GasPrice.fromString('0.025uatom'),
      broadcastPollIntervalMs: 50,
    })
    const [from, to] = [addr(2), addr(1)]
    const balance = BigInt((await client.getBalance(from, 'uatom')).amount)
    const tooMuch = [{ denom: 'uatom', amount: (balance + 1n).toString() }]
    await expect(client.sendTokens(from, to, tooMuch, 'auto')).rejects.toThrow(/insufficient funds/)
    const toBefore = (await client.getBalance(to, 'uatom')).amount
    const result = await client.sendTokens(from, to, tooMuch, fee)
    expect(result.code).toBe(SDK_CODES.insufficientFunds)
    expect(result.rawLog).toContain('is smaller than')
    expect((await client.getBalance(to, 'uatom')).amount).toBe(toBefore)
    expect(BigInt((await client.getBalance(from, 'uatom')).amount)).toBe(balance - 5000n)
    client.disconnect()
  })

  it('a fee under the minimum gas price is refused with code 13, a wrong-prefix receiver with code 7', async () => {
    const client = await SigningStargateClient.connectWithSigner(hubRpc, direct)
    const from = addr(0)
    await expect(
      client.sendTokens(from, addr(1), [{ denom: 'uatom', amount: '1' }], {
        amount: [{ denom: 'uatom', amount: '10' }],
        gas: '200000',
      }),
    ).rejects.toMatchObject({ code: SDK_CODES.insufficientFee })
    await expect(
      client.sendTokens(from, addr(1, OSMO), [{ denom: 'uatom', amount: '1' }], fee),
    ).rejects.toMatchObject({ code: SDK_CODES.invalidAddress })
    client.disconnect()
  })

  it('REST: account, balances, broadcast and tx by hash answer in the gRPC-gateway shape', async () => {
    const rest = sim.chains[0]!.restUrl
    const account = await (await fetch(`${rest}/cosmos/auth/v1beta1/accounts/${addr(0)}`)).json()
    expect(account.account['@type']).toBe('/cosmos.auth.v1beta1.BaseAccount')
    const balances = await (await fetch(`${rest}/cosmos/bank/v1beta1/balances/${addr(0)}`)).json()
    expect(balances.balances.map((b: { denom: string }) => b.denom)).toEqual(['uatom', 'uusdc'])
    expect(
      (await fetch(`${rest}/cosmos/auth/v1beta1/accounts/cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a`))
        .status,
    ).toBe(404)
    const client = await SigningStargateClient.connectWithSigner(hubRpc, direct)
    const signed = await client.sign(
      addr(0),
      [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: { fromAddress: addr(0), toAddress: addr(1), amount: [{ denom: 'uatom', amount: '3' }] },
        },
      ],
      fee,
      '',
    )
    const sent = await (
      await fetch(`${rest}/cosmos/tx/v1beta1/txs`, {
        method: 'POST',
        body: JSON.stringify({
          tx_bytes: toBase64(TxRaw.encode(signed).finish()),
          mode: 'BROADCAST_MODE_SYNC',
        }),
      })
    ).json()
    expect(sent.tx_response.code).toBe(0)
    const found = await (await fetch(`${rest}/cosmos/tx/v1beta1/txs/${sent.tx_response.txhash}`)).json()
    expect(Number(found.tx_response.height)).toBeGreaterThan(1)
    client.disconnect()
  })

  it('CometBFT URI form: GET /status and GET /abci_info answer like the JSON-RPC POST', async () => {
    const status = await (await fetch(`${hubRpc}/status`)).json()
    expect(status.result.node_info.network).toBe(HUB)
    const info = await (await fetch(`${hubRpc}/abci_info`)).json()
    expect(Number(info.result.response.last_block_height)).toBeGreaterThanOrEqual(1)
    const missing = await (await fetch(`${hubRpc}/nope`)).json()
    expect(missing.error.code).toBe(-32601)
  })
})
